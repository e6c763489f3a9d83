import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta, SHOW_DESCRIPTION } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const meta = pageMeta(args, {
    title: "The Ham Radio Show",
    description: SHOW_DESCRIPTION,
    path: "/page",
    noindex: true,
  });
  return json({ meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 /page: "Empty generic page". */
export default function EmptyPage() {
  return (
    <section className="section empty-page" aria-labelledby="page-title">
      <h1 id="page-title" className="visually-hidden">
        The Ham Radio Show
      </h1>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
