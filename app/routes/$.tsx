import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { notFound } from "~/route-support/responses.server";
import { errorTitle } from "~/route-support/meta";

export const meta = () => [{ title: errorTitle(undefined) }];

/** Any unknown path: the NOT FOUND page with 404, inside the layout (the player keeps playing). */
export async function loader() {
  throw notFound();
}

export default function ErrorRoute() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
