import type { Catalog } from "~/services/catalog.server";
import type { Page, Episode } from "~/services/types";
import { hasNul, type Pg } from "./db.server";
import { foldTitle } from "../shapes/search-text.server";
import { createForgivingSearch, type MatchExpr } from "../shapes/forgiving-search.server";
import { toCrewMember, toEpisode, toSponsor, type EpisodeDbRow } from "../shapes/stored-rows.server";

const EPISODE_COLUMNS = `series, object_id, title, description, subtext, episode_url, podcast_image, background_image,
  to_char(pubdate AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS pubdate, canbashow, era, duration, file_size`;

/** A tsquery from a search's words (each quoted: no query syntax can leak in). */
export function tsQuery(match: MatchExpr): string {
  const quoted = (w: string) => `'${w.replaceAll("'", "''")}'`;
  return match
    .map(
      (clause) =>
        `(${clause
          .map((m) => {
            // Title words carry weight A in the document.
            const title = m.inTitle ? "A" : "";
            const any = [...m.words.map((w) => `${quoted(w)}${title ? `:${title}` : ""}`)];
            if (m.prefix) any.push(`${quoted(m.prefix)}:*${title}`);
            return `(${any.join(" | ")})`;
          })
          .join(" & ")})`,
    )
    .join(" | ");
}

/** Episodes, Cold Cut, sponsors and crew from PostgreSQL; search over tsvector columns (GIN). */
export function createPostgresCatalog(pool: Pg): Catalog {
  // "episodes.pubdate": a bare "pubdate" in ORDER BY is the output column (text), which no
  // index orders.
  const episodes = async (sql: string, values: unknown[]) =>
    (await pool.query<EpisodeDbRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes ${sql}`, values)).rows.map(toEpisode);
  const forgiving = createForgivingSearch({
    async vocabulary() {
      const { rows } = await pool.query<{ word: string; ndoc: number }>(
        "SELECT word, ndoc FROM ts_stat('SELECT document FROM episodes')",
      );
      return rows.map((r): [string, number] => [r.word, r.ndoc]);
    },
    async count(match) {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*) AS n FROM episodes WHERE document @@ to_tsquery('simple', $1)",
        [tsQuery(match)],
      );
      return rows[0]!.n;
    },
    newest: (match, limit) =>
      episodes("WHERE document @@ to_tsquery('simple', $1) ORDER BY episodes.pubdate DESC LIMIT $2", [
        tsQuery(match),
        limit,
      ]),
    async exactTitle(words) {
      const [hit] = await episodes("WHERE title_words = $1 ORDER BY episodes.pubdate DESC LIMIT 1", [words.join(" ")]);
      return hit ?? null;
    },
  });
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
      return (await forgiving.search(term, 1, limit)).items;
    },
    search: (term, page, pageSize) => forgiving.search(term, page, pageSize),
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
