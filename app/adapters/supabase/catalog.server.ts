import { z } from "zod";
import type { Catalog, Series } from "~/services/catalog.server";
import type { Episode } from "~/services/types";
import { getJson, headLength, RemoteError, type FetchLike } from "../http/remote-json.server";
import {
  crewRowSchema,
  episodeRowSchema,
  mapCrewRow,
  mapEpisodeRow,
  mapSponsorRow,
  parseRows,
  sponsorRowSchema,
  dpbSchema,
} from "../shapes/catalog-rows.server";
import { resultsPage } from "~/search/forgiving-search.server";
import { SEARCH_PAGES_MAX } from "~/rules/search";

/**
 * The show's data service: Supabase (PostgREST), docs/product.md §7 "Data service (REST)".
 * - the anonymous key on every call (`apikey` and `Authorization: Bearer`);
 * - `Platform: WebApp` on episode calls and on the crew list call;
 * - `Request-Type: Episode-Display` / `ColdCut-Display` on the one-episode call;
 * - the list answers are validated row by row (a junk row is skipped, a junk answer is a failure).
 * Every list call names its limit, so a hosted PostgREST's max-rows never cuts one silently: era
 * pages add `limit`/`offset` and `Prefer: count=exact` to the spec's era call (a page past the end,
 * PostgREST's 416, gives the last page), search asks for its limit, and the feeds' full lists are
 * read in pages until the counted total (docs/decisions/013-remote-services.md,
 * 021-real-services-contract.md). An episode without `EpisodeSize` gets its audio file's size
 * from one HEAD request, remembered for the life of the process.
 */
export interface SupabaseConfig {
  /** Project URL, e.g. https://xyz.supabase.co (the REST root is <url>/rest/v1/). */
  url: string;
  anonKey: string;
  /** The Cold Cut table (same shape as Episodes). */
  coldCutTable: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}

export const PLATFORM_HEADER = { Platform: "WebApp" } as const;
export const REQUEST_TYPE = { main: "Episode-Display", coldcut: "ColdCut-Display" } as const;

const list = z.array(z.unknown());
/** Rows per call of a full list; a server with a lower max-rows answers fewer, and paging goes on. */
export const FULL_LIST_PAGE = 1000;
/** Audio files measured (HEAD) at once. */
const MEASURE_CONCURRENCY = 4;

/** PostgREST's Content-Range: "0-23/51", or "*\/51" on a 416 → 51. */
const totalOf = (headers: Headers | null) => {
  const total = /\/(\d+)$/.exec(headers?.get("Content-Range") ?? "")?.[1];
  return total === undefined ? null : Number(total);
};

