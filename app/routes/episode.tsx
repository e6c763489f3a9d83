import { useLoaderData } from "@remix-run/react";
import { EpisodePage } from "~/components/EpisodePage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { loadEpisodePage } from "~/route-support/episode-page.server";
import { loaderMeta } from "~/route-support/meta";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";

export const loader = loadEpisodePage;

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const shouldRevalidate = keepPageAfterRefusedWrite;
export const meta = loaderMeta;

export default function EpisodeRoute() {
  const data = useLoaderData<typeof loader>();
  return <EpisodePage {...data} />;
}

export const ErrorBoundary = RouteErrorBoundary;
