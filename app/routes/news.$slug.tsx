import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { NewsPostPage } from "~/components/NewsPostPage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { slugParam } from "~/route-support/input.server";
import { notFound } from "~/route-support/responses.server";
import { stillLoading } from "~/route-support/still-loading.server";
import { orElse } from "~/route-support/or-else";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";
import { newsLink } from "~/rules/news";
import { truncateWords } from "~/rules/text";

/** /News/:slug and /WTFNews/:slug (remix.config.js). A post without a title or content is not found. */
export async function loader(args: LoaderFunctionArgs) {
  const slug = slugParam(args.params.slug, notFound);
  const post = await orElse("news post", args.context.services.content.postBySlug(slug), stillLoading);
  if (!post || !post.title || !post.contentHtml) throw notFound();
  const meta = pageMeta(args, {
    title: `${post.title} — The Ham Radio Show`,
    shareTitle: post.title,
    description: truncateWords(post.excerpt || post.title, 30),
    path: newsLink(post.type ?? "dth_news", post.slug),
    image: post.image,
    type: "article",
    more: [{ property: "article:published_time", content: post.date }],
  });
  return json({ post, meta }, { headers: cacheHeaders("publicPage") });
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta = loaderMeta;

export default function NewsPostRoute() {
  const { post } = useLoaderData<typeof loader>();
  return <NewsPostPage post={post} />;
}

export const ErrorBoundary = RouteErrorBoundary;