export function createSupabaseCatalog(config: SupabaseConfig): Catalog {
  const root = `${config.url.replace(/\/+$/, "")}/rest/v1/`;
  const auth = { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` };
  // PostgREST values: percent-encode everything that is not unreserved (commas, parentheses and
  // dots in user text must not become PostgREST syntax).
  const value = (v: string) =>
    encodeURIComponent(v).replace(/[!'()*.]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const get = (path: string, headers: Record<string, string> = {}) =>
    getJson(`${root}${path}`, list, {
      fetch: config.fetch,
      timeoutMs: config.timeoutMs,
      headers: { ...auth, ...headers },
    });

  const episodes = (rows: unknown[], coldcut: boolean, what: string): Episode[] =>
    parseRows(episodeRowSchema, rows, what).map((r) => mapEpisodeRow(r, coldcut));

  /** Every row of a query, page by page, however few rows the server's max-rows lets through. */
  const everyRow = async (query: string, headers: Record<string, string>) => {
    const rows: unknown[] = [];
    for (;;) {
      const { data, headers: answer } = await get(`${query}&limit=${FULL_LIST_PAGE}&offset=${rows.length}`, {
        ...headers,
        Prefer: "count=exact",
      });
      rows.push(...data);
      const total = totalOf(answer) ?? rows.length;
      if (data.length === 0 || rows.length >= total) return rows;
    }
  };

  const sizes = new Map<string, number>();
  const withSizes = async (list: Episode[]): Promise<Episode[]> => {
    const unknown = [
      ...new Set(
        list
          .filter((e) => e.fileSize === null && /^https?:/i.test(e.audioUrl) && !sizes.has(e.audioUrl))
          .map((e) => e.audioUrl),
      ),
    ];
    let next = 0;
    const worker = async () => {
      while (next < unknown.length) {
        const url = unknown[next++]!;
        const size = await headLength(url, { fetch: config.fetch, timeoutMs: config.timeoutMs });
        if (size !== null) sizes.set(url, size);
      }
    };
    await Promise.all(Array.from({ length: Math.min(MEASURE_CONCURRENCY, unknown.length) }, worker));
    return list.map((e) => (e.fileSize === null ? { ...e, fileSize: sizes.get(e.audioUrl) ?? null } : e));
  };
  const table = (series: Series) => (series === "coldcut" ? config.coldCutTable : "Episodes");

  return {
    async latestEpisodes(limit) {
      const { data } = await get(`Episodes?order=pubdate.desc&limit=${limit}`, PLATFORM_HEADER);
      return episodes(data, false, "Episodes");
    },
    async episodeByTitle(title, series) {
      const { data } = await get(`${table(series)}?title=plfts.${value(title)}`, {
        ...PLATFORM_HEADER,
        "Request-Type": REQUEST_TYPE[series],
      });
      const found = episodes(data, series === "coldcut", table(series));
      // docs/product.md §7: "The response is a list and the first item is used" — an exact title wins
      // when the phrase search also matched longer titles.
      return found.find((e) => e.title.toLowerCase() === title.toLowerCase()) ?? found[0] ?? null;
    },
    async searchEpisodes(term, limit) {
      if (!term.trim()) return [];
      const { data } = await get(`Episodes?description=plfts.${value(term)}&limit=${limit}`, PLATFORM_HEADER);
      return episodes(data, false, "Episodes").slice(0, limit);
    },
    async search(term, page, pageSize) {
      return resultsPage(term, await this.searchEpisodes(term, SEARCH_PAGES_MAX * pageSize), page, pageSize);
    },
    async episodesByEra(station, page, pageSize, sort = "newest") {
      const order = sort === "oldest" ? "asc" : "desc";
      const eraPage = (n: number) =>
        get(`Episodes?order=pubdate.${order}&era=eq.${value(station)}&limit=${pageSize}&offset=${(n - 1) * pageSize}`, {
          ...PLATFORM_HEADER,
          Prefer: "count=exact",
        });
      let wanted = Math.max(1, page);
      let answer;
      try {
        answer = await eraPage(wanted);
      } catch (error) {
        // Past the end: PostgREST refuses the range (416, PGRST103) and names the row count.
        const total = error instanceof RemoteError && error.status === 416 ? totalOf(error.headers) : null;
        if (total === null) throw error;
        wanted = Math.max(1, Math.ceil(total / pageSize));
        answer = await eraPage(wanted);
      }
      const items = episodes(answer.data, false, "Episodes");
      const total = totalOf(answer.headers) ?? (wanted - 1) * pageSize + items.length;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      return { items, total, page: Math.min(wanted, pageCount), pageCount };
    },
    async allEpisodes(series, era) {
      const filter = era ? `&era=eq.${value(era)}` : "";
      const rows = await everyRow(`${table(series)}?order=pubdate.desc${filter}`, PLATFORM_HEADER);
      return withSizes(episodes(rows, series === "coldcut", table(series)));
    },
    async sponsors() {
      const { data } = await get("Sponsors");
      return parseRows(sponsorRowSchema, data, "Sponsors").map(mapSponsorRow);
    },
    async crew() {
      const { data } = await get("CrewBios", PLATFORM_HEADER);
      return parseRows(crewRowSchema, data, "CrewBios").map(mapCrewRow);
    },
    async crewByName(name) {
      const { data } = await get(`CrewBios?Name=plfts.${value(name)}`);
      const rows = parseRows(crewRowSchema, data, "CrewBios").map(mapCrewRow);
      return rows.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()) ?? rows[0] ?? null;
    },
    async bingoPicks() {
      const { data } = await get("CrewBios?select=Name,DPB");
      return parseRows(z.object({ Name: z.string().min(1), DPB: dpbSchema }), data, "CrewBios").map((r) => ({
        name: r.Name,
        dpb: r.DPB,
      }));
    },
  };
}
