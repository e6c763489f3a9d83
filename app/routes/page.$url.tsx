import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { EmbedFrame } from "~/components/EmbedFrame";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { notFound } from "~/http/responses.server";
import { contentPagePath, contentPageUrl } from "~/rules/slider";
import { pageMeta, SHOW_DESCRIPTION } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: "The Ham Radio Show",
    description: SHOW_DESCRIPTION,
    path: args.location.pathname,
    // The page itself lives on the content site.
    noindex: true,
  });

/** docs/product.md §2 /Page/:url: a full-page embed of a content-site page (only ever the content site). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const path = contentPagePath(params.url ?? "");
  if (!path) throw notFound();
  return json(
    { src: contentPageUrl(path, context.services.publicConfig.contentSiteUrl), path },
    { headers: cacheHeaders("publicPage") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export default function ContentPage() {
  const { src, path } = useLoaderData<typeof loader>();
  return (
    <section className="full-embed" aria-labelledby="content-page-title">
      <h1 id="content-page-title" className="visually-hidden">
        The Ham Radio Show: {path}
      </h1>
      <EmbedFrame src={src} title={`The Ham Radio Show: ${path}`} tall />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
