import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { decodeHTML } from "entities";
import type { Bytes, Listener, Part } from "../../server/app-contract";
import type { ListenerData } from "~/services/types";
import { FAVORITE_HOLE, HOLE_VARIANT } from "~/utils/listener-template";

export type { ListenerData };

/**
 * Who a listener template is rendered for (ADR 019): signed in, no favorites, nothing to resume.
 * The id is this process's secret, so the root data's listener text is found in a template's
 * bytes and nowhere else (no content can spell it). Every field is replaced per request, so none
 * of it ever reaches a listener.
 */
export const TEMPLATE_LISTENER: ListenerData = {
  user: { id: `template-${crypto.randomBytes(16).toString("hex")}`, email: null },
  favorites: [],
  restore: null,
};

/**
 * Pages as the render cache keeps them (ADR 019): the body of one render cut at what differs per
 * response — the CSP nonce, and in a listener template the hearts and the root data's listener
 * text — and put back together per request, for an anonymous visitor or for one listener.
 */

/** A string's characters as a JSON string literal carries them (without the quotes). */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
/** What Remix escapes in the data it writes into an inline script. */
const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const inScript = (text: string) => text.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!);

/**
 * The root data's listener text as single fetch carries it (ADR 037): a string of the turbo-stream
 * (`.data`), and in a page that stream again as a string in an inline script (`html`). Either is
 * one value whose length does not matter to what comes after it, so it can be cut out and filled.
 */
function carried(json: string): { data: Bytes; html: Bytes } {
  const data = inJson(json);
  const latin1 = (s: string) => Buffer.from(s).toString("latin1");
  return { data: latin1(data), html: latin1(inScript(inJson(data))) };
}
const TEMPLATE = carried(JSON.stringify(TEMPLATE_LISTENER));

/** Whether a request's load context has a live session (its listener's data is not read); rejects when it cannot be read. */
export const signedIn = async (context: AppLoadContext) => (await context.user()) !== null;

/** The listener of a request's load context, ready to fill templates; null when signed out. */
export async function listenerOf(context: AppLoadContext): Promise<Listener | null> {
  const data = await context.listener();
  return data && { ...carried(JSON.stringify(data)), favorites: new Set(data.favorites) };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const TEMPLATE_HOLES = [
  escapeRegExp(TEMPLATE.html),
  escapeRegExp(TEMPLATE.data),
  `<${FAVORITE_HOLE} data-src="([^"]*)"><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}></${FAVORITE_HOLE}>`,
];

/**
 * Cuts a rendered body at `nonce`, and a listener template at its holes too (only there: React
 * and the handoff escape `<`, so no content can fake a heart's hole).
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
    else if (m[0] === TEMPLATE.html) parts.push({ listener: "html" });
    else if (m[0] === TEMPLATE.data) parts.push({ listener: "data" });
    else {
      const src = decodeHTML(Buffer.from(m[1]!, "latin1").toString("utf8"));
      parts.push({ favorite: src, off: m[2]!, on: m[3]! });
    }
    from = m.index + m[0].length;
  }
  parts.push(html.slice(from));
  return parts.filter((p) => p !== "");
}

/** The body of one response: the page's own parts, this nonce, this listener's holes. */
export function fillParts(parts: Part[], nonce: string, listener: Listener | null): Bytes {
  let body = "";
  for (const p of parts) body += typeof p === "string" ? p : "nonce" in p ? nonce : hole(p, listener);
  return body;
}

function hole(p: Exclude<Part, Bytes | { nonce: true }>, listener: Listener | null): Bytes {
  if (!listener) throw new Error("a listener template filled without a listener");
  if ("listener" in p) return listener[p.listener];
  return listener.favorites.has(p.favorite) ? p.on : p.off;
}
