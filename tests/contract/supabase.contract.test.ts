import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseCatalog } from "~/adapters/supabase/catalog.server";
import { freshDatabase, type TestDatabase } from "../support/postgres";
import { startPostgrest, type PostgrestOverPostgres } from "../support/real/postgrest";

/**
 * The Supabase adapter against PostgREST's documented semantics evaluated by PostgreSQL 15
 * (tests/support/real/postgrest.ts), on the sample catalog, with a max-rows of 25 as a hosted
 * project would have. The episodes' audio is on a local host that answers HEAD with its size.
 */
const MAX_ROWS = 25;
const AUDIO_SIZE = 1_234_567;
const read = (name: string) => JSON.parse(fs.readFileSync(`sample/${name}`, "utf8")) as Record<string, unknown>[];

let db: TestDatabase;
let rest: PostgrestOverPostgres;
let audio: http.Server;
let heads: string[] = [];
let episodes: Record<string, unknown>[];

beforeAll(async () => {
  audio = http.createServer((req, res) => {
    if (req.method === "HEAD") heads.push(req.url ?? "");
    res.writeHead(200, { "content-type": "audio/mpeg", "content-length": AUDIO_SIZE });
    res.end(req.method === "HEAD" ? undefined : Buffer.alloc(AUDIO_SIZE));
  });
  await new Promise<void>((resolve) => audio.listen(0, "127.0.0.1", resolve));
  const audioOrigin = `http://127.0.0.1:${(audio.address() as AddressInfo).port}`;
  // Absolute audio addresses, as the show's table has them; the first episode's size is recorded.
  episodes = read("episodes.json").map((e, i) => ({
    ...e,
    EpisodeUrl: `${audioOrigin}${String(e.EpisodeUrl)}`,
    ...(i === 0 ? { EpisodeSize: 42_000 } : {}),
  }));
  db = await freshDatabase();
  rest = await startPostgrest({
    databaseUrl: db.url,
    anonKey: "contract-anon-key",
    maxRows: MAX_ROWS,
    tables: {
      Episodes: episodes,
      ColdCut: read("coldcut.json"),
      Sponsors: read("sponsors.json"),
      CrewBios: read("crew.json"),
    },
  });
}, 60_000);

afterAll(async () => {
  await rest?.close();
  await db?.drop();
  await new Promise((resolve) => audio?.close(resolve));
});

const catalog = () =>
  createSupabaseCatalog({ url: rest.origin, anonKey: "contract-anon-key", coldCutTable: "ColdCut", timeoutMs: 5_000 });

describe("Supabase catalog on PostgREST semantics (PostgreSQL 15)", () => {
  it("searches with plainto_tsquery: stemmed words, stop words dropped, the limit asked of the server", async () => {
    const plural = await catalog().searchEpisodes("bunkers", 10);
    expect(plural.length).toBe(10);
    expect(plural.every((e) => /bunker/i.test(e.description))).toBe(true);
    expect(await catalog().searchEpisodes("the", 10)).toEqual([]);
    expect(rest.requests.some((r) => /description=plfts\.bunkers&limit=10$/.test(r))).toBe(true);
  });

  it("finds an episode by its exact title", async () => {
    const title = String(episodes[5]!.title);
    expect((await catalog().episodeByTitle(title, "main"))?.title).toBe(title);
  });

  it("gives the last page for an era page past the end (PostgREST answers 416)", async () => {
    const era = String(episodes[0]!.era);
    const count = episodes.filter((e) => e.era === era).length;
    const pageCount = Math.ceil(count / 10);
    const past = await catalog().episodesByEra(era as never, pageCount + 3, 10);
    expect(past).toMatchObject({ total: count, page: pageCount, pageCount });
    expect(past.items.length).toBe(count - (pageCount - 1) * 10);
  });

  it("lists an era page oldest first when asked", async () => {
    const era = String(episodes[0]!.era);
    const oldest = episodes
      .filter((e) => e.era === era)
      .sort((a, b) => Date.parse(String(a.pubdate)) - Date.parse(String(b.pubdate)))
      .slice(0, 10)
      .map((e) => e.title);
    expect((await catalog().episodesByEra(era as never, 1, 10, "oldest")).items.map((e) => e.title)).toEqual(oldest);
  });

  it("reads the optional chapters and transcript columns", async () => {
    const all = await catalog().allEpisodes("main");
    const withBoth = episodes.find((e) => e.ChaptersUrl && e.TranscriptUrl)!;
    const without = episodes.find((e) => !e.ChaptersUrl && !e.TranscriptUrl)!;
    expect(all.find((e) => e.title === withBoth.title)).toMatchObject({
      chaptersUrl: withBoth.ChaptersUrl,
      transcriptUrl: withBoth.TranscriptUrl,
    });
    expect(all.find((e) => e.title === without.title)).toMatchObject({ chaptersUrl: null, transcriptUrl: null });
  });

  it("reads a whole feed past the server's max-rows", async () => {
    const all = await catalog().allEpisodes("main");
    expect(all.length).toBe(episodes.length);
    expect(all.length).toBeGreaterThan(MAX_ROWS);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });

  it("gives each enclosure its size: the catalog's when recorded, else one HEAD per file, remembered", async () => {
    heads = [];
    const c = catalog();
    const all = await c.allEpisodes("main");
    const recorded = all.find((e) => e.id === String(episodes[0]!.objectID));
    expect(recorded?.fileSize).toBe(42_000);
    expect(all.filter((e) => e !== recorded).every((e) => e.fileSize === AUDIO_SIZE)).toBe(true);
    expect(heads.length).toBe(new Set(all.filter((e) => e !== recorded).map((e) => e.audioUrl)).size);
    await c.allEpisodes("main");
    expect(heads.length).toBe(new Set(all.filter((e) => e !== recorded).map((e) => e.audioUrl)).size);
  });
});
