import type { LoaderFunctionArgs } from "@remix-run/node";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { queryPage } from "~/route-support/input.server";
import { publicOrigin } from "~/route-support/origin.server";
import { conditionalResponse, plainText } from "~/route-support/responses.server";
import { sitemapEntries } from "~/route-support/sitemap.server";
import { buildSitemap } from "~/services/sitemap.server";

/** /sitemap.xml: every public page, or the index of its parts (?page=N) past 50,000 URLs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let part: number | null = null;
  if (url.searchParams.has("page")) {
    try {
      part = queryPage(url);
    } catch {
      return plainText("The sitemap page must be a whole number from 1 up.", 400);
    }
  }
  let entries;
  try {
    entries = await sitemapEntries(context.services);
  } catch (error) {
    console.error("[sitemap] failed:", error instanceof Error ? error.message : error);
    return new Response("The sitemap is not available right now. Please try again later.", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": CACHE_POLICY.error,
        "Retry-After": "300",
      },
    });
  }
  const body = buildSitemap(entries, publicOrigin(request, context.services.siteUrl), part);
  if (!body) return plainText("There is no such sitemap page.", 404);
  return conditionalResponse(request, body, {
    contentType: "application/xml; charset=utf-8",
    cacheControl: CACHE_POLICY.discovery,
  });
}
