import type { Catalog } from "~/services/catalog.server";
import type { Episode, Page, Sponsor } from "~/services/types";
import type { Station } from "~/rules/eras";
import type { Db } from "./db.server";
import { toCrewMember, toEpisode, toSponsor, type EpisodeDbRow } from "../shapes/stored-rows.server";
import { foldTitle } from "../shapes/search-text.server";

const EPISODE_COLUMNS =
  "series, object_id, title, description, subtext, episode_url, podcast_image, background_image, pubdate, canbashow, era, duration, file_size";

/**
 * Full-text query for FTS5 from what a listener typed: words only (no FTS syntax can leak in),
 * each as a quoted prefix so partial words match ("antenn" finds "antenna").
 */
export function ftsQuery(term: string, joiner: "AND" | "OR" = "AND"): string | null {
  const words =
    term
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  if (unique.length === 0) return null;
  return unique.map((w) => `"${w}"*`).join(` ${joiner} `);
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
  // Newest first among the episodes a full-text query matches, without running a ranking
  // function over every match (ADR 011). Two plans, picked by a capped count of the matches:
  // - many matches: walk the pubdate index and test each row against the match set (a
  //   bloom-filtered list); dense matches fill the page after a few rows;
  // - few matches: look the matches up by rowid and rank them by relevance (FTS5 bm25, a title
  //   hit weighing 8× a description hit), newest first on ties — cheap below DENSE rows
  //   (walking 20,000 index rows to find three would cost more).
  const DENSE = 500;
  const matchCount = db.prepare(
    `SELECT count(*) AS n FROM (SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ? LIMIT ${DENSE})`,
  );
  const newestDense = db.prepare(`SELECT ${EPISODE_COLUMNS}, rowid_ FROM episodes
    WHERE series = 'main' AND rowid_ IN (SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ?)
    ORDER BY pubdate DESC LIMIT ?`);
  const newestSparse = db.prepare(`SELECT ${EPISODE_COLUMNS.split(", ")
    .map((c) => `e.${c}`)
    .join(", ")}, e.rowid_
    FROM episodes_fts f JOIN episodes e ON e.rowid_ = f.rowid
    WHERE episodes_fts MATCH ? AND e.series = 'main'
    ORDER BY bm25(episodes_fts, 8.0, 1.0), e.pubdate DESC LIMIT ?`);
  type Row = EpisodeDbRow & { rowid_: number };
  const newest = (query: string, limit: number): Row[] => {
    const n = (matchCount.get(query) as { n: number }).n;
    if (n === 0) return [];
    return (n < DENSE ? newestSparse : newestDense).all(query, limit) as Row[];
  };
  /** Title matches first, then the other matches (description), each newest first. */
  const search = (query: string, limit: number): EpisodeDbRow[] => {
    const inTitle = newest(`{title} : (${query})`, limit);
    if (inTitle.length >= limit) return inTitle;
    const seen = new Set(inTitle.map((r) => r.rowid_));
    const rest = newest(query, limit + inTitle.length).filter((r) => !seen.has(r.rowid_));
    return [...inTitle, ...rest].slice(0, limit);
  };
  const eraPage = db.prepare(
    `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE series = 'main' AND era = ? ORDER BY pubdate DESC LIMIT ? OFFSET ?`,
  );
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
      const strict = ftsQuery(term, "AND");
      if (!strict) return [];
      const rows = search(strict, limit);
      if (rows.length > 0) return rows.map(toEpisode);
      const loose = ftsQuery(term, "OR");
      return loose && loose !== strict ? search(loose, limit).map(toEpisode) : [];
    },
    async episodesByEra(station: Station, page, pageSize): Promise<Page<Episode>> {
      const total = (eraCount.get(station) as { n: number }).n;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const p = Math.min(Math.max(1, page), pageCount);
      const items = (eraPage.all(station, pageSize, (p - 1) * pageSize) as EpisodeDbRow[]).map(toEpisode);
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
