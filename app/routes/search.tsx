import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AppLink } from "~/ui/primitives";
import { json, useLoaderData } from "@remix-run/react";
import { EpisodeGrid } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { queryText } from "~/http/input.server";
import { LOADING_TEXT, SEARCH_RESULT_LIMIT, SEARCH_TERM_MAX } from "~/rules/constants";
import { STATIONS, eraLink } from "~/rules/eras";
import { episodeCard } from "~/route-support/cards.server";
import { orElse } from "~/utils/or-else";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: `Search: ${args.data?.term ?? ""} — The Ham Radio Show`,
    description: "Search the episodes of The Ham Radio Show.",
    path: `/search?term=${encodeURIComponent(args.data?.term ?? "")}`,
    noindex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const term = queryText(url, "term", { max: SEARCH_TERM_MAX, label: "search term" }) ?? "";
  // docs/product.md §8: the catalog failed and no copy is left → 'Loading...' (not "No Results"), kept briefly.
  const episodes = term
    ? await orElse("search", context.services.catalog.searchEpisodes(term, SEARCH_RESULT_LIMIT), () => null)
    : [];
  if (!episodes) return json({ term, episodes: null }, { headers: cacheHeaders("error") });
  return json({ term, episodes: episodes.map(episodeCard) }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** docs/product.md §2 Search: 'Search: <term>' and episode cards, or 'No Results for "<term>"'. */
export default function Search() {
  const { term, episodes } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="search-title">
      <h1 id="search-title">Search: {term}</h1>
      {!term ? (
        <p className="muted">Type a word from an episode's title or description in the search box.</p>
      ) : !episodes ? (
        <p className="muted">{LOADING_TEXT}</p>
      ) : episodes.length ? (
        <>
          <p className="muted" aria-live="polite">
            {episodes.length === 1 ? "1 episode" : `${episodes.length} episodes`}
          </p>
          <h2 className="visually-hidden">Results</h2>
          <EpisodeGrid episodes={episodes} label="Search results" />
        </>
      ) : (
        <>
          <p className="no-results" aria-live="polite">
            No Results for "{term}"
          </p>
          <div className="search-help">
            <p className="muted">Try another word (the start of a word is enough), or browse the archive by era:</p>
            <ul className="chip-list" aria-label="Eras">
              {STATIONS.map((s) => (
                <li key={s}>
                  <AppLink to={eraLink(s)} className="chip">
                    {s}
                  </AppLink>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
