import { z } from "zod";
import type { Catalog, Series } from "~/services/catalog.server";
import type { Episode } from "~/services/types";
import { getJson, type FetchLike } from "../http/remote-json.server";
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
import { resultsPage } from "../shapes/forgiving-search.server";
import { SEARCH_PAGES_MAX } from "~/rules/search";

/**
 * The show's data service: Supabase (PostgREST), docs/product.md §7 "Data service (REST)".
 * - the anonymous key on every call (`apikey` and `Authorization: Bearer`);
 * - `Platform: WebApp` on episode calls and on the crew list call;
 * - `Request-Type: Episode-Display` / `ColdCut-Display` on the one-episode call;
 * - the list answers are validated row by row (a junk row is skipped, a junk answer is a failure).
 * Era pages add `limit`/`offset` and `Prefer: count=exact` to the spec's era call so large eras
 * paginate (see docs/decisions/013-remote-services.md).
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
      const { data } = await get(`Episodes?description=plfts.${value(term)}`, PLATFORM_HEADER);
      return episodes(data, false, "Episodes").slice(0, limit);
    },
    async search(term, page, pageSize) {
      return resultsPage(term, await this.searchEpisodes(term, SEARCH_PAGES_MAX * pageSize), page, pageSize);
    },
    async episodesByEra(station, page, pageSize) {
      const offset = (Math.max(1, page) - 1) * pageSize;
      const { data, headers } = await get(
        `Episodes?order=pubdate.desc&era=eq.${value(station)}&limit=${pageSize}&offset=${offset}`,
        {
          ...PLATFORM_HEADER,
          Prefer: "count=exact",
        },
      );
      const items = episodes(data, false, "Episodes");
      const total = Number(/\/(\d+)$/.exec(headers.get("Content-Range") ?? "")?.[1] ?? offset + items.length);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      return { items, total, page: Math.min(Math.max(1, page), pageCount), pageCount };
    },
    async allEpisodes(series, era) {
      const filter = era ? `&era=eq.${value(era)}` : "";
      const { data } = await get(`${table(series)}?order=pubdate.desc${filter}`, PLATFORM_HEADER);
      return episodes(data, series === "coldcut", table(series));
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
