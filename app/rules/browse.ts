/**
 * Browsing the archive like a library: a compact list beside the grid, filters by what the
 * listener has heard, and what is new since their previous visit. Not in docs/product.md; the
 * product's cards and strings stay as they are in both views.
 */
import { isPlayed } from "./library";

export type ListenState = "unplayed" | "in-progress" | "played";
/** An episode's state for its listener: marked or within the end is played; a place past 0 is in progress. */
export function listenState(p: { position: number; duration: number; played: boolean } | undefined): ListenState {
  if (!p) return "unplayed";
  if (p.played || isPlayed(p.position, p.duration)) return "played";
  return p.position > 0 && p.duration > 0 ? "in-progress" : "unplayed";
}

/** How episode lists show: the product's grid of cards, or one compact row per episode. */
export const LIBRARY_VIEWS = ["grid", "list"] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];
export const DEFAULT_VIEW: LibraryView = "grid";
/** The cookie that remembers the view (read by the server, so it holds without JavaScript). */
export const VIEW_COOKIE = "hrs_view";
/** The query parameter of the link that switches the view. */
export const VIEW_PARAM = "view";
export const VIEW_LABELS: Record<LibraryView, string> = { grid: "Grid", list: "List" };

/** The list view shows a whole era at once (an era holds a few dozen episodes). */
export const LIST_PAGE_SIZE = 100;

/** `?filter=`: which episodes a list shows, by the listener's positions and played marks. */
export const LIBRARY_FILTERS = ["all", "unplayed", "in-progress", "played"] as const;
export type LibraryFilter = (typeof LIBRARY_FILTERS)[number];
export const DEFAULT_FILTER: LibraryFilter = "all";
export const FILTER_LABELS: Record<LibraryFilter, string> = {
  all: "All",
  unplayed: "Unplayed",
  "in-progress": "In progress",
  played: "Played",
};
export const FILTER_SIGNED_OUT = "Sign in to filter episodes by what you have played.";
export const filterEmptyText = (filter: LibraryFilter) =>
  filter === "all" ? "No episodes here yet." : `No ${FILTER_LABELS[filter].toLowerCase()} episodes here.`;

/** Whether a list with `filter` shows an episode in `state` (rules/library.ts listenState). */
export const keeps = (filter: LibraryFilter, state: ListenState) => filter === "all" || state === filter;

/** The link that switches to `view` from this address. */
export function viewLink(path: string, search: string, view: LibraryView): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.set(VIEW_PARAM, view);
  return `${path}?${params.toString()}`;
}

/** The same address with another filter; the default stays out of it, and a new filter starts at page 1. */
export function withFilter(path: string, search: string, filter: LibraryFilter, page = 1): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("filter");
  if (filter !== DEFAULT_FILTER) params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
