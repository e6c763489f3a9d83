/**
 * The embedded catalog and content stores, each suite run on SQLite (a throwaway DATA_DIR) and
 * on PostgreSQL, both seeded from the bundled sample catalog (sample/*.json). Expectations are
 * computed from the sample files themselves, so the tests keep holding as the catalog grows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog, ftsQuery } from "~/adapters/sqlite/catalog.server";
import { createSqliteContent, createSqliteGallery } from "~/adapters/sqlite/content.server";
import { createPostgresCatalog, searchCondition } from "~/adapters/postgres/catalog.server";
import { createPostgresContent, createPostgresGallery } from "~/adapters/postgres/content.server";
import { episodeSearchColumns, openPostgres, preparePostgres } from "~/adapters/postgres/db.server";
import type { Catalog, SearchResults } from "~/services/catalog.server";
import type { WordMatch } from "~/search/forgiving-search.server";
import type { Content, Gallery } from "~/services/content.server";
import { STATIONS } from "~/rules/eras";
import { parseVtt } from "~/rules/transcript";
import { LATEST_EPISODES_COUNT, HOME_NEWS_COUNT } from "~/rules/constants";
import { bothEngines, type Engine } from "../support/engines";
import { freshDatabase } from "../support/postgres";

const SAMPLE = path.resolve("sample");
const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(SAMPLE, name), "utf8")) as T;

interface SampleEpisode {
  title: string;
  description: string;
  era: string;
  pubdate: string;
  EpisodeUrl: string;
  canbashow?: boolean;
  subtext?: string;
  ChaptersUrl?: string;
  TranscriptUrl?: string;
  Soundbites?: { startTime: number; duration: number; title: string }[];
}
interface SampleCrew {
  Name: string;
  DPB: Record<string, string> | null;
}
interface SamplePost {
  id: number;
  slug: string;
  date: string;
  categories: number[];
  title: { rendered: string };
}

const sampleEpisodes = read<SampleEpisode[]>("episodes.json");
const sampleColdcut = read<SampleEpisode[]>("coldcut.json");
const sampleCrew = read<SampleCrew[]>("crew.json");
const samplePosts = read<SamplePost[]>("posts.json");
const transcriptOf = (url: string) =>
  parseVtt(fs.readFileSync(path.join("public", url), "utf8"))
    .map((c) => c.text)
    .join(" ");
const transcriptTexts = () =>
  fs.readdirSync("public/media/transcripts").map((f) => transcriptOf(`/media/transcripts/${f}`));
const byNewest = (a: { pubdate: string }, b: { pubdate: string }) => Date.parse(b.pubdate) - Date.parse(a.pubdate);

const engines = bothEngines();
const stores = (engine: Engine): { catalog: Catalog; content: Content; gallery: Gallery } =>
  engine.kind === "sqlite"
    ? {
        catalog: createSqliteCatalog(engine.db),
        content: createSqliteContent(engine.db),
        gallery: createSqliteGallery(engine.db),
      }
    : {
        catalog: createPostgresCatalog(engine.pool),
        content: createPostgresContent(engine.pool),
        gallery: createPostgresGallery(engine.pool),
      };

/** A catalog holding only these episodes (id, title, description, pubdate), on either engine. */
async function controlledCatalog(
  kind: Engine["kind"],
  rows: [string, string, string, string][],
): Promise<{ catalog: Catalog; close(): Promise<void> }> {
  if (kind === "sqlite") {
    const cdir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-rank-"));
    const cdb = openDatabase(cdir);
    const ins = cdb.prepare(
      "INSERT INTO episodes (series, object_id, title, description, episode_url, pubdate, era) VALUES ('main', ?, ?, ?, '/a.mp3', ?, 'MLR')",
    );
    for (const row of rows) ins.run(...row);
    return {
      catalog: createSqliteCatalog(cdb),
      async close() {
        cdb.close();
        fs.rmSync(cdir, { recursive: true, force: true });
      },
    };
  }
  const database = await freshDatabase();
  const pool = openPostgres({ url: database.url, poolMax: 2, statementTimeoutMs: 10_000 });
  await preparePostgres(pool, SAMPLE, path.resolve("public"));
  await pool.query("DELETE FROM episodes");
  for (const [id, title, description, pubdate] of rows) {
    const extra = episodeSearchColumns({ title, description });
    await pool.query(
      `INSERT INTO episodes (series, object_id, title, title_folded, description, episode_url, pubdate, era,
         title_words, description_words) VALUES ('main', $1, $2, $3, $4, '/a.mp3', $5, 'MLR', $6, $7)`,
      [id, title, extra.titleFolded, description, pubdate, extra.titleWords, extra.descriptionWords],
    );
  }
  return {
    catalog: createPostgresCatalog(pool),
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

describe("seed (SQLite: the file under DATA_DIR)", () => {
  let dir: string;
  let db: Db;
  let catalog: Catalog;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-unit-"));
    db = openDatabase(dir);
    expect(seedIfEmpty(db, SAMPLE, path.resolve("public"))).toBe(true);
    catalog = createSqliteCatalog(db);
  });
  afterAll(() => {
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("creates the database file under DATA_DIR and loads every sample row", () => {
    expect(fs.existsSync(path.join(dir, "hamradio.sqlite"))).toBe(true);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) n FROM episodes WHERE series='main'")).toBe(sampleEpisodes.length);
    expect(count("SELECT count(*) n FROM episodes WHERE series='coldcut'")).toBe(sampleColdcut.length);
    expect(count("SELECT count(*) n FROM crew")).toBe(sampleCrew.length);
    expect(count("SELECT count(*) n FROM posts WHERE source='content'")).toBe(samplePosts.length);
  });

  it("runs once: a second seed leaves the catalog alone", () => {
    expect(seedIfEmpty(db, SAMPLE, path.resolve("public"))).toBe(false);
    expect((db.prepare("SELECT count(*) n FROM episodes WHERE series='main'").get() as { n: number }).n).toBe(
      sampleEpisodes.length,
    );
  });

  it("reopens an existing database without re-migrating or losing data", () => {
    const again = openDatabase(dir);
    try {
      expect((again.prepare("SELECT count(*) n FROM episodes").get() as { n: number }).n).toBe(
        sampleEpisodes.length + sampleColdcut.length,
      );
    } finally {
      again.close();
    }
  });

  it("records the size of local audio files for the feed's enclosure length", async () => {
    const [latest] = await catalog.latestEpisodes(1);
    expect(latest!.audioUrl.startsWith("/media/")).toBe(true);
    expect(latest!.fileSize).toBe(fs.statSync(path.join("public", latest!.audioUrl)).size);
  });
});

describe.each(engines)("%s", (_name, engine) => {
  let catalog: Catalog;
  let content: Content;
  let gallery: Gallery;
  beforeAll(() => {
    ({ catalog, content, gallery } = stores(engine()));
  });

  describe("latestEpisodes", () => {
    it("gives the 8 newest main-series episodes, newest first", async () => {
      const latest = await catalog.latestEpisodes(LATEST_EPISODES_COUNT);
      expect(latest).toHaveLength(8);
      expect(latest.map((e) => e.title)).toEqual(
        [...sampleEpisodes]
          .sort(byNewest)
          .slice(0, 8)
          .map((e) => e.title),
      );
      for (let i = 1; i < latest.length; i++) expect(latest[i - 1]!.pubdate >= latest[i]!.pubdate).toBe(true);
      expect(latest.every((e) => !e.coldcut)).toBe(true);
    });

    it("maps the docs/product.md §3 fields", async () => {
      const [e] = await catalog.latestEpisodes(1);
      expect(e).toMatchObject({ coldcut: false });
      expect(typeof e!.title).toBe("string");
      expect(e!.image).toMatch(/^\//);
      expect(STATIONS).toContain(e!.era);
      expect(e!.duration).toBeGreaterThan(0);
      expect(new Date(e!.pubdate).toISOString()).toBe(e!.pubdate);
    });
  });

  describe("episodeByTitle", () => {
    const tricky = sampleEpisodes.filter((e) => /['&]|[^\x00-\x7f]/.test(e.title));

    it("the sample has titles with apostrophes, ampersands and accents", () => {
      expect(tricky.some((e) => e.title.includes("'"))).toBe(true);
      expect(tricky.some((e) => e.title.includes("&"))).toBe(true);
      expect(tricky.some((e) => /[^\x00-\x7f]/.test(e.title))).toBe(true);
    });

    it("finds every sample episode by its exact title", async () => {
      for (const s of sampleEpisodes) {
        const e = await catalog.episodeByTitle(s.title, "main");
        expect(e?.title, s.title).toBe(s.title);
        expect(e?.coldcut).toBe(false);
      }
    });

    it("finds titles case-insensitively, including accented letters and curly apostrophes", async () => {
      for (const s of tricky) {
        expect((await catalog.episodeByTitle(s.title.toLowerCase(), "main"))?.title, s.title).toBe(s.title);
        expect((await catalog.episodeByTitle(s.title.toUpperCase(), "main"))?.title, s.title).toBe(s.title);
        expect((await catalog.episodeByTitle(s.title.replace(/'/g, "\u2019"), "main"))?.title, s.title).toBe(s.title);
        expect((await catalog.episodeByTitle(s.title.normalize("NFD"), "main"))?.title, s.title).toBe(s.title);
      }
    });

    it("is null for an unknown title, a partial title or SQL in the title", async () => {
      const t = sampleEpisodes[0]!.title;
      for (const bad of [
        "No Such Episode",
        t.slice(0, -1),
        `${t}x`,
        "' OR '1'='1",
        `${t}' --`,
        "%",
        "_",
        "*",
        `${t}\u0000`,
      ]) {
        expect(await catalog.episodeByTitle(bad, "main")).toBeNull();
      }
    });

    it("keeps the Cold Cut series separate", async () => {
      const cc = sampleColdcut[0]!;
      const found = await catalog.episodeByTitle(cc.title, "coldcut");
      expect(found?.title).toBe(cc.title);
      expect(found?.coldcut).toBe(true);
      expect(await catalog.episodeByTitle(cc.title, "main")).toBeNull();
      expect(await catalog.episodeByTitle(sampleEpisodes[0]!.title, "coldcut")).toBeNull();
    });
  });

  describe("searchEpisodes (words of the title, description and transcript, both series)", () => {
    it("ranks title matches above description-only matches", async () => {
      const results = await catalog.searchEpisodes("antenna", 200);
      const inTitle = results.map((e) => /antenna/i.test(e.title));
      expect(inTitle[0]).toBe(true);
      const firstDescriptionOnly = inTitle.indexOf(false);
      expect(firstDescriptionOnly).toBeGreaterThan(0);
      expect(inTitle.slice(firstDescriptionOnly).every((v) => !v)).toBe(true);
      const expected = [...sampleEpisodes, ...sampleColdcut].filter((e) =>
        /antenna/i.test(`${e.title} ${e.description} ${e.TranscriptUrl ? transcriptOf(e.TranscriptUrl) : ""}`),
      );
      expect(results.map((e) => e.title)).toEqual(expect.arrayContaining(expected.map((e) => e.title)));
    });

    it("tolerates partial words: 'antenn' finds the antenna episodes", async () => {
      const titles = (await catalog.searchEpisodes("antenn", 48)).map((e) => e.title);
      for (const s of sampleEpisodes.filter((e) => /antenna/i.test(e.title))) expect(titles).toContain(s.title);
    });

    it("matches every word first; when no episode holds them all, the most words any episode holds", async () => {
      const both = await catalog.searchEpisodes("antenna heist", 48);
      expect(both[0]!.title).toMatch(/Antenna Heist/);
      expect(
        both.every(
          (e) => /antenna/i.test(`${e.title} ${e.description}`) && /heist/i.test(`${e.title} ${e.description}`),
        ),
      ).toBe(true);
      const any = await catalog.search("antenna heist zzqqxxnothing", 1, 48);
      expect(any.items.map((e) => e.title)).toEqual(both.map((e) => e.title));
      expect(any.highlight.words).not.toContain("zzqqxxnothing");
    });

    it("ignores letter case and accents", async () => {
      const accented = sampleEpisodes.find((e) => /é/.test(e.title));
      if (!accented) return;
      const word = accented.title
        .split(/\s+/)
        .find((w) => /é/.test(w))!
        .replace(/[^\p{L}]/gu, "");
      for (const q of [word, word.toUpperCase(), word.normalize("NFD").replace(/\p{M}/gu, "")]) {
        expect(
          (await catalog.searchEpisodes(q, 48)).map((e) => e.title),
          q,
        ).toContain(accented.title);
      }
    });

    it("searches the Cold Cut series too", async () => {
      const cc = sampleColdcut[0]!;
      const results = await catalog.searchEpisodes(cc.title, 48);
      expect(results[0]).toMatchObject({ title: cc.title, coldcut: true });
    });

    it("respects the limit", async () => {
      expect((await catalog.searchEpisodes("the", 3)).length).toBeLessThanOrEqual(3);
    });

    it("gives [] for an empty, whitespace or punctuation-only term", async () => {
      for (const t of ["", " ", "\t\n", "!!!", "---", '""', "*", "()"])
        expect(await catalog.searchEpisodes(t, 48)).toEqual([]);
    });

    it.each([
      '"',
      '"unterminated',
      'antenna"',
      "*",
      "antenn*",
      "*antenna",
      "NEAR(antenna heist)",
      "NEAR(antenna heist, 2)",
      "(",
      ")",
      "(antenna",
      "antenna)",
      "antenna AND",
      "AND antenna",
      "OR",
      "antenna OR heist",
      "NOT antenna",
      "-antenna",
      "antenna -heist",
      "title:antenna",
      "description:antenna",
      "^antenna",
      "{title description}: antenna",
      "antenna + heist",
      ":",
      "'",
      "'; DROP TABLE episodes; --",
      '" OR 1=1 --',
      "a".repeat(200),
      "antenna ".repeat(40),
      "🎙️ 📻",
      "مرحبا",
      "e\u0301",
      "\u202e\u200b",
      "%_",
      "antenna\u0000heist",
    ])("never throws on FTS syntax or odd input: %j", async (term) => {
      const results = await catalog.searchEpisodes(term, 48);
      expect(Array.isArray(results)).toBe(true);
    });
  });

  describe("searchEpisodes relevance on a controlled catalog", () => {
    let c: Catalog;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ catalog: c, close } = await controlledCatalog(engine().kind, [
        ["1", "Gardening hour", "We talk about zebras once.", "2020-01-01T00:00:00.000Z"],
        ["2", "Zebra crossing", "A show about roads.", "2010-01-01T00:00:00.000Z"],
        ["3", "Night shift", "Zebra zebra zebra: all zebra, all night, zebra.", "2021-01-01T00:00:00.000Z"],
        ["4", "Unrelated", "Nothing to see.", "2022-01-01T00:00:00.000Z"],
        ["5", "Episode 777: The bunker", "Doors.", "2001-01-01T00:00:00.000Z"],
        ["6", "Episode 7770: The fridge", "Doors.", "2002-01-01T00:00:00.000Z"],
      ]));
    });
    afterAll(() => close?.());

    it("puts the title match first, then descriptions by how much they match, never non-matches", async () => {
      const titles = (await c.searchEpisodes("zebra", 10)).map((e) => e.title);
      expect(titles).toEqual(["Zebra crossing", "Night shift", "Gardening hour"]);
    });

    it("lists a word typed whole before its longer completions, however new they are", async () => {
      expect((await c.searchEpisodes("episode 777", 10)).map((e) => e.title)).toEqual([
        "Episode 777: The bunker",
        "Episode 7770: The fridge",
      ]);
    });

    it("finds a prefix ('zeb') and a plural via the prefix ('zebra' → 'zebras')", async () => {
      expect((await c.searchEpisodes("zeb", 10)).map((e) => e.title)).toHaveLength(3);
    });
  });

  describe("searchEpisodes on a common word (ADR 011: many matches list the newest, unranked)", () => {
    const COUNT = 520;
    let c: Catalog;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const day = (n: number) => new Date(Date.UTC(2000, 0, 1 + n)).toISOString();
      // Stored out of date order; the oldest ten say "quagga" most often, so ranking would put
      // them first.
      ({ catalog: c, close } = await controlledCatalog(
        engine().kind,
        Array.from({ length: COUNT }, (_, i) => {
          const age = (i * 7) % COUNT;
          return [`q${i}`, `Quagga ${age}`, age >= COUNT - 10 ? "Quagga quagga quagga." : "Plain.", day(COUNT - age)];
        }),
      ));
    });
    afterAll(() => close?.());

    it("gives the newest matches first", async () => {
      const titles = (await c.searchEpisodes("quagga", 10)).map((e) => e.title);
      expect(titles).toEqual(Array.from({ length: 10 }, (_, age) => `Quagga ${age}`));
    });
  });

  describe("transcripts", () => {
    it("finds episodes by words only their transcripts hold, and only those", async () => {
      const holding = (word: string) =>
        [...sampleEpisodes, ...sampleColdcut]
          .filter((e) => e.TranscriptUrl && transcriptOf(e.TranscriptUrl).toLowerCase().includes(word))
          .map((e) => e.title)
          .sort();
      for (const word of ["chimney", "synthesizer"]) {
        const inCatalog = [...sampleEpisodes, ...sampleColdcut].some((e) =>
          `${e.title} ${e.description}`.toLowerCase().includes(word),
        );
        expect(inCatalog, word).toBe(false);
        const found = (await catalog.search(word, 1, 200)).items.map((e) => e.title).sort();
        expect(found.length, word).toBeGreaterThan(0);
        expect(found, word).toEqual(holding(word));
      }
      // A typo'd transcript word, and two words of one line.
      for (const term of ["chimny", "speech synthesizer"])
        expect((await catalog.search(term, 1, 200)).items.map((e) => e.title).sort(), term).toEqual(holding("chimney"));
    });
  });

  describe("episodesByEra", () => {
    it("pages each era newest first with correct totals", async () => {
      for (const station of STATIONS) {
        const expected = sampleEpisodes
          .filter((e) => e.era === station)
          .sort(byNewest)
          .map((e) => e.title);
        const first = await catalog.episodesByEra(station, 1, 10);
        expect(first.total).toBe(expected.length);
        expect(first.pageCount).toBe(Math.ceil(expected.length / 10));
        expect(first.page).toBe(1);
        expect(first.items.map((e) => e.title)).toEqual(expected.slice(0, 10));
        const second = await catalog.episodesByEra(station, 2, 10);
        expect(second.items.map((e) => e.title)).toEqual(expected.slice(10, 20));
        const all: string[] = [];
        for (let p = 1; p <= first.pageCount; p++)
          all.push(...(await catalog.episodesByEra(station, p, 10)).items.map((e) => e.title));
        expect(all).toEqual(expected);
        expect((await catalog.allEpisodes("main", station)).map((e) => e.title)).toEqual(expected);
        expect(first.items.every((e) => e.era === station && !e.coldcut)).toBe(true);
      }
    });

    it("pages each era oldest first when asked", async () => {
      for (const station of STATIONS) {
        const expected = sampleEpisodes
          .filter((e) => e.era === station)
          .sort(byNewest)
          .reverse()
          .map((e) => e.title);
        const all: string[] = [];
        const first = await catalog.episodesByEra(station, 1, 10, "oldest");
        for (let p = 1; p <= first.pageCount; p++)
          all.push(...(await catalog.episodesByEra(station, p, 10, "oldest")).items.map((e) => e.title));
        expect(all).toEqual(expected);
      }
    });

    it("gives each episode its chapters and transcript URLs, or none", async () => {
      const sample = new Map(
        [...sampleEpisodes, ...sampleColdcut].map((e) => [e.title, [e.ChaptersUrl ?? null, e.TranscriptUrl ?? null]]),
      );
      const all = [...(await catalog.allEpisodes("main")), ...(await catalog.allEpisodes("coldcut"))];
      expect(all.map((e) => [e.title, [e.chaptersUrl, e.transcriptUrl]])).toEqual(
        all.map((e) => [e.title, sample.get(e.title)]),
      );
      expect(all.some((e) => e.chaptersUrl && e.transcriptUrl)).toBe(true);
      expect(all.some((e) => !e.chaptersUrl && !e.transcriptUrl)).toBe(true);
    });

    it("gives each episode the soundbites the sample picked, or none", async () => {
      const sample = new Map([...sampleEpisodes, ...sampleColdcut].map((e) => [e.title, e.Soundbites ?? []]));
      const all = [...(await catalog.allEpisodes("main")), ...(await catalog.allEpisodes("coldcut"))];
      expect(all.map((e) => [e.title, e.soundbites])).toEqual(all.map((e) => [e.title, sample.get(e.title)]));
      expect(all.some((e) => e.soundbites.length > 1)).toBe(true);
      const bitten = all.find((e) => e.soundbites.length)!;
      const page = await catalog.episodeByTitle(bitten.title, bitten.coldcut ? "coldcut" : "main");
      expect(page?.soundbites).toEqual(bitten.soundbites);
    });

    it("lists every episode of a series newest first, each series apart", async () => {
      const titles = async (series: "main" | "coldcut") => (await catalog.allEpisodes(series)).map((e) => e.title);
      expect(await titles("main")).toEqual([...sampleEpisodes].sort(byNewest).map((e) => e.title));
      expect(await titles("coldcut")).toEqual([...sampleColdcut].sort(byNewest).map((e) => e.title));
      expect((await catalog.allEpisodes("coldcut")).every((e) => e.coldcut)).toBe(true);
    });

    it("clamps a page past the end to the last page (the route turns that into a 404)", async () => {
      const r = await catalog.episodesByEra("MLR", 999, 10);
      expect(r.page).toBe(r.pageCount);
      expect(r.items.length).toBeGreaterThan(0);
      const zero = await catalog.episodesByEra("MLR", 0, 10);
      expect(zero.page).toBe(1);
    });
  });

  describe("crew, sponsors, bingo", () => {
    it("lists the crew with bios, jobs and images", async () => {
      const crew = await catalog.crew();
      expect(crew.map((c) => c.name).sort()).toEqual(sampleCrew.map((c) => c.Name).sort());
      for (const c of crew) {
        expect(c.bio.length).toBeGreaterThan(0);
        expect(c.job.length).toBeGreaterThan(0);
        expect(c.profileImg).toMatch(/^\//);
      }
    });

    it("finds a crew member by name, case-insensitively and trimmed; unknown is null", async () => {
      const name = sampleCrew[0]!.Name;
      expect((await catalog.crewByName(name))?.name).toBe(name);
      expect((await catalog.crewByName(name.toLowerCase()))?.name).toBe(name);
      expect((await catalog.crewByName(name.toUpperCase()))?.name).toBe(name);
      expect((await catalog.crewByName(`  ${name} `))?.name).toBe(name);
      expect(await catalog.crewByName("Nobody Here")).toBeNull();
      expect(await catalog.crewByName(`${name}' OR '1'='1`)).toBeNull();
      expect(await catalog.crewByName(name.slice(0, 3))).toBeNull();
      expect(await catalog.crewByName(`${name}\u0000`)).toBeNull();
    });

    it("gives the sponsors with safe styles", async () => {
      const sponsors = await catalog.sponsors();
      expect(sponsors.length).toBeGreaterThanOrEqual(3);
      for (const s of sponsors) {
        expect(s.logo).toBeTruthy();
        expect(s.link).toMatch(/^https?:\/\//);
        expect(s.style.bannerBg).toMatch(/^(#[0-9a-f]{3,8}|[a-z]+|rgba?\(.*\))$/i);
      }
    });

    it("gives the bingo picks with DPB, null for the crew member without one", async () => {
      const picks = await catalog.bingoPicks();
      expect(picks).toHaveLength(sampleCrew.length);
      const nulls = sampleCrew.filter((c) => c.DPB == null).map((c) => c.Name);
      expect(nulls.length).toBeGreaterThanOrEqual(1);
      for (const n of nulls) expect(picks.find((p) => p.name === n)?.dpb).toBeNull();
      const withDpb = sampleCrew.find((c) => c.DPB != null)!;
      expect(picks.find((p) => p.name === withDpb.Name)?.dpb).toEqual(withDpb.DPB);
    });
  });

  describe("content (docs/product.md §7 content sources)", () => {
    const newest = (a: SamplePost, b: SamplePost) => b.date.localeCompare(a.date);

    it("home news: categories 4 and 5, newest first, the first 4", async () => {
      const news = await content.latestNews(HOME_NEWS_COUNT);
      const expected = samplePosts
        .filter((p) => p.categories.some((c) => c === 4 || c === 5))
        .sort(newest)
        .slice(0, 4);
      expect(news.map((n) => n.slug)).toEqual(expected.map((p) => p.slug));
      expect(news.every((n) => n.type === "dth_news" || n.type === "wtfnews")).toBe(true);
    });

    it("news tabs: category 5 for dth_news and 4 for wtfnews, each with at least 8 posts", async () => {
      const dth = await content.newsTab("dth_news");
      const wtf = await content.newsTab("wtfnews");
      expect(dth.length).toBeGreaterThanOrEqual(8);
      expect(wtf.length).toBeGreaterThanOrEqual(8);
      expect(dth.every((p) => p.type === "dth_news")).toBe(true);
      expect(wtf.every((p) => p.type === "wtfnews")).toBe(true);
      expect(dth.map((p) => p.slug)).toEqual(
        samplePosts
          .filter((p) => p.categories.includes(5))
          .sort(newest)
          .map((p) => p.slug),
      );
    });

    it("slider: categories 6 and 7 with images; one links to the content site, one elsewhere", async () => {
      const slides = await content.slider();
      expect(slides.length).toBeGreaterThanOrEqual(4);
      expect(slides.every((s) => s.image !== "")).toBe(true);
      expect(slides.some((s) => s.url && /hamradioshow\.net/.test(s.url))).toBe(true);
      expect(slides.some((s) => s.url && !/hamradioshow\.net/.test(s.url))).toBe(true);
    });

    it("post by slug; unknown slug is null", async () => {
      const p = samplePosts.find((x) => x.categories.includes(5))!;
      const post = await content.postBySlug(p.slug);
      expect(post?.slug).toBe(p.slug);
      expect(post?.title.length).toBeGreaterThan(0);
      expect(post?.contentHtml.length).toBeGreaterThan(0);
      expect(await content.postBySlug("no-such-post")).toBeNull();
      expect(await content.postBySlug("' OR 1=1 --")).toBeNull();
      expect(await content.postBySlug(`${p.slug}\u0000`)).toBeNull();
    });

    it("gallery: posts with images, one with a video; by id and slug", async () => {
      const posts = await gallery.posts();
      expect(posts.length).toBeGreaterThanOrEqual(8);
      expect(posts.every((p) => p.image)).toBe(true);
      expect(posts.some((p) => p.media.some((m) => m.kind === "video"))).toBe(true);
      const first = posts[0]!;
      expect((await gallery.postById(Number(first.id)))?.slug).toBe(first.slug);
      expect((await gallery.postBySlug(first.slug))?.id).toBe(first.id);
      expect(await gallery.postById(-1)).toBeNull();
      expect(await gallery.postById(2 ** 40)).toBeNull();
    });
  });
});

describe("query building: indexed words only, each quoted, so no query syntax can leak in", () => {
  const match = [
    [
      { words: ["near", 'a"b'], prefix: null, inTitle: true },
      { words: ["c"], prefix: "or", inTitle: false },
    ],
    [{ words: [], prefix: "it's", inTitle: false }],
  ];
  it("SQLite: FTS5 phrases, a word start as a prefix query, title words under a column filter", () => {
    expect(ftsQuery(match)).toBe(`({title} : ("near" OR "a""b") AND ("c" OR "or"*)) OR (("it's"*))`);
  });
  it("PostgreSQL: quoted lexemes in escaped literals, a word start as :*, title words in the title's vector", () => {
    expect(searchCondition(match)).toBe(
      `(document @@ to_tsquery('simple', '(''near'' | ''a"b'') & (''c'' | ''or'':*)') AND ` +
        `title_tsv @@ to_tsquery('simple', '((''near'' | ''a"b''))')) OR ` +
        `(document @@ to_tsquery('simple', '(''it''''s'':*)'))`,
    );
  });
  it("PostgreSQL: clauses of the same words that differ in their title words become one", () => {
    const bunker = { words: ["bunker"], prefix: null, inTitle: false };
    const door = { words: ["door"], prefix: "door", inTitle: false };
    const titled = (m: WordMatch) => ({ ...m, inTitle: true });
    expect(
      searchCondition([
        [titled(bunker), door],
        [bunker, titled(door)],
      ]),
    ).toBe(
      `(document @@ to_tsquery('simple', '(''bunker'') & (''door'' | ''door'':*)') AND ` +
        `title_tsv @@ to_tsquery('simple', '((''bunker'')) | ((''door'' | ''door'':*))'))`,
    );
    expect(searchCondition([[titled(bunker), titled(door)]])).toBe(
      `(title_tsv @@ to_tsquery('simple', '((''bunker'') & (''door'' | ''door'':*))'))`,
    );
  });
});

describe.skipIf(engines.length < 2)("one search, two engines", () => {
  it("SQLite and PostgreSQL rank the same episodes for every word of the sample, typo'd words and word pairs", async () => {
    const [sqlite, postgres] = engines.map(([, engine]) => stores(engine()).catalog);
    const words = [
      ...new Set(
        [...sampleEpisodes.map((e) => `${e.title} ${e.description}`), ...transcriptTexts()]
          .flatMap((text) => text.split(/\s+/))
          .filter(Boolean),
      ),
    ];
    const typod = words.filter((w) => w.length >= 5).map((w, i) => w.slice(0, i % 4) + w.slice((i % 4) + 1));
    const terms = [...words, ...typod, ...words.slice(0, 60).map((w, i) => `${w} ${words[(i * 7) % words.length]}`)];
    for (const term of terms) {
      const [a, b] = await Promise.all([sqlite!.search(term, 1, 200), postgres!.search(term, 1, 200)]);
      const seen = (r: SearchResults) => ({ ...r, items: r.items.map((e) => e.title) });
      expect(seen(b), term).toEqual(seen(a));
    }
  }, 60_000);
});
