import type { LoaderFunctionArgs } from "@remix-run/node";
import { cacheHeaders } from "~/route-support/cache-policy";
import { publicOrigin } from "~/route-support/origin.server";
import { notFound } from "~/route-support/responses.server";
import { CHAPTERS_TYPE, chaptersDocument, mediaChaptersFile } from "~/rules/chapters";

/**
 * /chapters/<name>: the site's chapter file of that name as Podcasting 2.0 JSON chapters, each
 * picture an absolute URL on the site's public origin (what the feeds and the player are given).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const file = mediaChaptersFile(params.name ?? "");
  if (!file) throw notFound();
  const chapters = await context.services.episodeExtras.chapters(file);
  // No file, or none a reader could use: the same answer.
  if (chapters.length === 0) throw notFound();
  const body = JSON.stringify(chaptersDocument(chapters, publicOrigin(request, context.services.siteUrl)));
  return new Response(body, {
    headers: { "Content-Type": `${CHAPTERS_TYPE}; charset=utf-8`, ...cacheHeaders("media") },
  });
}
