import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { decodeHTML } from "entities";
import type { Bytes, Listener, Part } from "../../server/render/app-contract";
import type { CardPosition, ContinueItem, ListenerData, RootListener } from "~/services/types";
import type { EpisodePosition } from "~/services/positions.server";
import { FAVORITE_HOLE, HOLE_VARIANT } from "~/render/listener-template";
import {
  CONTINUE_HOLE,
  continueHtml,
  marksBound,
  plainMark,
  plainMarks,
  POSITION_HOLE,
  positionHtml,
  type DataHole,
} from "~/render/position-marks";
import { continueItems, positionsShown } from "~/services/continue-listening.server";

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

/**
 * The root data's listener text: who, and what the player restores; never their favorites, which
 * each page carries for the episodes it shows (ADR 050).
 */
export function rootListenerText(listener: ListenerData | null): string {
  return JSON.stringify(listener && ({ user: listener.user, restore: listener.restore } satisfies RootListener));
}

/** Of a page's episodes (`srcs`, in its order), those among the listener's favorites. */
export function favoritesShown(favorites: Iterable<string>, srcs: string[]): string[] {
  const saved = new Set(favorites);
  return srcs.filter((src) => saved.has(src));
}

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
const TEMPLATE = carried(rootListenerText(TEMPLATE_LISTENER));

/**
 * A page's own listener data (its cards' positions, its Continue listening: ADR 033) is one string
 * value of the page data too, JSON text. In a listener template it is this text instead: the
 * process's secret, which no content can spell, and what fills it. It starts with a quote, which
 * `.data` and a page's script escape differently, so each hole says which form it is filled in.
 */
const DATA_SECRET = crypto.randomBytes(16).toString("hex");
export const dataHoleText = (hole: DataHole) =>
  `"${DATA_SECRET}:${Buffer.from(JSON.stringify(hole)).toString("base64url")}"`;
const DATA_OPEN = carried(`"${DATA_SECRET}:`);
const DATA_CLOSE = carried(`"`);

/** Whether a request's load context has a live session (its listener's data is not read); rejects when it cannot be read. */
export const signedIn = async (context: AppLoadContext) => (await context.user()) !== null;

/** What a template's parts ask of a listener: their positions (cards' marks, page data), Continue listening. */
function needsOf(parts: Part[]) {
  const holes = (p: Part) => typeof p !== "string";
  return {
    positions: parts.some(
      (p) => holes(p) && ("position" in p || "continue" in p || ("data" in p && !("favorites" in p.data))),
    ),
    continuing: parts.some((p) => holes(p) && ("continue" in p || ("data" in p && "continue" in p.data))),
  };
}
const needsOfParts = new WeakMap<Part[], ReturnType<typeof needsOf>>();
const NO_POSITIONS: readonly EpisodePosition[] = Object.freeze([]);

/**
 * How long a listener made from the same data is reused: their Continue listening names episodes
 * as the catalog's read cache had them, which refreshes on its own.
 */
const MADE_FOR_MS = 10_000;
interface Made {
  listener: Listener;
  continuing: boolean;
  at: number;
}
/** Per listener data and positions (the same objects while nothing changed, ADR 056): what was made of them. */
const made = new WeakMap<ListenerData, WeakMap<readonly EpisodePosition[], Made>>();

/**
 * The listener of a request's load context, ready to fill templates; null when signed out. Their
 * positions are read only when the page has holes for them. Made once for as long as their data
 * and positions are the very same objects, each hole's fill once per template.
 */
export async function listenerOf(context: AppLoadContext, parts: Part[]): Promise<Listener | null> {
  const needs = needsOfParts.get(parts) ?? needsOfParts.set(parts, needsOf(parts)).get(parts)!;
  const data = await context.listener();
  if (!data) return null;
  const stored = needs.positions && data.user ? await context.services.positions.list(data.user.id) : NO_POSITIONS;
  const byPositions = made.get(data) ?? made.set(data, new WeakMap()).get(data)!;
  const known = byPositions.get(stored);
  const now = Date.now();
  if (known && (known.continuing || !needs.continuing) && now - known.at < MADE_FOR_MS) return known.listener;
  const continuing = needs.continuing ? await continueItems(context.services, stored) : [];
  const listener = makeListener(data, stored, continuing);
  byPositions.set(stored, { listener, continuing: needs.continuing, at: now });
  return listener;
}

