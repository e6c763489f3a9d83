import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import { getElementsByTagName, textContent } from "domutils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { createSqliteContent } from "~/adapters/sqlite/content.server";
import { sitemapEntries } from "~/route-support/sitemap.server";
import { buildSitemap, SITEMAP_MAX_URLS, type SitemapEntry } from "~/services/sitemap.server";
import type { Services } from "~/services/services.server";

const SITE = "https://listen.example.com";
const sample = (name: string) => JSON.parse(fs.readFileSync(path.join("sample", name), "utf8")) as any[];

/** The sitemap as an XML parser reads it: its root element's name and every <loc>/<lastmod> pair. */
function parse(xml: string) {
  const doc = parseDocument(xml, { xmlMode: true });
  const root = doc.children.find((n) => n.type === "tag") as { name: string } | undefined;
  const entries = getElementsByTagName((name) => name === "url" || name === "sitemap", doc).map((node) => ({
    loc: textContent(getElementsByTagName("loc", node)[0]!),
    lastmod: getElementsByTagName("lastmod", node)[0] ? textContent(getElementsByTagName("lastmod", node)[0]!) : null,
  }));
  return { root: root?.name, entries, locs: entries.map((e) => e.loc) };
}

let dir: string;
let db: Db;
let entries: SitemapEntry[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-sitemap-"));
  db = openDatabase(dir);
  seedIfEmpty(db, path.resolve("sample"), path.resolve("public"));
  entries = await sitemapEntries({
    catalog: createSqliteCatalog(db),
    content: createSqliteContent(db),
  } as unknown as Services);
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("sitemap of the sample catalog", () => {
  it("lists every public page once, by absolute URL, and nothing behind sign-in", () => {
    const { root, locs, entries: parsed } = parse(buildSitemap(entries, SITE, null)!);
    expect(root).toBe("urlset");
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((l) => l.startsWith(`${SITE}/`))).toBe(true);
    const url = (p: string) => new URL(p, SITE).href;
    const expected = [
      ...[
        "/",
        "/eras",
        "/coldcut",
        "/live",
        "/about",
        "/crew-page",
        "/News",
        "/help",
        "/privacy-policy",
        "/DPB",
        "/speical-feature",
      ],
      ...["GOOM Radio", "MLR", "PPR", "UFRN"].map((s) => `/era?station=${encodeURIComponent(s)}`),
      ...sample("episodes.json").map((e) => `/episode?title=${encodeURIComponent(e.title)}`),
      ...sample("coldcut.json").map((e) => `/coldcut/?title=${encodeURIComponent(e.title)}`),
      ...sample("crew.json").map((c) => `/crew?name=${encodeURIComponent(c.Name)}`),
      ...sample("posts.json")
        .filter((p) => p.categories.includes(5))
        .map((p) => `/News/${p.slug}`),
      ...sample("posts.json")
        .filter((p) => p.categories.includes(4))
        .map((p) => `/WTFNews/${p.slug}`),
    ].map(url);
    expect(locs).toEqual(expect.arrayContaining(expected));
    expect(locs).toHaveLength(expected.length + 1); // and /News?tab=wtfnews
    expect(locs.filter((l) => /\/(spankbank|user|signin|signup|search|page\b|favorites|api|auth)/i.test(l))).toEqual(
      [],
    );
    const episode = parsed.find((e) => e.loc === url("/episode?title=Pilot%20Light"))!;
    expect(episode.lastmod).toBe("2010-01-08T20:00:00Z");
  });

  it("escapes what XML needs escaped in a URL", () => {
    const xml = buildSitemap([{ path: "/News?tab=wtfnews&x=<1>" }], SITE, null)!;
    expect(xml).toContain("/News?tab=wtfnews&amp;x=%3C1%3E");
    expect(parse(xml).locs).toEqual([`${SITE}/News?tab=wtfnews&x=%3C1%3E`]);
  });
});

describe("past 50,000 URLs", () => {
  const many: SitemapEntry[] = Array.from({ length: 2 * SITEMAP_MAX_URLS + 1 }, (_, i) => ({
    path: `/episode?title=${i}`,
    lastmod: new Date(Date.UTC(2010, 0, 1) + i * 60_000).toISOString(),
  }));

  it("/sitemap.xml is an index of parts of at most 50,000 URLs each, which together hold them all", () => {
    const index = parse(buildSitemap(many, SITE, null)!);
    expect(index.root).toBe("sitemapindex");
    expect(index.locs).toEqual([1, 2, 3].map((n) => `${SITE}/sitemap.xml?page=${n}`));
    expect(index.entries[2]!.lastmod).toBe(
      new Date(Date.UTC(2010, 0, 1) + 2 * SITEMAP_MAX_URLS * 60_000).toISOString().replace(".000", ""),
    );
    const parts = [1, 2, 3].map((n) => parse(buildSitemap(many, SITE, n)!));
    expect(parts.map((p) => [p.root, p.locs.length])).toEqual([
      ["urlset", 50_000],
      ["urlset", 50_000],
      ["urlset", 1],
    ]);
    expect(parts.flatMap((p) => p.locs)).toEqual(many.map((e) => `${SITE}${e.path}`));
  });

  it("has no part 0 or past the last; one file needs no index", () => {
    expect(buildSitemap(many, SITE, 0)).toBeNull();
    expect(buildSitemap(many, SITE, 4)).toBeNull();
    const few = many.slice(0, SITEMAP_MAX_URLS);
    expect(parse(buildSitemap(few, SITE, null)!).root).toBe("urlset");
    expect(buildSitemap(few, SITE, 2)).toBeNull();
  });
});
