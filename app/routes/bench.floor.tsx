/**
 * GET /bench/floor — the framework floor of `npm run bench` (issue 6, ADR 007): a bare Remix
 * resource route answering a tiny HTML page through the same Express stack as every page
 * (security headers, rate limits, Remix's request handler), without our loaders or React.
 * Only when the server runs with BENCH_FLOOR=1; otherwise it is a plain 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/http/responses.server";

const PAGE = "<!doctype html><html lang=en><meta charset=utf-8><title>floor</title><p>floor</p></html>";

export function loader({ context }: LoaderFunctionArgs) {
  if (!context.services.benchFloor) throw notFound();
  return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
