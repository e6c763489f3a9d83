/** Fired by the Log Out form: docs/product.md §4 "Explicit logout" resets the player to the live default. */
export const LOGOUT_EVENT = "hrs:logout";

/**
 * The tabs of this site tell each other about the session here (same origin only, by the
 * platform's rule): which account a tab now sees (`uid`, null when signed out), and the result a
 * sign-in popup hands back to the page that opened it.
 */
export const SESSION_CHANNEL = "hrs-session";
export type SessionMessage =
  { type: "session"; uid: string | null } | { type: "popup-result"; result: string; to: string };

let sessionStale = false;
/** The session changed outside a form POST (a popup, another tab): the root loader runs on the next revalidation. */
export function markSessionStale() {
  sessionStale = true;
}
/** Read by the root's shouldRevalidate, once. */
export function takeSessionStale(): boolean {
  const stale = sessionStale;
  sessionStale = false;
  return stale;
}
