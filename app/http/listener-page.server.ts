import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { decodeHTML } from "entities";
import type { Bytes, Listener, Part } from "../../server/app-contract";
import type { RootData } from "~/services/types";
import { FAVORITE_HOLE, HOLE_VARIANT, LISTENER_MARKER } from "~/utils/listener-template";

/** The root data's personal part. */
export type ListenerData = Pick<RootData, "user" | "favorites" | "restore">;

/**
 * Who a listener template is rendered for (ADR 019): signed in, no favorites, nothing to resume.
 * Every field is replaced per request, so none of it ever reaches a listener.
 */
export const TEMPLATE_LISTENER: ListenerData = {
  user: { id: "", email: null },
  favorites: [],
  restore: null,
};

/**
 * Pages as the render cache keeps them (ADR 019): the body of one render cut at what differs per
 * response — the CSP nonce, and in a listener template the hearts and the root data's personal
 * part — and put back together per request, for an anonymous visitor or for one listener.
 */

/** JSON made safe inside a script, as Remix escapes its handoff. */
const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]);
const members = (value: object) => scriptJson(value).slice(1, -1);

/**
 * In a listener template's handoff, replaces the root data's personal members (the template
 * listener's, always last) with LISTENER_MARKER. False when they are not where they should be.
 */
export function markListener(entry: EntryContext): boolean {
  const handoff = entry.serverHandoffString;
  const root = entry.staticHandlerContext.loaderData.root as object | undefined;
  if (!handoff || !root) return false;
  const personal = members(TEMPLATE_LISTENER);
  const whole = `"root":${scriptJson(root)}`;
  const at = handoff.indexOf(whole);
  if (at === -1 || !whole.endsWith(`,${personal}}`) || handoff.indexOf(whole, at + 1) !== -1) return false;
  const from = at + whole.length - personal.length - 1;
  entry.serverHandoffString = handoff.slice(0, from) + LISTENER_MARKER + handoff.slice(from + personal.length);
  return true;
}

/** Whether a request's load context has a live session (its listener's data is not read); rejects when it cannot be read. */
export const signedIn = async (context: AppLoadContext) => (await context.user()) !== null;

/** The listener of a request's load context, ready to fill templates; null when signed out. */
export async function listenerOf(context: AppLoadContext): Promise<Listener | null> {
  const data = await context.listener();
  return data && { json: Buffer.from(members(data)).toString("latin1"), favorites: new Set(data.favorites) };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const TEMPLATE_HOLES = [
  escapeRegExp(LISTENER_MARKER),
  `<${FAVORITE_HOLE} data-src="([^"]*)"><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}></${FAVORITE_HOLE}>`,
];

/**
 * Cuts a rendered body at `nonce`, and a listener template's HTML at its holes too (only there:
 * React and the handoff escape `<`, so no content can fake a hole).
 */
export function toParts(body: Buffer, nonce: string, template: boolean): Part[] {
  // Latin-1 maps bytes to characters one to one: the parts are the body's own bytes.
  const html = body.toString("latin1");
  if (!nonce && !template) return [html];
  const holes = new RegExp(
    [...(nonce ? [escapeRegExp(nonce)] : []), ...(template ? TEMPLATE_HOLES : [])].join("|"),
    "g",
  );
  const parts: Part[] = [];
  let from = 0;
  for (const m of html.matchAll(holes)) {
    parts.push(html.slice(from, m.index));
    if (m[0] === nonce) parts.push({ nonce: true });
    else if (m[0] === LISTENER_MARKER) parts.push({ listener: true });
    else {
      const src = decodeHTML(Buffer.from(m[1], "latin1").toString("utf8"));
      parts.push({ favorite: src, off: m[2], on: m[3] });
    }
    from = m.index + m[0].length;
  }
  parts.push(html.slice(from));
  return parts.filter((p) => p !== "");
}

/** The body of one response: the page's own parts, this nonce, this listener's holes. */
export function fillParts(parts: Part[], nonce: string, listener: Listener | null): Bytes {
  let body = "";
  for (const p of parts) body += typeof p === "string" ? p : fillHole(p, nonce, listener);
  return body;
}

/** What one response puts in one of a page's holes. */
export function fillHole(p: Exclude<Part, Bytes>, nonce: string, listener: Listener | null): Bytes {
  if ("nonce" in p) return nonce;
  if (!listener) throw new Error("a listener template filled without a listener");
  if ("listener" in p) return listener.json;
  return listener.favorites.has(p.favorite) ? p.on : p.off;
}
