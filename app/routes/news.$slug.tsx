import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsPostPage } from "~/components/NewsPostPage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { slugParam } from "~/http/input.server";
import { notFound } from "~/http/responses.server";
import { stillLoading } from "~/route-support/still-loading.server";
import { orElse } from "~/utils/or-else";
import { errorTitle, pageMeta } from "~/utils/meta";
import { newsLink } from "~/rules/news";
import { truncateWords } from "~/rules/text";

/** /News/:slug and /WTFNews/:slug (remix.config.js). A post without a title or content is not found. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = slugParam(params.slug, notFound);
  const post = await orElse("news post", context.services.content.postBySlug(slug), stillLoading);
  if (!post || !post.title || !post.contentHtml) throw notFound();
  return json({ post }, { headers: cacheHeaders("publicPage") });
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = (args) => {
  const post = args.data?.post;
  if (!post) return [{ title: errorTitle(args.error) }];
  return pageMeta(args, {
    title: `${post.title} — The Ham Radio Show`,
    shareTitle: post.title,
    description: truncateWords(post.excerpt || post.title, 30),
    path: newsLink(post.type ?? "dth_news", post.slug),
    image: post.image,
    type: "article",
    more: [{ property: "article:published_time", content: post.date }],
  });
};

export default function NewsPostRoute() {
  const { post } = useLoaderData<typeof loader>();
  return <NewsPostPage post={post} />;
}

export const ErrorBoundary = RouteErrorBoundary;
