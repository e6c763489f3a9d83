import { createElement, type HTMLAttributes, type ReactElement, type ReactNode } from "react";

/**
 * The server side of `<ServerMemo>` (./server-memo.tsx, ADR 009): the store of rendered markup,
 * what one render collects, and the harvest after it. Not in the browser bundle.
 *
 * renderToString is synchronous, so the memo of one render is collected in module state set
 * around that call (`renderWithServerMemo`); outside it (tests, other renders) nothing is kept.
 */

export type MemoTag = "div" | "header" | "footer";

export interface ServerMemoProps extends Omit<HTMLAttributes<HTMLElement>, "children"> {
  /** Names the region (`data-memo` attribute): once per document. */
  id: string;
  /** Everything the region's server markup depends on, as one string (a function: only computed on the server). */
  deps: string | (() => string);
  as?: MemoTag;
  /**
   * The region's content. A function builds it only when it is rendered: on the server, a memo
   * hit then creates no elements at all. It must only build elements (no hooks: it is called
   * while `ServerMemo` renders, and not at all on a hit).
   */
  children: ReactNode | (() => ReactNode);
}

interface Fill {
  id: string;
  key: string;
  tag: MemoTag;
  verifying: string | undefined;
}

/** Memory bound of the stored markup (UTF-16 code units × 2); least recently used goes first. */
const MAX_BYTES = 8 * 1024 * 1024;
export const VERIFY_EVERY = 64;

const store = new Map<string, { html: string; uses: number }>();
let storedBytes = 0;
let collecting: Fill[] | null = null;

function remember(key: string, html: string, uses: number) {
  const old = store.get(key);
  if (old) {
    storedBytes -= (key.length + old.html.length) * 2;
    store.delete(key);
  }
  store.set(key, { html, uses });
  storedBytes += (key.length + html.length) * 2;
  for (const [oldest, entry] of store) {
    if (storedBytes <= MAX_BYTES) break;
    store.delete(oldest);
    storedBytes -= (oldest.length + entry.html.length) * 2;
  }
}

/**
 * During a memo render: the stored markup of `key` to splice in, or null — and then the region
 * renders its children and its markup is kept after the render (also every VERIFY_EVERY-th use
 * of an entry, to compare). Outside a memo render: always null.
 */
export function memoTake(id: string, key: string, tag: MemoTag): string | null {
  if (!collecting) return null;
  const entry = store.get(key);
  if (entry) {
    entry.uses += 1;
    // Now and then, move it to the back: the Map's order is the eviction order.
    if ((entry.uses & 15) === 0) {
      store.delete(key);
      store.set(key, entry);
    }
    if (entry.uses % VERIFY_EVERY !== 0) return entry.html;
  }
  collecting.push({ id, key, tag, verifying: entry?.html });
  return null;
}

/**
 * `<ServerMemo>` on the server: its element with the stored markup spliced in, or with its
 * children (attributes copied key by key, not spread: cheaper on the server).
 */
export function serverMemoElement(props: ServerMemoProps): ReactElement {
  const { id, deps, as: tag = "div" } = props;
  const attributes: Record<string, unknown> = { "data-memo": id };
  for (const key in props)
    if (key !== "id" && key !== "deps" && key !== "as" && key !== "children")
      attributes[key] = props[key as keyof ServerMemoProps];
  const html = memoTake(id, `${id}\u0000${typeof deps === "function" ? deps() : deps}`, tag);
  if (html !== null) attributes.dangerouslySetInnerHTML = { __html: html };
  else attributes.children = typeof props.children === "function" ? props.children() : props.children;
  return createElement(tag, attributes);
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
      log(
        `[server-memo] "${fill.id}" rendered differently for the same deps (a dependency is missing from its key); entry replaced`,
      );
    }
    remember(fill.key, detached(inner), store.get(fill.key)?.uses ?? 0);
  }
  return html;
}

/**
 * A copy of `inner` that owns its characters. `inner` is a slice of the whole page's markup, and
 * V8 keeps a slice as a view into its parent: stored as is, every entry would keep its page alive
 * (tens of KB unaccounted for by MAX_BYTES) and carry the page's two-byte representation when the
 * page has a non-ASCII character anywhere, making each later page that splices it in slower to
 * flatten and encode. A UTF-8 round trip makes a flat string, one-byte when it is all ASCII.
 */
function detached(inner: string): string {
  return Buffer.from(inner, "utf8").toString("utf8");
}

/** Forgets every memoized region (tests; a deploy starts with an empty memo anyway). */
export function clearServerMemo(): void {
  store.clear();
  storedBytes = 0;
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
