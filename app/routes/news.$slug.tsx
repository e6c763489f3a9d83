import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsPostPage } from "~/components/NewsPostPage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { newsPostLoader } from "~/services/news-page.server";
import { errorTitle } from "~/utils/meta";

export const loader = (args: LoaderFunctionArgs) => newsPostLoader(args);
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: data ? `${data.post.title} — The Ham Radio Show` : errorTitle(error) },
];

export default function NewsPostRoute() {
  const { post } = useLoaderData<typeof loader>();
  return <NewsPostPage post={post} />;
}

export const ErrorBoundary = RouteErrorBoundary;
