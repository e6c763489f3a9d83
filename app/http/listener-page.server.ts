import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { decodeHTML } from "entities";
import type { Bytes, Listener, Part } from "../../server/app-contract";
import type { RootData } from "~/services/types";
import { FAVORITE_HOLE, HOLE_VARIANT, LISTENER_MARKER } from "~/utils/listener-template";
import {
  CONTINUE_HOLE,
  continueHtml,
  DATA_HOLE,
  POSITION_HOLE,
  positionHtml,
  type CardPosition,
  type DataHole,
} from "~/utils/position-marks";
import { continueItems } from "~/services/continue-listening.server";

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

/**
 * In a listener template's handoff, replaces each page-data hole (`{"hrs-data":n}`) with a marker
 * that names what fills it. False when one is not found exactly once.
 */
export function markDataHoles(entry: EntryContext, holes: DataHole[]): boolean {
  let handoff = entry.serverHandoffString;
  if (!handoff) return holes.length === 0;
  for (const [n, hole] of holes.entries()) {
    const value = scriptJson({ [DATA_HOLE]: n });
    const at = handoff.indexOf(value);
    if (at === -1 || handoff.indexOf(value, at + 1) !== -1) return false;
    const marker = `<${DATA_HOLE}>${Buffer.from(JSON.stringify(hole)).toString("base64url")}</${DATA_HOLE}>`;
    handoff = handoff.slice(0, at) + marker + handoff.slice(at + value.length);
  }
  entry.serverHandoffString = handoff;
  return true;
}

/** Whether a request's load context has a live session (its listener's data is not read); rejects when it cannot be read. */
export const signedIn = async (context: AppLoadContext) => (await context.user()) !== null;

/**
 * The listener of a request's load context, ready to fill templates; null when signed out. Their
 * positions are read only when the page has holes for them.
 */
export async function listenerOf(context: AppLoadContext, parts: Part[]): Promise<Listener | null> {
  const holes = parts.filter((p) => typeof p !== "string" && ("position" in p || "continue" in p || "data" in p));
  const data = await context.listener();
  if (!data) return null;
  const stored = holes.length > 0 && data.user ? await context.services.positions.list(data.user.id) : [];
  const positions = new Map<string, CardPosition>(stored.map((p) => [p.audioSrc, p]));
  const continuing = holes.some((p) => "continue" in p || ("data" in p && "continue" in p.data))
    ? await continueItems(context.services, stored)
    : [];
  return {
    json: Buffer.from(members(data)).toString("latin1"),
    favorites: new Set(data.favorites),
    position: (target) => utf8AsLatin1(positionHtml(target, positions.get(target.src))),
    continueHtml: utf8AsLatin1(continueHtml(continuing)),
    data: (hole) => {
      if ("continue" in hole) return utf8AsLatin1(scriptJson(continuing));
      // As the page's loader makes it for this listener: newest first, the page's episodes only.
      const shown = new Set(hole.positions);
      const mine = stored
        .filter((p) => shown.has(p.audioSrc))
        .map((p) => [p.audioSrc, { position: p.position, duration: p.duration, played: p.played }]);
      return utf8AsLatin1(scriptJson(Object.fromEntries(mine)));
    },
  };
}

const utf8AsLatin1 = (html: string) => Buffer.from(html).toString("latin1");
const attr = (value: string) => decodeHTML(Buffer.from(value, "latin1").toString("utf8"));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const TEMPLATE_HOLES = [
  escapeRegExp(LISTENER_MARKER),
  `<${FAVORITE_HOLE} data-src="([^"]*)"><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}></${FAVORITE_HOLE}>`,
  `<${POSITION_HOLE} data-src="([^"]*)" data-title="([^"]*)" data-back="([^"]*)"></${POSITION_HOLE}>`,
  `<${CONTINUE_HOLE}></${CONTINUE_HOLE}>`,
  `<${DATA_HOLE}>([A-Za-z0-9_-]*)</${DATA_HOLE}>`,
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
    else if (m[0].startsWith(`<${CONTINUE_HOLE}`)) parts.push({ continue: true });
    else if (m[0].startsWith(`<${DATA_HOLE}`))
      parts.push({ data: JSON.parse(Buffer.from(m[7]!, "base64url").toString("utf8")) as DataHole });
    else if (m[0].startsWith(`<${POSITION_HOLE}`))
      parts.push({ position: { src: attr(m[4]), title: attr(m[5]), back: attr(m[6]) } });
    else parts.push({ favorite: attr(m[1]), off: m[2], on: m[3] });
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
  if ("listener" in p) return listener.json;
  if ("position" in p) return listener.position(p.position);
  if ("continue" in p) return listener.continueHtml;
  if ("data" in p) return listener.data(p.data);
  return listener.favorites.has(p.favorite) ? p.on : p.off;
}
