import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import browseStyles from "~/styles/browse.css";
import { BrowseControls, useShownView } from "~/components/BrowseControls";
import { browseHeaders, filteredSearch, libraryView, queryFilter } from "~/route-support/browse.server";
import { filterEmptyText } from "~/rules/browse";
import { cardMarks } from "~/route-support/positions.server";
import { json, useLoaderData, Link } from "@remix-run/react";
import { EpisodeShelf } from "~/components/EpisodeList";
import { Pagination } from "~/components/Pagination";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { queryPage, queryText } from "~/route-support/input.server";
import { LOADING_TEXT, SEARCH_TERM_MAX } from "~/rules/constants";
import {
  DID_YOU_MEAN,
  EMPTY_SEARCH_TEXT,
  SEARCH_PAGE_SIZE,
  noResultsText,
  resultCountText,
  searchHeading,
  searchLink,
} from "~/rules/search";
import { STATIONS, eraLink } from "~/rules/eras";
import { episodeCard } from "~/route-support/cards.server";
import { resultMarks } from "~/route-support/search.server";
import { orElse } from "~/route-support/or-else";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";

export const meta = loaderMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: browseStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const term = queryText(url, "term", { max: SEARCH_TERM_MAX, label: "search term" }) ?? "";
  const meta = pageMeta(args, {
    title: `${searchHeading(term)} — The Ham Radio Show`,
    description: "Search the episodes of The Ham Radio Show.",
    path: searchLink(term),
    noindex: true,
  });
  const page = queryPage(url);
  const filter = queryFilter(url);
  const view = await libraryView(request);
  // docs/product.md §8: the catalog failed and no copy is left → 'Loading...' (not "No Results"), kept briefly.
  const results = await orElse("search", filteredSearch(context, term, page, SEARCH_PAGE_SIZE, filter), () => null);
  if (!results) return json({ term, filter, view, results: null, meta }, { headers: cacheHeaders("error") });
  const { items, highlight, ...rest } = results;
  const [marks, personal] = await Promise.all([
    resultMarks(items, highlight, context.services.episodeExtras),
    cardMarks(
      context,
      items.map((e) => e.audioUrl),
    ),
  ]);
  return json(
    {
      term,
      filter,
      view,
      meta,
      ...personal,
      results: {
        ...rest,
        episodes: items.map(episodeCard),
        marks,
      },
    },
    { headers: browseHeaders(view) },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const shouldRevalidate = keepPageAfterRefusedWrite;

/**
 * docs/product.md §2 Search: 'Search: <term>' and episode cards, or 'No Results for "<term>"';
 * with the matched words marked, the count, pages and a correction when nothing matched.
 */
export default function Search() {
  const { term, results, filter, ...data } = useLoaderData<typeof loader>();
  const view = useShownView(data.view);
  if (!term.trim())
    return (
      <section className="section" aria-labelledby="search-title">
        <h1 id="search-title">{searchHeading(term)}</h1>
        <p className="muted">{EMPTY_SEARCH_TEXT}</p>
      </section>
    );
  if (!results)
    return (
      <section className="section" aria-labelledby="search-title">
        <h1 id="search-title">{searchHeading(term)}</h1>
        <p className="muted">{LOADING_TEXT}</p>
      </section>
    );
  const { episodes, marks, total, more, page, pageCount, suggestion } = results;
  return (
    <section className="section" aria-labelledby="search-title">
      <h1 id="search-title">{searchHeading(term)}</h1>
      {episodes.length || filter !== "all" ? (
        <>
          <p className="muted" aria-live="polite">
            {resultCountText(total, more)}
            {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
          </p>
          <BrowseControls view={data.view} filter={filter} />
          <h2 className="visually-hidden">Results</h2>
          {episodes.length ? (
            <EpisodeShelf view={view} episodes={episodes} marks={marks} label="Search results" />
          ) : (
            <p className="muted">{filterEmptyText(filter)}</p>
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            link={(p) => `${searchLink(term, p)}${filter === "all" ? "" : `&filter=${filter}`}`}
            prev="← Previous"
            next="Next →"
          />
        </>
      ) : (
        <>
          <p className="no-results" aria-live="polite">
            {noResultsText(term)}
          </p>
          {suggestion ? (
            <p className="did-you-mean">
              {DID_YOU_MEAN} <Link to={searchLink(suggestion)}>{suggestion}</Link>?
            </p>
          ) : null}
          <div className="search-help">
            <p className="muted">Try another word, or browse the archive by era:</p>
            <ul className="chip-list" aria-label="Eras">
              {STATIONS.map((s) => (
                <li key={s}>
                  <Link to={eraLink(s)} className="chip">
                    {s}
                  </Link>
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
