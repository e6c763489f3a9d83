import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { notFound } from "~/route-support/responses.server";
import { errorTitle } from "~/route-support/meta";

export const meta = () => [{ title: errorTitle(undefined) }];

/** docs/product.md §2 "error (path 'error')": the not-found page, with a 404 status. */
export async function loader() {
  throw notFound();
}

export default function ErrorRoute() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
