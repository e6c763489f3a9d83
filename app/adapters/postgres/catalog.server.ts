import type { Catalog } from "~/services/catalog.server";
import type { Page, Episode } from "~/services/types";
import { hasNul, type Pg } from "./db.server";
import { foldTitle } from "~/search/search-text.server";
import pg from "pg";
import { createForgivingSearch, type MatchExpr, type WordMatch } from "~/search/forgiving-search.server";
import { toCrewMember, toEpisode, toSponsor, type EpisodeDbRow } from "../shapes/stored-rows.server";

const EPISODE_COLUMNS = `series, object_id, title, description, subtext, episode_url, podcast_image, background_image,
  to_char(pubdate AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS pubdate, canbashow, era, duration, file_size,
  chapters_url, transcript_url, soundbites`;

const quoted = (w: string) => `'${w.replaceAll("'", "''")}'`;

/** A tsquery's text: for each match, any of its words or its word start. */
const anyOf = (matches: WordMatch[]) =>
  matches
    .map((m) => `(${[...m.words.map(quoted), ...(m.prefix ? [`${quoted(m.prefix)}:*`] : [])].join(" | ")})`)
    .join(" & ");

/**
 * The SQL condition of a match, its tsqueries inlined as escaped literals. Title words are asked of
 * `title_tsv`, whose statistics are the title's own: a weight in `document` is invisible to the
 * planner's estimates and makes every candidate row's document be read again. Clauses of the same
 * words that differ only in which are in the title become one (a title's words are in the
 * document too): all words in the document, any of the title sets in the title.
 */
export function searchCondition(match: MatchExpr): string {
  const clauses = new Map<string, { words: WordMatch[]; titled: WordMatch[][] }>();
  for (const clause of match) {
    const key = JSON.stringify(clause.map((m) => [m.words, m.prefix]));
    const c = clauses.get(key) ?? clauses.set(key, { words: clause, titled: [] }).get(key)!;
    c.titled.push(clause.filter((m) => m.inTitle));
  }
  const ts = (text: string) => `to_tsquery('simple', ${pg.escapeLiteral(text)})`;
  return [...clauses.values()]
    .map(({ words, titled }) => {
      const inDocument = `document @@ ${ts(anyOf(words))}`;
      if (titled.some((t) => t.length === 0)) return `(${inDocument})`;
      const inTitle = `title_tsv @@ ${ts(titled.map((t) => `(${anyOf(t)})`).join(" | "))}`;
      return titled.every((t) => t.length === words.length) ? `(${inTitle})` : `(${inDocument} AND ${inTitle})`;
    })
    .join(" OR ");
}

/** Episodes, Cold Cut, sponsors and crew from PostgreSQL; search over tsvector columns (GIN). */
export function createPostgresCatalog(pool: Pg): Catalog {
  // "episodes.pubdate": a bare "pubdate" in ORDER BY is the output column (text), which no
  // index orders.
  const episodes = async (sql: string, values: unknown[]) =>
    (await pool.query<EpisodeDbRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes ${sql}`, values)).rows.map(toEpisode);
  /**
   * A search statement planned without the scans named: the planner prices matching a document as
   * one comparison, so it would read and match every row where the index's bitmap costs a tenth,
   * and its estimates for word starts and rare words are guesses. One round trip: the settings last
   * for this query string only, so the statement is inlined.
   */
  const planned = async <R extends pg.QueryResultRow>(sql: string, without: string[]) => {
    const settings = without.map((scan) => `SET LOCAL enable_${scan} = off; `).join("");
    const results = (await pool.query(settings + sql)) as unknown as pg.QueryResult<R>[];
    return results.at(-1)!.rows;
  };
  const forgiving = createForgivingSearch({
    async vocabulary() {
      const { rows } = await pool.query<{ word: string; ndoc: number }>(
        "SELECT word, ndoc FROM ts_stat('SELECT document FROM episodes')",
      );
      return rows.map((r): [string, number] => [r.word, r.ndoc]);
    },
    async count(match, atMost) {
      const matching = `SELECT FROM episodes WHERE ${searchCondition(match)}`;
      const sql = `SELECT count(*) AS n FROM (${matching}${atMost === undefined ? "" : ` LIMIT ${Math.trunc(atMost)}`}) m`;
      return (await planned<{ n: number }>(sql, ["seqscan", "indexscan"]))[0]!.n;
    },
    // Many matches walk the pubdate index and test each row; few are read through the index's
    // bitmap and sorted.
    newest: async (match, limit, dense) =>
      (
        await planned<EpisodeDbRow>(
          `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE ${searchCondition(match)}
           ORDER BY episodes.pubdate DESC LIMIT ${Math.trunc(limit)}`,
          dense ? ["seqscan", "bitmapscan"] : ["seqscan", "indexscan"],
        )
      ).map(toEpisode),
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
    async episodesByEra(station, page, pageSize, sort = "newest"): Promise<Page<Episode>> {
      const order = sort === "oldest" ? "ASC" : "DESC";
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
           ORDER BY pubdate ${order} LIMIT $2 OFFSET $3)
         ORDER BY episodes.pubdate ${order}`,
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
