import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { EmbedFrame } from "~/components/EmbedFrame";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { notFound } from "~/route-support/responses.server";
import { contentPagePath, contentPageUrl } from "~/rules/slider";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta, SHOW_DESCRIPTION } from "~/route-support/meta";

export const meta = loaderMeta;

/** docs/product.md §2 /Page/:url: a full-page embed of a content-site page (only ever the content site). */
export async function loader(args: LoaderFunctionArgs) {
  const path = contentPagePath(args.params.url ?? "");
  if (!path) throw notFound();
  const meta = pageMeta(args, {
    title: "The Ham Radio Show",
    description: SHOW_DESCRIPTION,
    path: new URL(args.request.url).pathname,
    // The page itself lives on the content site.
    noindex: true,
  });
  return json(
    { src: contentPageUrl(path, args.context.services.publicConfig.contentSiteUrl), path, meta },
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
