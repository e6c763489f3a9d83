import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import browseStyles from "~/styles/browse.css";
import { BrowseControls, useShownView } from "~/components/BrowseControls";
import { browseHeaders, eraEpisodes, libraryView, queryFilter } from "~/route-support/browse.server";
import { DEFAULT_FILTER, LIST_PAGE_SIZE, filterEmptyText, type LibraryFilter } from "~/rules/browse";
import { cardMarks } from "~/route-support/positions.server";
import { ShareIcon } from "~/ui/primitives";
import { PodcastFeedLink } from "~/components/PodcastFeedLink";
import { json, useLoaderData, Link } from "@remix-run/react";
import { EpisodeShelf } from "~/components/EpisodeList";
import { Pagination } from "~/components/Pagination";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { queryPage, querySort, queryText } from "~/route-support/input.server";
import { notFound } from "~/route-support/responses.server";
import { COMING_SOON_ALERT, ERA_PAGE_SIZE, LOADING_TEXT } from "~/rules/constants";
import { ERA_SORTS, eraFeedLink, eraLink, ERAS, parseStation, type EraSort } from "~/rules/eras";
import { ERA_DESCRIPTIONS } from "~/rules/era-descriptions";
import { episodeCard } from "~/route-support/cards.server";
import { orElse } from "~/route-support/or-else";
import { eraFeed, pageMeta, siteUrlOf } from "~/route-support/meta.server";
import { NewSince, SubscribeMenu } from "~/components/lazy-parts";
import { loaderMeta } from "~/route-support/meta";
import { keepPageAfterRefusedWrite } from "~/route-support/revalidation";
import { usePlayer } from "~/player/PlayerProvider";

export const meta = loaderMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: browseStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const station = parseStation(queryText(url, "station", { max: 100, label: "station" }));
  if (!station) throw notFound();
  const page = queryPage(url);
  const sort = querySort(url);
  const filter = queryFilter(url);
  const view = await libraryView(request);
  const era = { ...ERAS[station], description: ERA_DESCRIPTIONS[station] };
  // docs/product.md §8: the catalog failed and no copy is left → the era's header and 'Loading...', kept briefly.
  const episodes = await orElse(
    `era ${station}`,
    eraEpisodes(context, station, { page, size: view === "list" ? LIST_PAGE_SIZE : ERA_PAGE_SIZE, sort, filter }),
    () => null,
  );
  if (episodes && page > 1 && page > episodes.pageCount) throw notFound();
  const shown = episodes?.page ?? 1;
  const meta = pageMeta(args, {
    title: `${era.station} — The Ham Radio Show`,
    description: `${era.station} (${era.years}): every episode of The Ham Radio Show from that era, ${sort} first.`,
    path: eraPageLink(era.station, sort, shown),
    image: era.image,
    imageAlt: `${era.station} era, ${era.years}`,
    feeds: [eraFeed(era.station)],
  });
  const feedUrl = siteUrlOf(args, eraFeedLink(station));
  if (!episodes)
    return json({ era, sort, filter, view, episodes: null, meta, feedUrl }, { headers: cacheHeaders("error") });
  const personal = await cardMarks(
    context,
    episodes.items.map((e) => e.audioUrl),
  );
  return json(
    {
      era,
      sort,
      filter,
      view,
      episodes: { ...episodes, items: episodes.items.map(episodeCard) },
      meta,
      feedUrl,
      ...personal,
    },
    { headers: browseHeaders(view) },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const shouldRevalidate = keepPageAfterRefusedWrite;

/** An era page in an order; the default order, filter and the first page stay out of the address. */
function eraPageLink(station: string, sort: EraSort, page = 1, filter: LibraryFilter = DEFAULT_FILTER): string {
  return `${eraLink(station)}${sort === ERA_SORTS[0] ? "" : `&sort=${sort}`}${filter === DEFAULT_FILTER ? "" : `&filter=${filter}`}${page > 1 ? `&page=${page}` : ""}`;
}

const SORT_LABELS: Record<EraSort, string> = { newest: "Newest first", oldest: "Oldest first" };

/** docs/product.md §2 Era page: name, description, share icon ('Coming Soon!'), RSS icon, episodes newest first. */
export default function Era() {
  const { era, sort, filter, episodes, feedUrl, ...data } = useLoaderData<typeof loader>();
  const view = useShownView(data.view);
  const { page, pageCount, total } = episodes ?? { page: 1, pageCount: 0, total: 0 };
  const { dispatch } = usePlayer();
  return (
    <section className="section era-page" style={{ ["--era" as string]: era.accent }} aria-labelledby="era-title">
      <header className="era-page__header">
        <img src={era.image} alt="" width="240" height="144" />
        <div>
          <h1 id="era-title">{era.station}</h1>
          <p className="era-page__years">{era.years}</p>
          <p>{era.description}</p>
          <div className="era-page__actions">
            <SubscribeMenu feedUrl={feedUrl} show={`${era.station} — The Ham Radio Show`} />
            <button
              type="button"
              className="icon-button js-only"
              aria-label={`Share ${era.station}`}
              onClick={() => dispatch({ type: "notify", text: COMING_SOON_ALERT })}
            >
              <ShareIcon />
            </button>
            <noscript>
              {/* Without JavaScript the alert's message opens in place. */}
              <details className="nojs-share">
                <summary className="icon-button" aria-label={`Share ${era.station}`}>
                  <ShareIcon />
                </summary>
                <p role="status">{COMING_SOON_ALERT}</p>
              </details>
            </noscript>
            <PodcastFeedLink href={eraFeedLink(era.station)} show={era.station} />
          </div>
        </div>
      </header>
      <h2 className="visually-hidden">Episodes</h2>
      {episodes ? (
        <>
          <div className="era-page__list-head">
            <p className="muted">
              {total} episodes{pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
            </p>
            <nav className="sort-links" aria-label="Sort episodes">
              {ERA_SORTS.map((s) => (
                <Link
                  key={s}
                  to={eraPageLink(era.station, s, 1, filter)}
                  aria-current={s === sort ? "page" : undefined}
                >
                  {SORT_LABELS[s]}
                </Link>
              ))}
            </nav>
          </div>
          <BrowseControls view={data.view} filter={filter} />
          <NewSince dates={episodes.items.map((e) => e.date?.iso ?? null)} />
          {episodes.items.length ? (
            <EpisodeShelf view={view} episodes={episodes.items} label={`${era.station} episodes`} markNew />
          ) : (
            <p className="muted">{filterEmptyText(filter)}</p>
          )}
        </>
      ) : (
        <p className="muted">{LOADING_TEXT}</p>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        link={(p) => eraPageLink(era.station, sort, p, filter)}
        prev={sort === "oldest" ? "← Older" : "← Newer"}
        next={sort === "oldest" ? "Newer →" : "Older →"}
      />
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
