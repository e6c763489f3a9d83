import type { LoaderFunctionArgs } from "@remix-run/node";
import { cardMarks } from "~/route-support/positions.server";
import { json, useLoaderData } from "@remix-run/react";
import { EpisodeGrid } from "~/components/Cards";
import { EpisodePage } from "~/components/EpisodePage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { episodeCard } from "~/route-support/cards.server";
import { COLD_CUT_ART } from "~/rules/artwork";
import { LOADING_TEXT } from "~/rules/constants";
import { COLD_CUT_PAGE_PATH } from "~/rules/episodes";
import { COLD_CUT_FEED_PATH, PODCAST } from "~/rules/podcast";
import { PodcastFeedLink } from "~/components/PodcastFeedLink";
import { COLD_CUT_FEED, pageMeta, siteUrlOf } from "~/route-support/meta.server";
import { SubscribeMenu } from "~/components/lazy-parts";
import { loaderMeta } from "~/route-support/meta";
import { orElse } from "~/route-support/or-else";
import { loadEpisodePage } from "~/route-support/episode-page.server";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";

/**
 * /coldcut/?title= is a Cold Cut episode's details (docs/product.md §2 route table, the episode
 * screen); /coldcut without a title lists the series, newest first, with its feed.
 */
export async function loader(args: LoaderFunctionArgs) {
  if (new URL(args.request.url).searchParams.has("title")) return loadEpisodePage(args);
  const episodes = await orElse("coldcut list", args.context.services.catalog.allEpisodes("coldcut"), () => null);
  const meta = pageMeta(args, {
    title: "Cold Cut — The Ham Radio Show",
    description: PODCAST.coldCutDescription,
    path: COLD_CUT_PAGE_PATH,
    image: COLD_CUT_ART,
    feeds: [COLD_CUT_FEED],
  });
  const feedUrl = siteUrlOf(args, COLD_CUT_FEED_PATH);
  if (!episodes) return json({ episodes: null, meta, feedUrl }, { headers: cacheHeaders("error") });
  const personal = await cardMarks(
    args.context,
    episodes.map((e) => e.audioUrl),
  );
  return json(
    { episodes: episodes.map(episodeCard), meta, feedUrl, ...personal },
    { headers: cacheHeaders("publicPage") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const shouldRevalidate = keepPageAfterRefusedWrite;

export const meta = loaderMeta;

export default function ColdCut() {
  const data = useLoaderData<typeof loader>();
  if ("episode" in data) return <EpisodePage {...data} />;
  return (
    <section className="section era-page" aria-labelledby="coldcut-title">
      <header className="era-page__header">
        <img src={COLD_CUT_ART} alt="" width="240" height="240" />
        <div>
          <h1 id="coldcut-title">Cold Cut</h1>
          <p>{PODCAST.coldCutDescription}</p>
          <div className="era-page__actions">
            <SubscribeMenu feedUrl={data.feedUrl} show="Cold Cut" />
            <PodcastFeedLink href={COLD_CUT_FEED_PATH} show="Cold Cut" />
          </div>
        </div>
      </header>
      <h2 className="visually-hidden">Episodes</h2>
      {data.episodes ? (
        <>
          <p className="muted">{data.episodes.length} episodes</p>
          <EpisodeGrid episodes={data.episodes} label="Cold Cut episodes" />
        </>
      ) : (
        <p className="muted">{LOADING_TEXT}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
