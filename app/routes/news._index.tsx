import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, Link, useLoaderData } from "@remix-run/react";
import { ABOVE_THE_FOLD, NewsCard } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { badRequest } from "~/route-support/responses.server";
import { NEWS_TAB_LABEL, NEWS_TABS, parseNewsTab } from "~/rules/news";
import { orElse } from "~/route-support/or-else";
import { newsCard } from "~/route-support/cards.server";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

/** docs/product.md §2 /News with two tabs, News and WTF News; §4 tab dth_news or wtfnews, default dth_news. */
export async function loader(args: LoaderFunctionArgs) {
  const tab = parseNewsTab(new URL(args.request.url).searchParams.get("tab"));
  if (!tab) throw badRequest('Unknown news tab. Choose "News" or "WTF News".');
  const posts = await orElse(`news ${tab}`, args.context.services.content.newsTab(tab), () => []);
  const meta = pageMeta(args, {
    title: "News — The Ham Radio Show",
    description: "News and WTF News from the bunker of The Ham Radio Show.",
    path: tab === "wtfnews" ? "/News?tab=wtfnews" : "/News",
  });
  return json({ tab, posts: posts.map(newsCard), meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export default function News() {
  const { tab, posts } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="news-title">
      <h1 id="news-title">News</h1>
      <nav className="tabs" aria-label="News sections">
        {NEWS_TABS.map((t) => (
          <Link
            key={t}
            to={t === "dth_news" ? "/News" : `/News?tab=${t}`}
            className={`tab${t === tab ? " tab--active" : ""}`}
            aria-current={t === tab ? "page" : undefined}
            preventScrollReset
          >
            {NEWS_TAB_LABEL[t]}
          </Link>
        ))}
      </nav>
      <h2 className="visually-hidden">{NEWS_TAB_LABEL[tab]}</h2>
      {posts.length ? (
        <ul className="card-grid card-grid--news">
          {posts.map((p, i) => (
            <li key={p.id}>
              <NewsCard post={p} priority={i < ABOVE_THE_FOLD.news} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Loading...</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