function makeListener(data: ListenerData, stored: readonly EpisodePosition[], continuing: ContinueItem[]): Listener {
  const positions = new Map<string, CardPosition>(stored.map((p) => [p.audioSrc, p]));
  const marks = new WeakMap<object, Bytes>();
  const values = new WeakMap<object, ReturnType<typeof carried>>();
  return {
    ...carried(rootListenerText(data)),
    favorites: new Set(data.favorites),
    position: (hole) => {
      let mark = marks.get(hole);
      if (mark === undefined) {
        const p = positions.get(hole.position.src);
        const plain = plainMark(p);
        mark = plain === null ? padTo(utf8AsLatin1(positionHtml(hole.position, p)), hole.slot) : hole.forms[plain]!;
        marks.set(hole, mark);
      }
      return mark;
    },
    continueHtml: utf8AsLatin1(continueHtml(continuing)),
    // As the page's loader writes it for this listener (route-support/positions.server.ts).
    pageData: (hole, form) => {
      let value = values.get(hole);
      if (value === undefined) {
        value = carried(
          JSON.stringify(
            "continue" in hole
              ? continuing
              : "favorites" in hole
                ? favoritesShown(data.favorites, hole.favorites)
                : positionsShown(stored, hole.positions),
          ),
        );
        values.set(hole, value);
      }
      return value[form];
    },
  };
}

const utf8AsLatin1 = (html: string) => Buffer.from(html).toString("latin1");

/**
 * The markup with spaces inside its first tag, `length` bytes in all: every form of a hole one
 * length (ADR 054). As it is where it is longer already, or has no tag.
 */
export function padTo(html: Bytes, length: number): Bytes {
  const end = html.indexOf(">");
  if (end <= 0 || html.length >= length) return html;
  const at = html[end - 1] === "/" ? end - 1 : end;
  return html.slice(0, at) + " ".repeat(length - html.length) + html.slice(at);
}
const attr = (value: string) => decodeHTML(Buffer.from(value, "latin1").toString("utf8"));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const TEMPLATE_HOLES = [
  escapeRegExp(TEMPLATE.html),
  escapeRegExp(TEMPLATE.data),
  `<${FAVORITE_HOLE} data-src="([^"]*)"><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}><${HOLE_VARIANT}>([\\s\\S]*?)</${HOLE_VARIANT}></${FAVORITE_HOLE}>`,
  `<${POSITION_HOLE} data-src="([^"]*)" data-title="([^"]*)" data-back="([^"]*)"></${POSITION_HOLE}>`,
  `<${CONTINUE_HOLE}></${CONTINUE_HOLE}>`,
  `${escapeRegExp(DATA_OPEN.html)}([A-Za-z0-9_-]+)${escapeRegExp(DATA_CLOSE.html)}`,
  `${escapeRegExp(DATA_OPEN.data)}([A-Za-z0-9_-]+)${escapeRegExp(DATA_CLOSE.data)}`,
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
    else if (m[0].startsWith(`<${CONTINUE_HOLE}`)) parts.push({ continue: true, forms: [""] });
    else if (m[7] ?? m[8]) {
      const data = JSON.parse(Buffer.from(m[7] ?? m[8]!, "base64url").toString("utf8")) as DataHole;
      const form = m[7] ? "html" : "data";
      // Nothing of theirs on the page: an empty list, or no positions.
      parts.push({ data, form, forms: [carried("positions" in data ? "{}" : "[]")[form]] });
    } else if (m[0].startsWith(`<${POSITION_HOLE}`)) {
      const position = { src: attr(m[4]!), title: attr(m[5]!), back: attr(m[6]!) };
      const forms = plainMarks(position).map(utf8AsLatin1);
      const slot = Math.max(...forms.map((f) => f.length), marksBound(position));
      parts.push({ position, forms: forms.map((f) => padTo(f, slot)), slot });
    } else {
      const length = Math.max(m[2]!.length, m[3]!.length);
      parts.push({ favorite: attr(m[1]!), off: padTo(m[2]!, length), on: padTo(m[3]!, length) });
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
  if ("listener" in p) return listener[p.listener];
  if ("position" in p) return listener.position(p);
  if ("continue" in p) return listener.continueHtml;
  if ("data" in p) return listener.pageData(p.data, p.form);
  return listener.favorites.has(p.favorite) ? p.on : p.off;
}
