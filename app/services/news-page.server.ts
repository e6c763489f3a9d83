import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { cacheHeaders } from "~/http/cache-policy";
import { slugParam } from "~/http/input.server";
import { notFound } from "~/http/responses.server";
import { orStillLoading } from "./pages.server";

/**
 * /News/:slug and /WTFNews/:slug (SPEC §2): "Loads the post by slug". SPEC §5: a post needs
 * both title and content; one without is not found.
 */
export async function newsPostLoader({ params, context }: LoaderFunctionArgs) {
  const slug = slugParam(params.slug, notFound);
  const post = await orStillLoading("news post", context.services.content.postBySlug(slug));
  if (!post || !post.title || !post.contentHtml) throw notFound();
  return json({ post }, { headers: cacheHeaders("publicPage") });
}
