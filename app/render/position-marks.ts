import type { CardPosition, ContinueItem } from "~/services/types";
import { CONTINUE_LISTENING_TITLE, isPlayed, minutesLeft, PLAYED_TEXT } from "~/rules/library";

/**
 * A signed-in listener's marks on an episode (issue 35 §1): where they are, or "Played", and the
 * form that marks it played or unplayed. Written as HTML strings, not React: the server fills a
 * listener template's holes with them per request (ADR 019, ADR 033) and a page rendered for one
 * listener shows the very same markup, so one function makes both and they never drift.
 */

/** The episode a mark is for, and where its form comes back to. */
export interface MarkTarget {
  src: string;
  title: string;
  back: string;
}

export const POSITION_HOLE = "hrs-position";
/** What a listener template's page-data hole stands for (ADR 033). */
export type DataHole = { positions: string[] } | { continue: true } | { favorites: string[] };
/**
 * A page's positions and Continue listening are JSON text (an object, an array); in a listener
 * template the text is the server's marker for a hole, a JSON string.
 */
export const isHole = (text: string) => text.startsWith('"');
export const CONTINUE_HOLE = "hrs-continue";

/** Escapes text for HTML, `<` included: no title or source can open a tag (or fake a hole). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** In a listener template, the hole a card's marks are filled into. */
export const positionHole = (t: MarkTarget) =>
  `<${POSITION_HOLE} data-src="${escapeHtml(t.src)}" data-title="${escapeHtml(t.title)}" data-back="${escapeHtml(t.back)}"></${POSITION_HOLE}>`;
export const continueHole = () => `<${CONTINUE_HOLE}></${CONTINUE_HOLE}>`;

/** Started and not played: the position shows as a bar and the minutes left. */
const started = (p: CardPosition | undefined): p is CardPosition =>
  p !== undefined && !p.played && p.position > 0 && p.duration > 0;

function progressHtml(title: string, p: CardPosition): string {
  const value = Math.min(Math.round(p.position), Math.round(p.duration));
  return (
    `<progress class="pos__bar" max="${Math.round(p.duration)}" value="${value}" aria-label="Listened to ${escapeHtml(title)}"></progress>` +
    `<span class="pos__left">${minutesLeft(p.position, p.duration)}</span>`
  );
}

export function positionHtml(t: MarkTarget, p: CardPosition | undefined): string {
  const played = p !== undefined && (p.played || isPlayed(p.position, p.duration));
  const title = escapeHtml(t.title);
  const status = played
    ? `<span class="pos__played">${PLAYED_TEXT}</span>`
    : started(p)
      ? progressHtml(t.title, p)
      : "";
  return (
    `<div class="pos">${status}` +
    `<form method="post" action="/played" class="pos__form">` +
    `<input type="hidden" name="intent" value="${played ? "unplayed" : "played"}">` +
    `<input type="hidden" name="audioSrc" value="${escapeHtml(t.src)}">` +
    `<input type="hidden" name="title" value="${title}">` +
    `<input type="hidden" name="redirectTo" value="${escapeHtml(t.back)}">` +
    `<button type="submit" class="pos__toggle" aria-label="Mark ${title} as ${played ? "unplayed" : "played"}">` +
    `${played ? "Mark unplayed" : "Mark played"}</button></form></div>`
  );
}

/**
 * A card's marks that are the same for every listener in that state: not started, and played. A
 * listener template keeps them as its hole's forms (ADR 054).
 */
export const plainMarks = (t: MarkTarget) => [
  positionHtml(t, undefined),
  positionHtml(t, { position: 0, duration: 0, played: true }),
];

/**
 * More UTF-8 bytes than any marks a card can show for a duration below 9,999,999 s: the bar with
 * the most minutes left, and room for the position's digits.
 */
export const marksBound = (t: MarkTarget) =>
  new TextEncoder().encode(positionHtml(t, { position: 1, duration: 9_999_998, played: false })).length + 6;

/** Which of `plainMarks` a listener's position shows (0: not started, 1: played); null: a bar of its own. */
export function plainMark(p: CardPosition | undefined): 0 | 1 | null {
  if (p !== undefined && (p.played || isPlayed(p.position, p.duration))) return 1;
  return started(p) ? null : 0;
}

/** "Continue listening": nothing when no episode is under way. */
export function continueHtml(items: ContinueItem[]): string {
  if (items.length === 0) return "";
  const rows = items.map((i) => {
    const title = escapeHtml(i.title);
    const p = { position: i.position, duration: i.duration, played: false };
    return (
      `<li class="continue__item"><img src="${escapeHtml(i.image)}" alt="" width="64" height="64" loading="lazy">` +
      `<div class="continue__body"><a class="continue__title" href="${escapeHtml(i.href)}">${title}</a>` +
      `<div class="pos">${started(p) ? progressHtml(i.title, p) : ""}</div></div>` +
      `<button type="button" class="continue__play js-only" aria-label="Resume ${title}" data-src="${escapeHtml(i.src)}"` +
      ` data-title="${title}" data-image="${escapeHtml(i.image)}" data-coldcut="${i.coldcut ? "1" : ""}"` +
      ` data-duration="${i.duration}" data-t="${Math.floor(i.position)}">Resume</button></li>`
    );
  });
  return (
    `<section class="section continue" aria-labelledby="continue-title">` +
    `<h2 id="continue-title">${CONTINUE_LISTENING_TITLE}</h2><ul class="continue__list">${rows.join("")}</ul></section>`
  );
}
