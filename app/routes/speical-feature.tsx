import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { EmbedFrame } from "~/components/EmbedFrame";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const meta = pageMeta(args, {
    title: "Special Feature — The Ham Radio Show",
    description: "A special feature from The Ham Radio Show.",
    path: "/speical-feature",
  });
  return json(
    { src: args.context.services.publicConfig.specialFeatureUrl, meta },
    { headers: cacheHeaders("publicPage") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /speical-feature (spelled as the route is spelled): a page embedded in a frame. */
export default function SpecialFeature() {
  const { src } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="sf-title">
      <h1 id="sf-title">Special Feature</h1>
      <EmbedFrame src={src} title="Special feature" tall />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
