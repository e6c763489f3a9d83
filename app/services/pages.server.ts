import { cacheHeaders } from "~/http/cache-policy";
import { LOADING_TEXT } from "~/rules/constants";

/**
 * SPEC §8 "Failed fetches elsewhere: Logged only. Lists stay empty or show 'Loading...'."
 * A failing part of a page is logged and replaced by its empty value; the page still renders.
 */
export async function orEmpty<T>(what: string, promise: Promise<T>, empty: T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    console.error(`[${what}] failed:`, error instanceof Error ? error.message : error);
    return empty;
  }
}

/**
 * The one item a page is about could not be fetched (its remote source is down, slow or sent
 * junk, and there is no last good copy): SPEC §8 "show 'Loading...'". Thrown from a loader, it
 * is rendered by the route's error boundary as a 200 page with 'Loading...' that caches keep
 * only briefly (the short error policy), so the real page is back as soon as the source is.
 */
export function stillLoading(): Response {
  return new Response(LOADING_TEXT, { status: 200, statusText: "Loading", headers: cacheHeaders("error") });
}

/** The value, or (logged) the thrown `stillLoading()` page when the fetch failed. */
export async function orStillLoading<T>(what: string, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    console.error(`[${what}] failed:`, error instanceof Error ? error.message : error);
    throw stillLoading();
  }
}
