import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EpisodePage } from "~/components/EpisodePage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { episodePageLoader } from "~/services/episode-page.server";
import { episodeMeta } from "~/utils/meta";

export const loader = (args: LoaderFunctionArgs) => episodePageLoader(args);
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data, error }) => episodeMeta(data?.episode, error);

export default function ColdCutRoute() {
  const data = useLoaderData<typeof loader>();
  return <EpisodePage {...data} />;
}

export const ErrorBoundary = RouteErrorBoundary;
