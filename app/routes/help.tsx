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
    title: "Help — The Ham Radio Show",
    description: "Help with listening to The Ham Radio Show: the live stream, episodes, casting and accounts.",
    path: "/help",
  });
  return json({ src: args.context.services.publicConfig.helpUrl, meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /help: Help, with an embedded external help page. */
export default function Help() {
  const { src } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="help-title">
      <h1 id="help-title">Help</h1>
      <EmbedFrame src={src} title="The Ham Radio Show help" tall />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
