import type { LoaderFunctionArgs } from "@remix-run/node";
import { queryText } from "~/http/input.server";
import { CACHE_POLICY } from "~/http/cache-policy";
import { parseStation } from "~/rules/eras";
import { buildEraFeed } from "~/services/feed.server";

/** The era podcast feed the era page's RSS icon opens (docs/product.md §2: query parameter era = the station). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let raw: string | null;
  try {
    raw = queryText(url, "era", { max: 100, label: "era" });
  } catch {
    raw = null;
  }
  const station = parseStation(raw);
  if (!station) {
    return new Response("Unknown era. Use ?era= with one of: GOOM Radio, MLR, PPR, UFRN.", {
      status: raw ? 404 : 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_POLICY.error },
    });
  }
  let episodes;
  try {
    episodes = await context.services.catalog.allEpisodesOfEra(station);
  } catch (error) {
    // The catalog failed and no copy is left: an empty feed would tell podcast apps the episodes
    // are gone, so say "try later" instead (logged; readers retry).
    console.error(`[feed ${station}] failed:`, error instanceof Error ? error.message : error);
    return new Response("The feed is not available right now. Please try again in a few minutes.", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": CACHE_POLICY.error,
        "Retry-After": "120",
      },
    });
  }
  const xml = buildEraFeed(station, episodes, context.services.siteUrl ?? url.origin);
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": CACHE_POLICY.feed },
  });
}
