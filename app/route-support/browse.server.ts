import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import {
  DEFAULT_FILTER,
  DEFAULT_VIEW,
  LIBRARY_FILTERS,
  LIBRARY_VIEWS,
  VIEW_COOKIE,
  VIEW_PARAM,
  keeps,
  listenState,
  type LibraryFilter,
  type LibraryView,
} from "~/rules/browse";
import { storedPositions } from "./positions.server";
import { badRequest } from "./responses.server";
import { cacheHeaders } from "./cache-policy";
import type { EpisodePosition } from "~/services/positions.server";
import type { Episode, Page } from "~/services/types";
import type { EraSort, Station } from "~/rules/eras";
import { SEARCH_PAGES_MAX } from "~/rules/search";
import type { SearchResults } from "~/services/catalog.server";

/** A preference, not a secret: readable on any scheme, a year long, never sent to another site. */
const viewCookie = createCookie(VIEW_COOKIE, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 86_400 });
const viewSchema = z.enum(LIBRARY_VIEWS);

/**
 * The listener's chosen view; no cookie, or one this version does not know, is the default.
 * `?view=` switches it: the choice is kept in the cookie and the page asked again without it (a
 * link, so the switch works without JavaScript; the page's own address stays the one to share).
 */
export async function libraryView(request: Request): Promise<LibraryView> {
  const url = new URL(request.url);
  const asked = url.searchParams.get(VIEW_PARAM);
  if (asked !== null) {
    const parsed = viewSchema.safeParse(asked);
    if (!parsed.success) throw badRequest(`The view must be ${LIBRARY_VIEWS.join(" or ")}.`);
    url.searchParams.delete(VIEW_PARAM);
    // Another view has other pages: the list starts again at its first.
    url.searchParams.delete("page");
    throw redirect(`${url.pathname}${url.search}`, {
      headers: { ...cacheHeaders("private"), "Set-Cookie": await viewCookie.serialize(parsed.data) },
    });
  }
  const value: unknown = await viewCookie.parse(request.headers.get("Cookie")).catch(() => null);
  const parsed = viewSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_VIEW;
}

/** `?filter=`: none is the default, junk is a 400 naming the choices. */
export function queryFilter(url: URL): LibraryFilter {
  const raw = url.searchParams.get("filter");
  if (raw === null || raw === "") return DEFAULT_FILTER;
  const r = z.enum(LIBRARY_FILTERS).safeParse(raw);
  if (!r.success) throw badRequest(`The filter must be one of: ${LIBRARY_FILTERS.join(", ")}.`);
  return r.data;
}

/**
 * Which of `srcs` the filter keeps, by the signed-in listener's positions (signed out: none is
 * started or played). Read once per request, with the cards' own marks.
 */
export async function filterSources(
  context: AppLoadContext,
  filter: LibraryFilter,
  srcs: string[],
): Promise<Set<string>> {
  if (filter === DEFAULT_FILTER) return new Set(srcs);
  const positions = (await storedPositions(context)) ?? [];
  const bySrc = new Map<string, EpisodePosition>(positions.map((p) => [p.audioSrc, p]));
  return new Set(srcs.filter((src) => keeps(filter, listenState(bySrc.get(src)))));
}

/**
 * A list page's caching: the grid is the public page every anonymous listener shares; another
 * view is this listener's own (deploy/nginx.conf passes a request with the view cookie by).
 */
export const browseHeaders = (view: LibraryView) => cacheHeaders(view === DEFAULT_VIEW ? "publicPage" : "private");

/** One page (1-based) of a list already in memory. */
export function pageOf<T>(items: T[], page: number, size: number): Page<T> {
  return {
    items: items.slice((page - 1) * size, page * size),
    total: items.length,
    page,
    pageCount: Math.max(1, Math.ceil(items.length / size)),
  };
}

/**
 * An era's episodes for the list page: the catalog's own page when nothing is filtered out, else
 * the era's episodes the filter keeps, paged here (an era is a few dozen episodes).
 */
export async function eraEpisodes(
  context: AppLoadContext,
  station: Station,
  { page, size, sort, filter }: { page: number; size: number; sort: EraSort; filter: LibraryFilter },
): Promise<Page<Episode>> {
  const { catalog } = context.services;
  if (filter === DEFAULT_FILTER) return catalog.episodesByEra(station, page, size, sort);
  const all = await catalog.allEpisodes("main", station);
  const ordered = sort === "oldest" ? [...all].reverse() : all;
  const kept = await filterSources(
    context,
    filter,
    ordered.map((e) => e.audioUrl),
  );
  return pageOf(
    ordered.filter((e) => kept.has(e.audioUrl)),
    page,
    size,
  );
}

/**
 * Search results the filter keeps: the catalog's own page when nothing is filtered out, else
 * every listed result (SEARCH_PAGES_MAX pages) filtered, then paged here.
 */
export async function filteredSearch(
  context: AppLoadContext,
  term: string,
  page: number,
  size: number,
  filter: LibraryFilter,
): Promise<SearchResults> {
  const { catalog } = context.services;
  if (filter === DEFAULT_FILTER) return catalog.search(term, page, size);
  const all = await catalog.search(term, 1, SEARCH_PAGES_MAX * size);
  const kept = await filterSources(
    context,
    filter,
    all.items.map((e) => e.audioUrl),
  );
  const { items, total, pageCount } = pageOf(
    all.items.filter((e) => kept.has(e.audioUrl)),
    page,
    size,
  );
  return { ...all, items, total, more: false, page, pageCount };
}
