import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEraFeed, xml } from "~/services/feed.server";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { STATIONS } from "~/rules/eras";
import type { Episode } from "~/services/types";

const SITE = "https://listen.example.com";
type Item = { "itunes:duration"?: string; itunes?: { duration?: string; explicit?: string } };
const parser = new Parser<Record<string, unknown>, Item>({ customFields: { item: ["itunes:duration"] } });

let dir: string;
let db: Db;
const episodesByEra = new Map<string, Episode[]>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-feed-"));
  db = openDatabase(dir);
  seedIfEmpty(db, path.resolve("sample"), path.resolve("public"));
  const catalog = createSqliteCatalog(db);
  for (const s of STATIONS) episodesByEra.set(s, await catalog.allEpisodesOfEra(s));
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("era podcast feed (RSS 2.0 + iTunes namespace)", () => {
  it.each(STATIONS)("is valid, parseable RSS for %s with channel title, description and image", async (station) => {
    const episodes = episodesByEra.get(station)!;
    const body = buildEraFeed(station, episodes, SITE);
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(body).toContain('<rss version="2.0"');
    expect(body).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');

    const feed = await parser.parseString(body);
    expect(feed.title).toBe(`The Ham Radio Show — ${station}`);
    expect(feed.description!.length).toBeGreaterThan(20);
    expect(feed.link).toBe(`${SITE}/era?station=${encodeURIComponent(station)}`);
    expect(feed.image?.url).toMatch(new RegExp(`^${SITE}/media/`));
    expect(feed.itunes?.image).toMatch(new RegExp(`^${SITE}/media/`));
    expect(feed.itunes?.author).toBe("The Ham Radio Show");
    expect(feed.items).toHaveLength(episodes.length);
  });

  it("has items newest first with enclosure url/length/type, guid, pubDate and itunes:duration", async () => {
    const episodes = episodesByEra.get("MLR")!;
    const feed = await parser.parseString(buildEraFeed("MLR", episodes, SITE));
    const guids = new Set<string>();
    let previous = Infinity;
    feed.items.forEach((item, i) => {
      const e = episodes[i]!;
      expect(item.title).toBe(e.title);
      expect(item.link).toBe(`${SITE}/episode?title=${encodeURIComponent(e.title)}`);
      expect(item.enclosure?.url).toBe(new URL(e.audioUrl, SITE).href);
      expect(item.enclosure?.type).toBe("audio/mpeg");
      expect(Number(item.enclosure?.length)).toBeGreaterThan(0);
      expect(Number(item.enclosure?.length)).toBe(e.fileSize);
      expect(item.guid).toBe(`hamradioshow-${e.id}`);
      expect(guids.has(item.guid!)).toBe(false);
      guids.add(item.guid!);
      const pub = Date.parse(item.pubDate!);
      expect(pub).toBe(Date.parse(e.pubdate));
      expect(pub).toBeLessThanOrEqual(previous);
      previous = pub;
      expect(item["itunes:duration"]).toMatch(/^(\d+:)?\d{1,2}:\d{2}$/);
      expect(item.itunes?.duration).toBe(item["itunes:duration"]);
      expect(item.content ?? item.contentSnippet).toBeTruthy();
    });
  });

  it("uses the era query parameter in its self link", () => {
    const body = buildEraFeed("GOOM Radio", [], SITE);
    expect(body).toContain(`<atom:link href="${SITE}/rss?era=GOOM%20Radio" rel="self" type="application/rss+xml"/>`);
  });

  it("is still valid for an empty era", async () => {
    const feed = await parser.parseString(buildEraFeed("PPR", [], SITE));
    expect(feed.items).toEqual([]);
  });

  it("escapes hostile text and drops characters XML forbids, so the feed always parses", async () => {
    const nasty: Episode = {
      id: "x<&>\"'",
      title: 'Tom & Jerry <script>alert("x")</script> ]]> \u0000\u0007 end',
      description: "a < b && c > d \uFFFE \u001b[31m",
      subtext: "'quoted' & \"double\"",
      audioUrl: "/media/audio/a b&c.mp3?x=1&y=<2>",
      image: "/media/img/x.svg",
      backgroundImage: "/media/img/x.svg",
      pubdate: "2020-01-01T00:00:00.000Z",
      canbashow: true,
      era: "UFRN",
      duration: 3725,
      fileSize: null,
      coldcut: false,
    };
    const body = buildEraFeed("UFRN", [nasty], SITE);
    expect(body).not.toContain("<script>");
    expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const feed = await parser.parseString(body);
    const item = feed.items[0]!;
    expect(item.title).toBe('Tom & Jerry <script>alert("x")</script> ]]>  end');
    expect(item.guid).toBe("hamradioshow-x<&>\"'");
    expect(item.enclosure?.length).toBe("0");
    expect(item.itunes?.duration).toBe("1:02:05");
    expect(item.itunes?.explicit).toBe("true");
  });

  it("xml() escapes the five XML specials", () => {
    expect(xml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});
