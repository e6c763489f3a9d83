import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EpisodePage } from "~/components/EpisodePage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { queryText } from "~/http/input.server";
import { notFound } from "~/http/responses.server";
import { publicOrigin } from "~/http/origin.server";
import { parseShareTime } from "~/player/format";
import { stillLoading } from "~/route-support/still-loading.server";
import { isColdCutPath } from "~/rules/episodes";
import { episodeMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/utils/meta";
import { orElse } from "~/utils/or-else";

/** /episode?title= and its Cold Cut twin /coldcut/?title= (remix.config.js): the path picks the series. */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const series = isColdCutPath(url.pathname) ? "coldcut" : "main";
  const title = queryText(url, "title", { max: 300, label: "episode title" });
  if (!title) throw notFound();
  const episode = await orElse("episode", context.services.catalog.episodeByTitle(title, series), stillLoading);
  if (!episode) throw notFound();
  const startTime = parseShareTime(url.searchParams.get("t"));
  return json(
    { episode, startTime, siteUrl: publicOrigin(request, context.services.siteUrl), meta: episodeMeta(args, episode) },
    { headers: cacheHeaders("publicPage") },
  );
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta = loaderMeta;

export default function EpisodeRoute() {
  const data = useLoaderData<typeof loader>();
  return <EpisodePage {...data} />;
}

export const ErrorBoundary = RouteErrorBoundary;
