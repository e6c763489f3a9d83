import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { createSqliteContent, createSqliteGallery } from "~/adapters/sqlite/content.server";
import { createPostgresCatalog } from "~/adapters/postgres/catalog.server";
import { createPostgresContent, createPostgresGallery } from "~/adapters/postgres/content.server";
import { createSupabaseCatalog } from "~/adapters/supabase/catalog.server";
import { createWordPressContent, createWordPressGallery } from "~/adapters/wordpress/content.server";
import { REMOTE_STALE_MS, withReadCache } from "~/services/read-cache.server";
import type { Catalog } from "~/services/catalog.server";
import type { Content, Gallery } from "~/services/content.server";
import { startRemoteServices } from "../../scripts/fakes/remote-services.mjs";
import { bothEngines, type Engine } from "../support/engines";

vi.setConfig({ testTimeout: 30_000 });

type Fake = {
  origin: string;
  env: Record<string, string>;
  requests: { service: string; path: string; query: string; headers: Record<string, string> }[];
  setMode(service: string, mode: string): void;
  reset(): void;
  close(): Promise<void>;
};

const engines = bothEngines();
let fake: Fake;
beforeAll(async () => {
  fake = await startRemoteServices({ sampleDir: "sample" });
});
afterAll(async () => {
  await fake.close();
});
/** The embedded stores of every engine, made by `sqlite` or `postgres` as the engine is. */
const embedded = <T>(
  sqlite: (db: Extract<Engine, { kind: "sqlite" }>["db"]) => T,
  postgres: (pool: Extract<Engine, { kind: "postgres" }>["pool"]) => T,
) =>
  engines.map(([name, engine]): [string, () => T] => [
    `embedded ${name}`,
    () => {
      const e = engine();
      return e.kind === "sqlite" ? sqlite(e.db) : postgres(e.pool);
    },
  ]);
beforeEach(() => fake.reset());

const remoteCatalog = () =>
  createSupabaseCatalog({
    url: fake.env.SUPABASE_URL!,
    anonKey: "test-anon-key",
    coldCutTable: "ColdCut",
    timeoutMs: 2000,
  });
const remoteContent = () => createWordPressContent({ apiUrl: fake.env.WORDPRESS_API_URL!, timeoutMs: 2000 });
const remoteGallery = () => createWordPressGallery({ apiUrl: fake.env.GALLERY_API_URL!, timeoutMs: 2000 });

const catalogs: [string, () => Catalog][] = [
  ...embedded(createSqliteCatalog, createPostgresCatalog),
  ["Supabase REST", remoteCatalog],
];

