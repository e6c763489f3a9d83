/**
 * GET /bench/floor-page — the framework floor of `npm run bench` as the issue defines it: "a
 * trivial Remix page" (issue 6, ADR 007). A document route through the whole Remix pipeline —
 * route matching, the root and route loaders, React rendering with <Meta>, <Links>, <Scripts>
 * and the hydration data, entry.server — whose page is one paragraph: the root renders it
 * without the site's chrome (header, player, footer), which is our code, not the framework's.
 * Only when the server runs with BENCH_FLOOR=1; otherwise it is a plain 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { notFound } from "~/http/responses.server";
import type { RouteHandle } from "~/root";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";

export const handle: RouteHandle = { bare: true };

export const meta: MetaFunction = () => [{ title: "floor" }];

export function loader({ context }: LoaderFunctionArgs) {
  if (!context.services.benchFloor) throw notFound();
  return { floor: true };
}

export const ErrorBoundary = RouteErrorBoundary;

export default function FloorPage() {
  return <p>floor</p>;
}
