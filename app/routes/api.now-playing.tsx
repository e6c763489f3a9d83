import { json } from "@remix-run/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { cacheHeaders } from "~/route-support/cache-policy";

/**
 * GET /api/now-playing → `{title, artist, art, fallback}` (docs/product.md §4 "While live is on", §8).
 * A resource route: the browser player polls it every 10 s while live is on (and at once when the stream stops). The service
 * behind it caches, so the streaming service sees one call per 3 s per server.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const current = await context.services.nowPlaying.current();
  return json(current, { headers: cacheHeaders("nowPlaying") });
}
