import type { AppLoadContext } from "@remix-run/node";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { publicOrigin } from "~/route-support/origin.server";
import { conditionalResponse } from "~/route-support/responses.server";
import { buildFeed, feedLastModified, type FeedKind } from "~/services/feed.server";
import { orElse } from "~/route-support/or-else";
import { createStateLog } from "~/services/state-log";
import { log } from "~/services/log.server";

const feedLog = createStateLog((m) => log.error(m));

/** A podcast feed as readers poll it: 304 when unchanged, 503 (never an empty feed) when the catalog fails. */
export async function feedResponse(request: Request, context: AppLoadContext, feed: FeedKind): Promise<Response> {
  const { catalog, siteUrl, podcastOwnerEmail, podcastFundingUrl, live, publicConfig } = context.services;
  const series = feed.kind === "coldcut" ? "coldcut" : "main";
  let episodes;
  try {
    episodes = await catalog.allEpisodes(series, feed.kind === "era" ? feed.station : undefined);
    feedLog.ok(series, `[feed ${series}] recovered`);
  } catch (error) {
    // An empty feed would tell podcast apps the episodes are gone: say "try later" instead.
    feedLog.failed(series, `[feed ${series}] failed: ${error instanceof Error ? error.message : String(error)}`);
    return new Response("The feed is not available right now. Please try again in a few minutes.", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": CACHE_POLICY.error,
        "Retry-After": "120",
      },
    });
  }
  // The crew is the feed's podcast:person list; without it the feed still stands.
  const crew = await orElse("feed crew", catalog.crew(), () => []);
  const status = feed.kind === "show" ? await orElse("feed live item", live.current(), () => null) : null;
  const body = buildFeed({
    feed,
    episodes,
    crew,
    origin: publicOrigin(request, siteUrl),
    ownerEmail: podcastOwnerEmail,
    fundingUrl: podcastFundingUrl,
    live: { streamUrl: publicConfig.liveStreamUrl, status },
  });
  // A broadcast starting or ending changes the feed as much as a new episode does.
  const changed = [feedLastModified(episodes), status?.start, status?.end].filter((d): d is Date => !!d);
  return conditionalResponse(request, body, {
    contentType: "application/rss+xml; charset=utf-8",
    cacheControl: CACHE_POLICY.feed,
    lastModified: changed.length
      ? new Date(Math.max(...changed.map((d) => Math.floor(d.getTime() / 1000) * 1000)))
      : null,
  });
}
