import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { publicOrigin } from "~/route-support/origin.server";
import { plainText } from "~/route-support/responses.server";
import { embedIframe, embedLink, embedSize, episodeOfPageUrl, OEMBED_PATH } from "~/rules/embed";
import { PODCAST } from "~/rules/podcast";
import { orElse } from "~/route-support/or-else";

const size = z.coerce.number().int().positive().max(100_000).optional();
const OembedQuery = z.object({
  url: z.string().trim().min(1).max(2000),
  format: z.enum(["json", "xml"]).default("json"),
  maxwidth: size,
  maxheight: size,
});

/**
 * GET /oembed?url=<an episode page>&format=json: how a blog or a CMS turns an episode link into
 * the embeddable player (oEmbed 1.0, type "rich"). Not an episode page of this site: 404;
 * format=xml: 501 (only JSON is offered); anything unreadable: 400.
 */
export async function loadOembed({ request, context }: LoaderFunctionArgs): Promise<Response> {
  const url = new URL(request.url);
  const query = OembedQuery.safeParse({
    url: url.searchParams.get("url") ?? undefined,
    format: url.searchParams.get("format") ?? undefined,
    maxwidth: url.searchParams.get("maxwidth") ?? undefined,
    maxheight: url.searchParams.get("maxheight") ?? undefined,
  });
  if (!query.success)
    return plainText(
      `Use ${OEMBED_PATH}?url=<an episode page of this site>&format=json (maxwidth and maxheight: whole pixels).`,
      400,
    );
  if (query.data.format === "xml") return plainText("Only format=json is offered.", 501);
  const origin = publicOrigin(request, context.services.siteUrl);
  const target = episodeOfPageUrl(query.data.url, origin);
  if (!target) return plainText("That address is not an episode page of this site.", 404);
  const episode = await orElse(
    "oembed",
    context.services.catalog.episodeByTitle(target.title, target.coldcut ? "coldcut" : "main"),
    () => {
      throw plainText("The catalog is not available right now. Please try again in a minute.", 503);
    },
  );
  if (!episode) return plainText("There is no such episode.", 404);
  const frame = embedSize(query.data.maxwidth ?? null, query.data.maxheight ?? null);
  const show = episode.coldcut ? PODCAST.coldCutTitle : PODCAST.title;
  const body = {
    version: "1.0",
    type: "rich",
    title: episode.title,
    author_name: show,
    author_url: `${origin}/`,
    provider_name: PODCAST.title,
    provider_url: `${origin}/`,
    cache_age: 3600,
    html: embedIframe(new URL(embedLink(episode.title, episode.coldcut), origin).href, episode.title, frame),
    ...frame,
  };
  return new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": CACHE_POLICY.oembed,
      // Consumers fetch it from their own pages' scripts too.
      "Access-Control-Allow-Origin": "*",
    },
  });
}
