import type { LoaderFunctionArgs } from "@remix-run/node";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { publicOrigin } from "~/route-support/origin.server";
import { ROBOTS_DISALLOW } from "~/rules/sitemap";

/** /robots.txt: where crawlers need not go, and the sitemap by its absolute URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const sitemap = new URL("/sitemap.xml", publicOrigin(request, context.services.siteUrl)).href;
  const body = ["User-agent: *", ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), "", `Sitemap: ${sitemap}`, ""];
  return new Response(body.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_POLICY.discovery },
  });
}
