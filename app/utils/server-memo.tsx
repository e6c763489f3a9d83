import type { HTMLAttributes, ReactNode } from "react";

/**
 * Server-side memo of rendered markup (ADR 007): the site's chrome — header, player, footer —
 * is most of what every render-cache miss renders besides the page itself, and for an
 * anonymous or signed-in render alike it depends on a handful of inputs (the path for the
 * header's active link, the player's initial state). `<ServerMemo>` renders its children into
 * its own element; on the server, the element's inner HTML is kept per `id` + `deps` and later
 * renders with the same inputs splice that HTML in instead of rendering the subtree again. The
 * browser always renders the children: the markup is the same, so hydration adopts it.
 *
 * Rules for a memoized subtree:
 * - `deps` must name everything its server markup depends on (it is part of the key);
 * - no inline scripts or styles, no nonce, no `useId` (position-dependent): a harvest that finds
 *   `<script`, `<style` or `nonce=` in the markup stores nothing;
 * - every VERIFY_EVERY-th use of an entry renders the subtree anyway and compares: a difference
 *   (a missing dep) is logged and the entry replaced, so a mistake heals and shows in the log.
 *
 * renderToString is synchronous, so the memo of one render is collected in module state set
 * around that call (`renderWithServerMemo`); outside it (tests, the browser) nothing is kept.
 */

type MemoTag = "div" | "header" | "footer" | "section";

interface Fill {
  id: string;
  key: string;
  tag: MemoTag;
  verifying: string | undefined;
}

const ON_SERVER = typeof document === "undefined";
const MAX_ENTRIES = 500;
export const VERIFY_EVERY = 64;

const store = new Map<string, { html: string; uses: number }>();
let collecting: Fill[] | null = null;

export interface ServerMemoProps extends HTMLAttributes<HTMLElement> {
  /** Names the region; unique in a document (`data-memo` attribute). */
  id: string;
  /** Everything the region's server markup depends on, as one string (a function: only computed on the server). */
  deps: string | (() => string);
  as?: MemoTag;
  children: ReactNode;
}

export function ServerMemo({ id, deps, as: Tag = "div", children, ...attributes }: ServerMemoProps) {
  if (ON_SERVER && collecting) {
    const key = `${id}\u0000${typeof deps === "function" ? deps() : deps}`;
    const entry = store.get(key);
    if (entry) {
      entry.uses += 1;
      if (entry.uses % VERIFY_EVERY !== 0) {
        return <Tag data-memo={id} {...attributes} dangerouslySetInnerHTML={{ __html: entry.html }} />;
      }
    }
    collecting.push({ id, key, tag: Tag, verifying: entry?.html });
  }
  return (
    <Tag data-memo={id} {...attributes}>
      {children}
    </Tag>
  );
}

/** Runs one synchronous server render with the memo on, and keeps what it rendered afresh. */
export function renderWithServerMemo(render: () => string, log: (message: string) => void = console.error): string {
  if (collecting) return render();
  collecting = [];
  let fills: Fill[];
  let html: string;
  try {
    html = render();
  } finally {
    fills = collecting;
    collecting = null;
  }
  for (const fill of fills) {
    const inner = innerHtmlOf(html, fill.id, fill.tag);
    if (inner === null || /<script|<style|\snonce=/i.test(inner)) continue;
    if (fill.verifying !== undefined && fill.verifying !== inner) {
      log(`[server-memo] "${fill.id}" rendered differently for the same deps (a dependency is missing from its key); entry replaced`);
    }
    if (!store.has(fill.key) && store.size >= MAX_ENTRIES) store.clear();
    store.set(fill.key, { html: inner, uses: store.get(fill.key)?.uses ?? 0 });
  }
  return html;
}

/** Forgets every memoized region (tests; a deploy starts with an empty memo anyway). */
export function clearServerMemo(): void {
  store.clear();
}

/**
 * The inner HTML of the first `<tag data-memo="id" …>` in React's markup: up to the matching
 * close tag, counting nested elements of the same name. React escapes `<` in text and attribute
 * values, and the region holds no raw script or style text, so tag-like text cannot occur.
 */
export function innerHtmlOf(html: string, id: string, tag: MemoTag): string | null {
  const marker = `<${tag} data-memo="${id}"`;
  const start = html.indexOf(marker);
  if (start < 0) return null;
  const open = html.indexOf(">", start);
  if (open < 0) return null;
  const opening = new RegExp(`<${tag}[\\s>]|</${tag}>`, "g");
  opening.lastIndex = open + 1;
  let depth = 1;
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    depth += m[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return html.slice(open + 1, m.index);
  }
  return null;
}
