import type { LoaderFunctionArgs } from "@remix-run/node";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { conditionalResponse } from "~/route-support/responses.server";

/**
 * GET /api/now-playing → `{title, artist, art, fallback}` (docs/product.md §4 "While live is on", §8).
 * A resource route: the browser player polls it every 10 s while live is on (and at once when the stream stops). The service
 * behind it caches, so the streaming service sees one call per 3 s per server.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await context.services.nowPlaying.current();
  return conditionalResponse(request, JSON.stringify(current), {
    contentType: "application/json; charset=utf-8",
    cacheControl: CACHE_POLICY.nowPlaying,
  });
}
