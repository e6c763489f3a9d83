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

/** Episodes, Cold Cut, sponsors and crew from PostgreSQL; search over tsvector columns (GIN). */
export function createPostgresCatalog(pool: Pg): Catalog {
  const episodes = async (sql: string, values: unknown[]) =>
    (await pool.query<EpisodeDbRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes ${sql}`, values)).rows.map(toEpisode);
  // Title matches first, then description-only matches; each by relevance (ts_rank, a title
  // word weighing ten description words), newest first on ties.
  const search = (query: string, limit: number) =>
    episodes(
      `, to_tsquery('simple', $1) AS q WHERE series = 'main' AND document @@ q
       ORDER BY title_tsv @@ q DESC, ts_rank(document, q) DESC, pubdate DESC LIMIT $2`,
      [query, limit],
    );
  const data = async (sql: string, values: unknown[] = []) =>
    (await pool.query<{ data: unknown }>(sql, values)).rows.map((r) => r.data);
  const crew = async () =>
    (
      await data(`SELECT data FROM crew ORDER BY coalesce(substring(id from '^-?[0-9]+')::numeric, 0), id COLLATE "C"`)
    ).flatMap((d) => toCrewMember(d) ?? []);

  return {
    latestEpisodes: (limit) => episodes("WHERE series = 'main' ORDER BY pubdate DESC LIMIT $1", [limit]),
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
      const items = await episodes("WHERE series = 'main' AND era = $1 ORDER BY pubdate DESC LIMIT $2 OFFSET $3", [
        station,
        pageSize,
        (p - 1) * pageSize,
      ]);
      return { items, total, page: p, pageCount };
    },
    allEpisodes: (series, era) =>
      era
        ? episodes("WHERE series = $1 AND era = $2 ORDER BY pubdate DESC", [series, era])
        : episodes("WHERE series = $1 ORDER BY pubdate DESC", [series]),
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
