import type { Catalog } from "~/services/catalog.server";
import type { Episode, Page, Sponsor } from "~/services/types";
import type { Station } from "~/rules/eras";
import type { Db } from "./db.server";
import { toCrewMember, toEpisode, toSponsor, type EpisodeDbRow } from "../shapes/stored-rows.server";
import { foldTitle } from "~/search/search-text.server";
import { searchWords } from "~/rules/search";
import { createForgivingSearch, type MatchExpr } from "~/search/forgiving-search.server";

const EPISODE_COLUMNS =
  "series, object_id, title, description, subtext, episode_url, podcast_image, background_image, pubdate, canbashow, era, duration, file_size, chapters_url, transcript_url, soundbites";

/** An FTS5 query from a search's words (each quoted: no FTS syntax can leak in). */
export function ftsQuery(match: MatchExpr): string {
  const quoted = (w: string) => `"${w.replaceAll('"', '""')}"`;
  return match
    .map(
      (clause) =>
        `(${clause
          .map((m) => {
            const any = [...m.words.map(quoted), ...(m.prefix ? [`${quoted(m.prefix)}*`] : [])].join(" OR ");
            return m.inTitle ? `{title} : (${any})` : `(${any})`;
          })
          .join(" AND ")})`,
    )
    .join(" OR ");
}

export function createSqliteCatalog(db: Db): Catalog {
  db.function("fold_title", { deterministic: true }, (v: unknown) => (typeof v === "string" ? foldTitle(v) : null));
  const latest = db.prepare(
    `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = 'main' ORDER BY pubdate DESC LIMIT ?`,
  );
  const byTitle = db.prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = ? AND title = ? LIMIT 1`);
  const byFoldedTitle = db.prepare(
    `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = ? AND fold_title(title) = ? LIMIT 1`,
  );
  // Newest first among the episodes a full-text query matches, without sorting every match
  // (ADR 011): many matches walk the pubdate index and test each row against the match set;
  // few are looked up by rowid and sorted (walking 20,000 index rows to find three costs more).
  const newestDense = db.prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes INDEXED BY episodes_newest
    WHERE rowid_ IN (SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ?)
    ORDER BY pubdate DESC LIMIT ?`);
  const newestSparse = db.prepare(`SELECT ${EPISODE_COLUMNS.split(", ")
    .map((c) => `e.${c}`)
    .join(", ")}
    FROM episodes_fts f JOIN episodes e ON e.rowid_ = f.rowid
    WHERE episodes_fts MATCH ? ORDER BY e.pubdate DESC LIMIT ?`);
  const total = db.prepare("SELECT count(*) AS n FROM episodes_fts WHERE episodes_fts MATCH ?").pluck();
  const capped = db
    .prepare("SELECT count(*) AS n FROM (SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ? LIMIT ?)")
    .pluck();
  const words = db.prepare("SELECT term, doc FROM episodes_fts_words").raw();
  // Titles that start with the words typed; a few are enough to find the one that is only them.
  const titleStart = db.prepare(`SELECT ${EPISODE_COLUMNS.split(", ")
    .map((c) => `e.${c}`)
    .join(", ")}
    FROM episodes_fts f JOIN episodes e ON e.rowid_ = f.rowid WHERE episodes_fts MATCH ? LIMIT 50`);
  const forgiving = createForgivingSearch({
    async vocabulary() {
      return words.all() as [string, number][];
    },
    async count(match, atMost) {
      return (atMost === undefined ? total.get(ftsQuery(match)) : capped.get(ftsQuery(match), atMost)) as number;
    },
    async newest(match, limit, dense) {
      return ((dense ? newestDense : newestSparse).all(ftsQuery(match), limit) as EpisodeDbRow[]).map(toEpisode);
    },
    async exactTitle(words) {
      const wanted = words.join(" ");
      const row = (titleStart.all(`{title} : ^"${wanted}"`) as EpisodeDbRow[]).find(
        (r) => searchWords(r.title).join(" ") === wanted,
      );
      return row ? toEpisode(row) : null;
    },
  });
  const eraPage = {
    newest: db.prepare(
      `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = 'main' AND era = ? ORDER BY pubdate DESC LIMIT ? OFFSET ?`,
    ),
    oldest: db.prepare(
      `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = 'main' AND era = ? ORDER BY pubdate ASC LIMIT ? OFFSET ?`,
    ),
  };
  const eraCount = db.prepare(`SELECT count(*) AS n FROM episodes WHERE series = 'main' AND era = ?`);
  const eraAll = db.prepare(
    `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = ? AND era = ? ORDER BY pubdate DESC`,
  );
  const seriesAll = db.prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = ? ORDER BY pubdate DESC`);
  const sponsors = db.prepare("SELECT data FROM sponsors ORDER BY id");
  const crew = db.prepare("SELECT data FROM crew ORDER BY CAST(id AS INTEGER), id");
  const crewByName = db.prepare("SELECT data FROM crew WHERE name = ? LIMIT 1");
  const crewByFoldedName = db.prepare("SELECT data FROM crew WHERE fold_title(name) = ? LIMIT 1");

  return {
    async latestEpisodes(limit) {
      return (latest.all(limit) as EpisodeDbRow[]).map(toEpisode);
    },
    async episodeByTitle(title, series) {
      const row = (byTitle.get(series, title) ?? byFoldedTitle.get(series, foldTitle(title))) as
        EpisodeDbRow | undefined;
      return row ? toEpisode(row) : null;
    },
    async searchEpisodes(term, limit) {
      return (await forgiving.search(term, 1, limit)).items;
    },
    search: (term, page, pageSize) => forgiving.search(term, page, pageSize),
    async episodesByEra(station: Station, page, pageSize, sort = "newest"): Promise<Page<Episode>> {
      const total = (eraCount.get(station) as { n: number }).n;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const p = Math.min(Math.max(1, page), pageCount);
      const items = (eraPage[sort].all(station, pageSize, (p - 1) * pageSize) as EpisodeDbRow[]).map(toEpisode);
      return { items, total, page: p, pageCount };
    },
    async allEpisodes(series, era) {
      return ((era ? eraAll.all(series, era) : seriesAll.all(series)) as EpisodeDbRow[]).map(toEpisode);
    },
    async sponsors(): Promise<Sponsor[]> {
      return (sponsors.all() as { data: string }[]).flatMap(({ data }) => toSponsor(data) ?? []);
    },
    async crew() {
      return (crew.all() as { data: string }[]).flatMap(({ data }) => toCrewMember(data) ?? []);
    },
    async crewByName(name) {
      const row = (crewByName.get(name.trim()) ?? crewByFoldedName.get(foldTitle(name))) as
        { data: string } | undefined;
      return row ? toCrewMember(row.data) : null;
    },
    async bingoPicks() {
      return (await this.crew()).map((c) => ({ name: c.name, dpb: c.dpb }));
    },
  };
}
