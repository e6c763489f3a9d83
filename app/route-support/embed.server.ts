import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { cacheHeaders } from "~/route-support/cache-policy";
import { queryText } from "~/route-support/input.server";
import { notFound } from "~/route-support/responses.server";
import { pageMeta, siteUrlOf } from "~/route-support/meta.server";
import { stillLoading } from "~/route-support/still-loading.server";
import { COLD_CUT_PAGE_PATH, episodeLink, isColdCutPath } from "~/rules/episodes";
import { SITE_NAME } from "~/route-support/meta";
import { orElse } from "~/route-support/or-else";
import { parseShareTime } from "~/player/format";
import { mediaFragment } from "~/player/media-fragment";
import { chapterAtShareTime, chapterMarks, miniPlayerView } from "~/player/embed-player";
import type { Chapter } from "~/rules/chapters";
import { formatDuration } from "~/ui/time";

/** Written by `npm run build` (scripts/build-embed.mjs) beside the server build. */
const PLAYER_SCRIPT = path.resolve("build/embed-player.js");
let playerScript: string | undefined;

/** The embed page's own script, read once. */
function embedPlayerScript(): string {
  if (playerScript === undefined) {
    try {
      playerScript = fs.readFileSync(PLAYER_SCRIPT, "utf8");
    } catch (error) {
      throw new Error(`The embeddable player's script ${PLAYER_SCRIPT} is missing: run npm run build`, {
        cause: error,
      });
    }
  }
  return playerScript;
}

/**
 * /embed/episode?title= (and /embed/coldcut?title=): the player another site frames, with the
 * episode's chapters; `&t=` (whole seconds, junk ignored) starts it there, as on the episode page.
 * Public and cached like any page; kept out of search results, whose canonical page is the episode's own.
 */
export async function loadEmbed(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const series = isColdCutPath(url.pathname) ? "coldcut" : "main";
  const title = queryText(url, "title", { max: 300, label: "episode title" });
  if (!title) throw notFound();
  const episode = await orElse("embed", context.services.catalog.episodeByTitle(title, series), stillLoading);
  if (!episode) throw notFound();
  const chapters: Chapter[] = episode.chaptersUrl
    ? await context.services.episodeExtras.chapters(episode.chaptersUrl)
    : [];
  const page = episodeLink(episode.title, episode.coldcut);
  const startTime = parseShareTime(url.searchParams.get("t"));
  // The player as it first shows, made here: the page's client code is its own small script.
  const view = miniPlayerView({ paused: true, currentTime: 0, duration: NaN }, episode.duration, chapters);
  return json(
    {
      episode: {
        title: episode.title,
        image: episode.image,
        audioUrl: episode.audioUrl,
        coldcut: episode.coldcut,
        duration: episode.duration,
      },
      src: mediaFragment(episode.audioUrl, startTime),
      view: { current: view.current, total: view.total, seekMax: view.seekMax, seekText: view.seekText },
      marks: chapterMarks(chapters, episode.duration),
      // A chapter's link (without JavaScript) carries its start in whole seconds, as `?t=` does.
      chapters: chapters.map((c) => ({
        start: c.startTime,
        t: Math.floor(c.startTime),
        label: `${formatDuration(c.startTime)} ${c.title}`,
      })),
      chapter: chapterAtShareTime(chapters, startTime),
      pageUrl: siteUrlOf(args, page),
      showUrl: siteUrlOf(args, episode.coldcut ? COLD_CUT_PAGE_PATH : "/"),
      script: embedPlayerScript(),
      meta: pageMeta(args, {
        title: `${episode.title} — ${SITE_NAME}`,
        description: `Listen to ${episode.title}, an episode of ${SITE_NAME}.`,
        path: page,
        image: episode.image,
        noindex: true,
      }),
    },
    { headers: cacheHeaders("publicPage") },
  );
}
