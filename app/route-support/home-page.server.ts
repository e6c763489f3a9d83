import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { cacheHeaders } from "~/route-support/cache-policy";
import { HOME_NEWS_COUNT, LATEST_EPISODES_COUNT } from "~/rules/constants";
import { COLD_CUT_SHELF_COUNT } from "~/rules/episodes";
import { episodeCard, eraCard, newsCard, slideCard } from "~/route-support/cards.server";
import { STATIONS } from "~/rules/eras";
import { homeMeta, siteUrlOf } from "~/route-support/meta.server";
import { SHOW_FEED_PATH } from "~/rules/podcast";
import { orElse } from "~/route-support/or-else";
import { cardMarks, continueListening } from "./positions.server";

/**
 * The home page's loader; each part failing alone renders empty. One server module for the
 * route: each one a route imports leaves an empty module of its own in the browser's first load
 * (ADR 008).
 */
export async function loadHomePage(args: LoaderFunctionArgs) {
  const { services } = args.context;
  const [sponsors, slides, latest, news, coldcut] = await Promise.all([
    orElse("sponsors", services.catalog.sponsors(), () => []),
    orElse("slider", services.content.slider(), () => []),
    orElse("latest episodes", services.catalog.latestEpisodes(LATEST_EPISODES_COUNT), () => []),
    orElse("home news", services.content.latestNews(HOME_NEWS_COUNT), () => []),
    orElse("cold cut shelf", services.catalog.allEpisodes("coldcut"), () => []),
  ]);
  const site = services.publicConfig.contentSiteUrl;
  const shelf = coldcut.slice(0, COLD_CUT_SHELF_COUNT);
  const [continuing, personal] = await Promise.all([
    continueListening(args.context),
    cardMarks(
      args.context,
      [...latest, ...shelf].map((e) => e.audioUrl),
    ),
  ]);
  return json(
    {
      continuing,
      sponsors,
      slides: slides.map((s) => slideCard(s, site)),
      latest: latest.map(episodeCard),
      eras: STATIONS.map(eraCard),
      news: news.map(newsCard),
      coldcut: shelf.map(episodeCard),
      meta: homeMeta(args),
      feedUrl: siteUrlOf(args, SHOW_FEED_PATH),
      ...personal,
    },
    { headers: cacheHeaders("publicPage") },
  );
}
