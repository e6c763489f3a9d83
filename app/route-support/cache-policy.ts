/**
 * Caching policies, named once.
 * Public pages are cacheable by browsers and CDNs (Vary: Cookie keeps signed-in pages apart);
 * private pages never are.
 */
import { NOW_PLAYING_SHARED_CACHE_S } from "~/rules/now-playing";

export const CACHE_POLICY = {
  /** Anonymous public page. */
  publicPage: "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
  /** Feeds: readers poll them; a few minutes stale is fine. */
  feed: "public, max-age=300, s-maxage=900, stale-while-revalidate=86400",
  /** robots.txt, the sitemap, the web app manifest: crawlers and browsers read them now and then. */
  discovery: "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400",
  /** Search suggestions (JSON): the same for every listener; the catalog changes rarely. */
  suggestions: "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
  /**
   * Now-playing JSON: a second in any cache and never stale, so an off-air change reaches the page
   * in time (NOW_PLAYING_OFF_AIR_WITHIN_MS).
   */
  nowPlaying: `public, max-age=${NOW_PLAYING_SHARED_CACHE_S}, s-maxage=${NOW_PLAYING_SHARED_CACHE_S}`,
  /** oEmbed answers: the consuming site keeps them; an episode's title and art rarely change. */
  oembed: "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400",
  /** Anything personalised or behind sign-in. */
  private: "private, no-store",
  /** Hashed build assets. */
  immutable: "public, max-age=31536000, immutable",
  /**
   * The SpankBank's own media: only the listener's browser keeps them, for an hour, then asks
   * again (a 304 after the access check); Vary: Cookie, so signing out is a miss, not a hit.
   */
  galleryMedia: "private, max-age=3600",
  /**
   * The service worker's script: asked again on every visit, so a new build reaches listeners at
   * once (browsers check it at most daily otherwise).
   */
  serviceWorker: "no-cache",
  /** Media under /media (not hashed). */
  media: "public, max-age=86400, stale-while-revalidate=604800",
  /** Error pages: short, so a fixed page reappears quickly. */
  error: "public, max-age=10, s-maxage=10",
} as const;

export type CachePolicyName = keyof typeof CACHE_POLICY;

/** Headers for a route's response under the named policy. */
export function cacheHeaders(policy: CachePolicyName): Record<string, string> {
  const headers: Record<string, string> = { "Cache-Control": CACHE_POLICY[policy] };
  if (policy === "publicPage" || policy === "error" || policy === "galleryMedia") headers["Vary"] = "Cookie";
  return headers;
}
