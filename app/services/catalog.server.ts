import type { EraSort, Station } from "~/rules/eras";
import type { CrewMember, Episode, Page, Sponsor } from "./types";

export type Series = "main" | "coldcut";

export interface SearchResults {
  items: Episode[];
  /**
   * Episodes found, counted up to SEARCH_COUNT_MAX (the pages list the first SEARCH_PAGES_MAX ×
   * pageSize of them).
   */
  total: number;
  /** More than `total` were found. */
  more: boolean;
  page: number;
  pageCount: number;
  /** The folded words, and the word starts, that matched: what a results page highlights. */
  highlight: { words: string[]; prefixes: string[] };
  /** When nothing matched: a corrected term that finds episodes. */
  suggestion: string | null;
}

/** Episodes, Cold Cut, sponsors and crew (docs/product.md §7 "Data service"). */
export interface Catalog {
  latestEpisodes(limit: number): Promise<Episode[]>;
  episodeByTitle(title: string, series: Series): Promise<Episode | null>;
  /** Ranked by relevance; an empty term yields no results. */
  searchEpisodes(term: string, limit: number): Promise<Episode[]>;
  /** One page (1-based) of the ranked results of both series, with what a results page shows (ADR 022). */
  search(term: string, page: number, pageSize: number): Promise<SearchResults>;
  /** Newest first unless `sort` says oldest. `page` is 1-based. */
  episodesByEra(station: Station, page: number, pageSize: number, sort?: EraSort): Promise<Page<Episode>>;
  /** Every episode of a series, or of one era of it, newest first (the podcast feeds, the sitemap). */
  allEpisodes(series: Series, era?: Station): Promise<Episode[]>;
  sponsors(): Promise<Sponsor[]>;
  crew(): Promise<CrewMember[]>;
  crewByName(name: string): Promise<CrewMember | null>;
  /** docs/product.md §7 "CrewBios?select=Name,DPB". */
  bingoPicks(): Promise<{ name: string; dpb: Record<string, string> | null }[]>;
}
