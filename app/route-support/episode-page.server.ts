import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { cacheHeaders } from "~/route-support/cache-policy";
import { queryText } from "~/route-support/input.server";
import { notFound } from "~/route-support/responses.server";
import { publicOrigin } from "~/route-support/origin.server";
import { parseClipEnd, parseShareTime } from "~/player/format";
import { episodeMeta, siteUrlOf } from "~/route-support/meta.server";
import { COLD_CUT_FEED_PATH, SHOW_FEED_PATH } from "~/rules/podcast";
import { stillLoading } from "~/route-support/still-loading.server";
import { isColdCutPath } from "~/rules/episodes";
import { orElse } from "~/route-support/or-else";
import { cardMarks } from "./positions.server";
import { absoluteImage, servedChaptersUrl, type Chapter } from "~/rules/chapters";
import type { Cue } from "~/rules/transcript";

/**
 * The loader of /episode?title= and its Cold Cut twin /coldcut/?title= (remix.config.js): the path
 * picks the series. One server module for the route: each one a route imports leaves an empty
 * module of its own in the browser's first load (ADR 008).
 */
export async function loadEpisodePage(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const series = isColdCutPath(url.pathname) ? "coldcut" : "main";
  const title = queryText(url, "title", { max: 300, label: "episode title" });
  if (!title) throw notFound();
  const episode = await orElse("episode", context.services.catalog.episodeByTitle(title, series), stillLoading);
  if (!episode) throw notFound();
  const startTime = parseShareTime(url.searchParams.get("t"));
  const clipEnd = parseClipEnd(startTime, url.searchParams.get("end"));
  const { episodeExtras } = context.services;
  const [chapters, transcript, personal] = await Promise.all([
    episode.chaptersUrl ? episodeExtras.chapters(episode.chaptersUrl) : ([] as Chapter[]),
    episode.transcriptUrl ? episodeExtras.transcript(episode.transcriptUrl) : ([] as Cue[]),
    cardMarks(context, [episode.audioUrl]),
  ]);
  const origin = publicOrigin(request, context.services.siteUrl);
  return json(
    {
      // The player reads the chapters from where podcast apps do (their pictures absolute).
      episode: episode.chaptersUrl ? { ...episode, chaptersUrl: servedChaptersUrl(episode.chaptersUrl) } : episode,
      startTime,
      clipEnd,
      siteUrl: origin,
      feedUrl: siteUrlOf(args, series === "coldcut" ? COLD_CUT_FEED_PATH : SHOW_FEED_PATH),
      chapters: chapters.map((c) => ({ ...c, img: absoluteImage(c.img, origin) })),
      transcript,
      meta: episodeMeta(args, episode),
      ...personal,
    },
    { headers: cacheHeaders("publicPage") },
  );
}
