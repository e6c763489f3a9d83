import type { Catalog } from "~/services/catalog.server";
import type { Page, Episode } from "~/services/types";
import { hasNul, type Pg } from "./db.server";
import { foldTitle, searchWords } from "../shapes/search-text.server";
import { toCrewMember, toEpisode, toSponsor, type EpisodeDbRow } from "../shapes/stored-rows.server";

const EPISODE_COLUMNS = `series, object_id, title, description, subtext, episode_url, podcast_image, background_image,
  to_char(pubdate AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS pubdate, canbashow, era, duration, file_size`;

/**
 * A tsquery from what a listener typed, as the embedded SQLite search reads it: its words only
 * (folded like the stored ones, so no query syntax can leak in), each a prefix, all of them
 * ("&") or any ("|"); at most 8.
 */
export function tsQuery(term: string, joiner: "&" | "|"): string | null {
  const words = [...new Set(searchWords(term))].slice(0, 8);
  return words.length ? words.map((w) => `'${w}':*`).join(` ${joiner} `) : null;
}

/** Above this many matches a search lists the newest first instead of ranking them (ADR 011). */
const DENSE = 500;

/** Episodes, Cold Cut, sponsors and crew from PostgreSQL; search over tsvector columns (GIN). */
export function createPostgresCatalog(pool: Pg): Catalog {
  // "episodes.pubdate": a bare "pubdate" in ORDER BY is the output column (text), which no
  // index orders.
  const episodes = async (sql: string, values: unknown[]) =>
    (await pool.query<EpisodeDbRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes ${sql}`, values)).rows.map(toEpisode);
  // The plan of the embedded catalog (ADR 011), picked by a capped count of the matches: many
  // matches, walk the pubdate index and test each row (a dense match fills the page after a few
  // rows); few, rank them all (ts_rank, a title word weighing ten description words), newest
  // first on ties. Ranking thousands of matches is what made a common word slow.
  const matching = async (match: string, query: string, limit: number) => {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM episodes, to_tsquery('simple', $1) AS q
       WHERE series = 'main' AND ${match} LIMIT ${DENSE}) m`,
      [query],
    );
    const n = rows[0]!.n;
    if (n === 0) return [];
    const rank = n < DENSE ? "ts_rank(document, q) DESC," : "";
    return episodes(
      `, to_tsquery('simple', $1) AS q WHERE series = 'main' AND ${match}
       ORDER BY ${rank} episodes.pubdate DESC LIMIT $2`,
      [query, limit],
    );
  };
  /** Title matches first, then description-only matches. */
  const search = async (query: string, limit: number) => {
    const inTitle = await matching("title_tsv @@ q", query, limit);
    if (inTitle.length >= limit) return inTitle;
    return [...inTitle, ...(await matching("document @@ q AND NOT title_tsv @@ q", query, limit - inTitle.length))];
  };
  const data = async (sql: string, values: unknown[] = []) =>
    (await pool.query<{ data: unknown }>(sql, values)).rows.map((r) => r.data);
  const crew = async () =>
    (
      await data(`SELECT data FROM crew ORDER BY coalesce(substring(id from '^-?[0-9]+')::numeric, 0), id COLLATE "C"`)
    ).flatMap((d) => toCrewMember(d) ?? []);

  return {
    latestEpisodes: (limit) => episodes("WHERE series = 'main' ORDER BY episodes.pubdate DESC LIMIT $1", [limit]),
    async episodeByTitle(title, series) {
      if (hasNul(title)) return null;
      const [hit] = await episodes(
        "WHERE series = $1 AND (title = $2 OR title_folded = $3) ORDER BY title = $2 DESC LIMIT 1",
        [series, title, foldTitle(title)],
      );
      return hit ?? null;
    },
    async searchEpisodes(term, limit) {
      const strict = tsQuery(term, "&");
      if (!strict) return [];
      const hits = await search(strict, limit);
      if (hits.length > 0) return hits;
      const loose = tsQuery(term, "|");
      return loose && loose !== strict ? search(loose, limit) : [];
    },
    async episodesByEra(station, page, pageSize): Promise<Page<Episode>> {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*) AS n FROM episodes WHERE series = 'main' AND era = $1",
        [station],
      );
      const total = rows[0]!.n;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const p = Math.min(Math.max(1, page), pageCount);
      // The page's ids first, from the index alone: a deep page then costs skipped index
      // entries, not skipped rows.
      const items = await episodes(
        `WHERE id IN (SELECT id FROM episodes WHERE series = 'main' AND era = $1
           ORDER BY pubdate DESC LIMIT $2 OFFSET $3)
         ORDER BY episodes.pubdate DESC`,
        [station, pageSize, (p - 1) * pageSize],
      );
      return { items, total, page: p, pageCount };
    },
    allEpisodes: (series, era) =>
      era
        ? episodes("WHERE series = $1 AND era = $2 ORDER BY episodes.pubdate DESC", [series, era])
        : episodes("WHERE series = $1 ORDER BY episodes.pubdate DESC", [series]),
    async sponsors() {
      return (await data(`SELECT data FROM sponsors ORDER BY id COLLATE "C"`)).flatMap((d) => toSponsor(d) ?? []);
    },
    crew,
    async crewByName(name) {
      if (hasNul(name)) return null;
      const [hit] = await data(
        "SELECT data FROM crew WHERE name = $1 OR name_folded = $2 ORDER BY name = $1 DESC LIMIT 1",
        [name.trim(), foldTitle(name)],
      );
      return hit === undefined ? null : toCrewMember(hit);
    },
    async bingoPicks() {
      return (await crew()).map((c) => ({ name: c.name, dpb: c.dpb }));
    },
  };
}
