import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { cacheHeaders } from "~/http/cache-policy";
import { queryText } from "~/http/input.server";
import { notFound } from "~/http/responses.server";
import { isColdCutPath } from "~/rules/episodes";
import { parseShareTime } from "~/player/format";
import { orStillLoading } from "./pages.server";

/** /episode?title= and /coldcut/?title= (SPEC §2): one loader; the path picks the series. */
export async function episodePageLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const coldcut = isColdCutPath(url.pathname);
  const title = queryText(url, "title", { max: 300, label: "episode title" });
  if (!title) throw notFound();
  const episode = await orStillLoading("episode", context.services.catalog.episodeByTitle(title, coldcut ? "coldcut" : "main"));
  if (!episode) throw notFound();
  const startTime = parseShareTime(url.searchParams.get("t"));
  return json({ episode, startTime, siteUrl: context.services.siteUrl ?? url.origin }, { headers: cacheHeaders("publicPage") });
}
