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

/**
 * /embed/episode?title= (and /embed/coldcut?title=): the player another site frames. Public and
 * cached like any page; kept out of search results, whose canonical page is the episode's own.
 */
export async function loadEmbed(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const series = isColdCutPath(url.pathname) ? "coldcut" : "main";
  const title = queryText(url, "title", { max: 300, label: "episode title" });
  if (!title) throw notFound();
  const episode = await orElse("embed", context.services.catalog.episodeByTitle(title, series), stillLoading);
  if (!episode) throw notFound();
  const page = episodeLink(episode.title, episode.coldcut);
  return json(
    {
      episode: {
        title: episode.title,
        image: episode.image,
        audioUrl: episode.audioUrl,
        coldcut: episode.coldcut,
        era: episode.era,
      },
      pageUrl: siteUrlOf(args, page),
      showUrl: siteUrlOf(args, episode.coldcut ? COLD_CUT_PAGE_PATH : "/"),
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
