import { cacheHeaders } from "~/route-support/cache-policy";
import { LOADING_TEXT } from "~/rules/constants";

/**
 * The one item a page is about could not be fetched and no last good copy exists: the route's
 * error boundary renders this as a 200 'Loading...' page that caches keep only briefly, so the
 * real page is back as soon as its source is.
 */
export function stillLoading(): never {
  throw new Response(LOADING_TEXT, { status: 200, statusText: "Loading", headers: cacheHeaders("error") });
}