describe.each(catalogs)("Catalog contract — %s", (_name, make) => {
  it("latest episodes: 8, newest first, mapped fields", async () => {
    const latest = await make().latestEpisodes(8);
    expect(latest).toHaveLength(8);
    const dates = latest.map((e) => e.pubdate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const e of latest) {
      expect(e.audioUrl).toMatch(/^\/media\/audio\/.+\.mp3$/);
      expect(e.image).toBeTruthy();
      expect(e.era).toBe("UFRN");
      expect(e.coldcut).toBe(false);
      expect(e.duration).toBeGreaterThan(0);
    }
  });
  it("one episode by title (main and Cold Cut), null when unknown", async () => {
    const c = make();
    const e = await c.episodeByTitle("Pilot Light", "main");
    expect(e?.title).toBe("Pilot Light");
    expect(await c.episodeByTitle("No Such Episode Anywhere", "main")).toBeNull();
    const cc = JSON.parse(fs.readFileSync("sample/coldcut.json", "utf8"))[0];
    const cold = await c.episodeByTitle(cc.title, "coldcut");
    expect(cold?.coldcut).toBe(true);
    expect(cold?.title).toBe(cc.title);
    expect(await c.episodeByTitle(cc.title, "main")).toBeNull();
  });
  it("search finds the one episode that mentions zeppelin; an empty term finds nothing", async () => {
    const c = make();
    const hits = await c.searchEpisodes("zeppelin", 48);
    expect(hits.map((h) => h.title)).toEqual(["Episode 342: Up, Up and Away"]);
    expect(await c.searchEpisodes("   ", 48)).toEqual([]);
  });
  it("era pages: newest first, paginated with a total", async () => {
    const page1 = await make().episodesByEra("MLR", 1, 10);
    expect(page1.items).toHaveLength(10);
    expect(page1.total).toBe(26);
    expect(page1.pageCount).toBe(3);
    expect(page1.items.every((e) => e.era === "MLR")).toBe(true);
    const page3 = await make().episodesByEra("MLR", 3, 10);
    expect(page3.items).toHaveLength(6);
    expect(page1.items[0]!.pubdate > page3.items[0]!.pubdate).toBe(true);
    expect((await make().allEpisodes("main", "GOOM Radio")).length).toBe(26);
    expect((await make().allEpisodes("main")).length).toBe(104);
    const coldcut = await make().allEpisodes("coldcut");
    expect(coldcut.length).toBe(12);
    expect(coldcut.every((e) => e.coldcut)).toBe(true);
  });
  it("sponsors, crew, one crew member, bingo picks", async () => {
    const c = make();
    const sponsors = await c.sponsors();
    expect(sponsors.length).toBeGreaterThanOrEqual(3);
    expect(sponsors[0]!.style.bannerBg).toMatch(/^#/);
    const crew = await c.crew();
    expect(crew.length).toBeGreaterThanOrEqual(6);
    const gnome = await c.crewByName("Gnome");
    expect(gnome?.dpb).toBeNull();
    expect(await c.crewByName("Nobody Here")).toBeNull();
    const picks = await c.bingoPicks();
    expect(picks.length).toBe(crew.length);
    expect(picks.filter((p) => p.dpb === null).map((p) => p.name)).toEqual(["Gnome"]);
  });
});

const contents: [string, () => Content][] = [
  ...embedded(createSqliteContent, createPostgresContent),
  ["WordPress REST", remoteContent],
];

describe.each(contents)("Content contract — %s", (_name, make) => {
  it("slider: the posts of categories 6 and 7, with images and captions without tags", async () => {
    const slides = await make().slider();
    const sample = JSON.parse(fs.readFileSync("sample/posts.json", "utf8")) as { categories: number[] }[];
    expect(slides).toHaveLength(sample.filter((p) => p.categories.some((c) => c === 6 || c === 7)).length);
    for (const s of slides) {
      expect(s.image).toBeTruthy();
      expect(s.caption).not.toMatch(/[<>]/);
    }
    expect(slides.filter((s) => s.url?.startsWith("https://www.hamradioshow.net/")).length).toBeGreaterThanOrEqual(1);
  });
  it("home news: 4, newest first, dth_news and wtfnews only", async () => {
    const news = await make().latestNews(4);
    expect(news).toHaveLength(4);
    expect([...news.map((n) => n.date)].sort().reverse()).toEqual(news.map((n) => n.date));
    expect(news.every((n) => n.type === "dth_news" || n.type === "wtfnews")).toBe(true);
  });
  it("tabs and a post by slug (sanitized HTML)", async () => {
    const c = make();
    const dth = await c.newsTab("dth_news");
    const wtf = await c.newsTab("wtfnews");
    expect(dth.length).toBeGreaterThanOrEqual(8);
    expect(wtf.length).toBeGreaterThanOrEqual(8);
    expect(dth.every((p) => p.type === "dth_news")).toBe(true);
    const post = await c.postBySlug(dth[0]!.slug);
    expect(post?.title).toBe(dth[0]!.title);
    expect(post?.contentHtml).not.toMatch(/<script/i);
    expect(await c.postBySlug("no-such-post")).toBeNull();
  });
});

const galleries: [string, () => Gallery][] = [
  ...embedded(createSqliteGallery, createPostgresGallery),
  ["WordPress REST", remoteGallery],
];

describe.each(galleries)("Gallery contract — %s", (_name, make) => {
  it("posts, one by id and by slug, images and the one video", async () => {
    const g = make();
    const posts = await g.posts();
    expect(posts.length).toBeGreaterThanOrEqual(8);
    const one = await g.postById(Number(posts[0]!.id));
    expect(one?.slug).toBe(posts[0]!.slug);
    expect((await g.postBySlug(posts[1]!.slug))?.id).toBe(posts[1]!.id);
    expect(await g.postById(999_999)).toBeNull();
    const media = posts.flatMap((p) => p.media);
    expect(media.filter((m) => m.kind === "video")).toHaveLength(1);
    expect(media.some((m) => m.kind === "image" && m.src.endsWith("missing-photo.jpg"))).toBe(true);
  });
});

describe("Supabase calls are exactly docs/product.md §7's", () => {
  const last = () => fake.requests[fake.requests.length - 1]!;
  it("sends the anon key on every call and the platform header on episode calls and the crew list", async () => {
    const c = remoteCatalog();
    await c.latestEpisodes(8);
    expect(last().path + last().query).toBe("/rest/v1/Episodes?order=pubdate.desc&limit=8");
    expect(last().headers).toMatchObject({
      apikey: "test-anon-key",
      authorization: "Bearer test-anon-key",
      platform: "WebApp",
    });
    await c.episodeByTitle("Pilot Light", "main");
    expect(last().path + decodeURIComponent(last().query)).toBe("/rest/v1/Episodes?title=plfts.Pilot Light");
    expect(last().headers).toMatchObject({ "request-type": "Episode-Display", platform: "WebApp" });
    await c.episodeByTitle("Pilot Light", "coldcut");
    expect(last().path).toBe("/rest/v1/ColdCut");
    expect(last().headers).toMatchObject({ "request-type": "ColdCut-Display" });
    await c.searchEpisodes("antenna", 48);
    expect(last().path + last().query).toBe("/rest/v1/Episodes?description=plfts.antenna&limit=48");
    await c.episodesByEra("GOOM Radio", 2, 24);
    expect(decodeURIComponent(last().query)).toBe("?order=pubdate.desc&era=eq.GOOM Radio&limit=24&offset=24");
    await c.sponsors();
    expect(last().path + last().query).toBe("/rest/v1/Sponsors");
    expect(last().headers.platform).toBeUndefined();
    await c.crew();
    expect(last().path + last().query).toBe("/rest/v1/CrewBios");
    expect(last().headers.platform).toBe("WebApp");
    await c.crewByName("Gnome");
    expect(last().path + last().query).toBe("/rest/v1/CrewBios?Name=plfts.Gnome");
    await c.bingoPicks();
    expect(last().path + last().query).toBe("/rest/v1/CrewBios?select=Name,DPB");
    expect(fake.requests.every((r) => r.headers.apikey === "test-anon-key")).toBe(true);
  });
  it("WordPress: the categories of docs/product.md §7, each page with its featured image embedded", async () => {
    await remoteContent().slider();
    await remoteContent().latestNews(4);
    await remoteContent().newsTab("dth_news");
    await remoteContent().newsTab("wtfnews");
    await remoteGallery().posts();
    await remoteGallery().postById(501);
    expect(fake.requests.map((r) => `${r.service} ${r.path.replace(/^.*wp\/v2\//, "")}${r.query}`)).toEqual([
      "content posts?categories=6,7&_embed=wp%3Afeaturedmedia&per_page=100&page=1",
      "content posts?categories=4,5&_embed=wp%3Afeaturedmedia&per_page=100&page=1",
      "content posts?categories=5&_embed=wp%3Afeaturedmedia&per_page=100&page=1",
      "content posts?categories=4&_embed=wp%3Afeaturedmedia&per_page=100&page=1",
      "gallery posts?categories=23&_embed=wp%3Afeaturedmedia&per_page=100&page=1",
      "gallery posts/501?_embed=wp%3Afeaturedmedia",
    ]);
  });
});

describe("faults: down, slow (10 s) or junk → an answer within ~2 s (last good copy or failure)", () => {
  it.each(["fail", "slow", "junk"])("supabase %s", async (mode) => {
    const logs: string[] = [];
    const c = withReadCache("catalog", remoteCatalog(), {
      ttlMs: 0,
      staleMs: REMOTE_STALE_MS,
      log: (m) => logs.push(m),
    });
    const good = await c.latestEpisodes(8);
    fake.setMode("supabase", mode);
    const t0 = Date.now();
    expect(await c.latestEpisodes(8)).toEqual(good); // last good copy, at once
    await expect(c.sponsors()).rejects.toThrow(); // nothing good yet → the page's empty fallback
    expect(Date.now() - t0).toBeLessThan(2_600);
  });
  it.each(["fail", "slow", "junk"])("wordpress %s", async (mode) => {
    const c = withReadCache("content", remoteContent(), { ttlMs: 0, staleMs: REMOTE_STALE_MS, log: () => {} });
    const good = await c.slider();
    fake.setMode("content", mode);
    const t0 = Date.now();
    expect(await c.slider()).toEqual(good);
    await expect(c.newsTab("wtfnews")).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(2_600);
  });
});
