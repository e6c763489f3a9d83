import type { LoaderFunctionArgs } from "@remix-run/node";
import { queryText } from "~/http/input.server";
import { CACHE_POLICY } from "~/http/cache-policy";
import { parseStation } from "~/rules/eras";
import { buildEraFeed } from "~/services/feed.server";

/** The era podcast feed the era page's RSS icon opens (SPEC §2: query parameter era = the station). */
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
  const episodes = await context.services.catalog.allEpisodesOfEra(station);
  const xml = buildEraFeed(station, episodes, context.services.siteUrl ?? url.origin);
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": CACHE_POLICY.feed },
  });
}
