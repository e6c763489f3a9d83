/**
 * How listeners and machines find the show (ADR 017): link previews read by a real Open Graph
 * parser, structured data, the sitemap and robots.txt, the podcast feeds as directories poll them
 * (Podcasting 2.0 parser, conditional GET), and the installable app
 * (manifest, icons, Chromium's own installability check). HTTP-level: desktop with JS only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type APIRequestContext } from "@playwright/test";
import ogs from "open-graph-scraper";
import { parseFeed } from "podcast-partytime";
import sharp from "sharp";
import { baseURL } from "../../playwright.config";
import { eraLink, STATIONS } from "../../app/rules/eras";
import { FUNDING } from "../../app/rules/podcast";
import { PUBLIC_ROUTES, cannabisEpisode, coldcut, crew, dthNews, episodes, wtfNews } from "./support/sample";

const q = encodeURIComponent;
const abs = (p: string) => new URL(p, baseURL).href;
/** The page's head as a link-preview crawler reads it. */
async function preview(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const { result } = await ogs({ html });
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return { result, ld, canonical, html };
}
async function imageSize(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const m = await sharp(await res.body()).metadata();
  return { type: res.headers()["content-type"], format: m.format, width: m.width ?? 0, height: m.height ?? 0 };
}

test("every public page previews with an absolute URL, title, description and a raster image of 1200 × 630", async ({
  request,
}) => {
  const images = new Map<string, Awaited<ReturnType<typeof imageSize>>>();
  for (const route of PUBLIC_ROUTES.filter((r) => r.status === 200)) {
    const { result, canonical } = await preview(request, route.path);
    expect(result.ogUrl, route.path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(canonical, route.path).toBe(result.ogUrl);
    expect(result.ogTitle, route.path).toBeTruthy();
    expect(result.ogDescription, route.path).toBeTruthy();
    expect(result.twitterCard, route.path).toBe("summary_large_image");
    const image = result.ogImage![0]!.url;
    expect(image, route.path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.(jpg|png)$/);
    if (!images.has(image)) images.set(image, await imageSize(request, image));
    const size = images.get(image)!;
    expect(size.type, image).toBe("image/jpeg");
    expect(size.width, image).toBeGreaterThanOrEqual(1200);
    expect(size.height, image).toBeGreaterThanOrEqual(630);
  }
  // The preview of a page is its own: an era's art, an episode's, a news post's, a crew member's.
  expect(images.size).toBeGreaterThanOrEqual(6);
});

test("an episode link previews its art and audio, with a PodcastEpisode of its PodcastSeries", async ({ request }) => {
  const e = cannabisEpisode;
  const { result, ld } = await preview(request, `/episode?title=${q(e.title)}`);
  expect(result.ogUrl).toBe(abs(`/episode?title=${q(e.title)}`));
  expect(result.ogType).toBe("website");
  expect(result.ogTitle).toBe(e.title);
  expect(result.ogImage![0]).toMatchObject({ width: "1200", height: "630" });
  expect(result.ogAudioURL ?? result.ogAudio).toBe(abs(e.EpisodeUrl));
  expect(ld).toHaveLength(1);
  expect(ld[0]).toMatchObject({
    "@context": "https://schema.org",
    "@type": "PodcastEpisode",
    url: result.ogUrl,
    name: e.title,
    associatedMedia: { "@type": "MediaObject", contentUrl: abs(e.EpisodeUrl) },
    partOfSeries: { "@type": "PodcastSeries", name: "The Ham Radio Show", webFeed: abs("/rss") },
  });
  const cold = await preview(request, `/coldcut/?title=${q(coldcut[0]!.title)}`);
  expect(cold.ld[0].partOfSeries.webFeed).toBe(abs("/rss/coldcut"));
});

test("home is a RadioStation that listens to the live stream, and advertises the feeds", async ({ request }) => {
  const { result, ld, html } = await preview(request, "/");
  expect(result.ogType).toBe("music.radio_station");
  expect(ld[0]).toMatchObject({ "@type": "RadioStation", url: abs("/") });
  expect(ld[0].potentialAction.target.urlTemplate).toMatch(/\/live\/stream\.mp3$/);
  expect(html).toContain(
    `<link rel="alternate" type="application/rss+xml" title="The Ham Radio Show (podcast)" href="${abs("/rss")}"/>`,
  );
});

test("sitemap.xml lists every public page, each answering 200 to an anonymous visitor; robots.txt points to it", async ({
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${abs("/sitemap.xml")}`);
  expect(robots).toMatch(/^Disallow: \/user$/m);
  const res = await request.get("/sitemap.xml");
  expect(res.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const expected = [
    ...["/", "/eras", "/about", "/crew-page", "/News", "/News?tab=wtfnews", "/DPB", "/help", "/privacy-policy"],
    "/speical-feature",
    "/coldcut",
    "/live",
    ...STATIONS.map(eraLink),
    ...episodes.map((e) => `/episode?title=${q(e.title)}`),
    ...coldcut.map((e) => `/coldcut/?title=${q(e.title)}`),
    ...crew.map((c) => `/crew?name=${q(c.Name)}`),
    ...dthNews.map((p) => `/News/${p.slug}`),
    ...wtfNews.map((p) => `/WTFNews/${p.slug}`),
  ].map(abs);
  expect([...locs].sort()).toEqual([...expected].sort());
  // Each one is a real public page, none behind sign-in.
  for (const loc of locs) {
    const page = await request.get(loc, { maxRedirects: 0 });
    expect(page.status(), loc).toBe(200);
  }
  expect((await request.get("/sitemap.xml?page=2")).status()).toBe(404);
  expect((await request.get("/sitemap.xml?page=abc")).status()).toBe(400);
});

test("the feeds pass a Podcasting 2.0 parser, and a poll of an unchanged feed is a 304 without a body", async ({
  request,
}) => {
  for (const [feed, count] of [
    ["/rss", episodes.length],
    ["/rss?era=MLR", episodes.filter((e) => e.era === "MLR").length],
    ["/rss/coldcut", coldcut.length],
  ] as const) {
    const res = await request.get(feed);
    expect(res.status(), feed).toBe(200);
    const parsed = parseFeed(await res.text())!;
    expect(parsed.items, feed).toHaveLength(count);
    expect(parsed.guid, feed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parsed.locked).toBe(true);
    expect(parsed.podcastFunding, feed).toEqual([{ url: FUNDING.defaultUrl, message: FUNDING.message }]);
    // The live stream (on the air at the fake streaming service) is the whole show's, not an archive's.
    if (feed === "/rss") {
      const [live] = parsed.podcastLiveItems!;
      expect([live!.status, live!.enclosure.url]).toEqual(["live", expect.stringMatching(/\/live\/stream\.mp3$/)]);
      expect(live!.start.getTime()).toBeLessThanOrEqual(Date.now());
    } else expect(parsed.podcastLiveItems, feed).toBeUndefined();
    const art = await imageSize(request, parsed.itunesImage!);
    expect([art.width === art.height, art.width >= 1400 && art.width <= 3000]).toEqual([true, true]);
    // The enclosure is the file, byte for byte as long as the feed says.
    const enclosure = parsed.items[0]!.enclosure;
    const audio = await request.head(enclosure.url);
    expect(Number(audio.headers()["content-length"])).toBe(enclosure.length);
    expect(audio.headers()["content-type"]).toBe(enclosure.type);

    const etag = res.headers().etag!;
    const lastModified = res.headers()["last-modified"]!;
    expect(etag).toBeTruthy();
    for (const headers of <Record<string, string>[]>[
      { "If-None-Match": etag },
      { "If-Modified-Since": lastModified },
    ]) {
      const again = await request.get(feed, { headers });
      expect(again.status(), `${feed} ${JSON.stringify(headers)}`).toBe(304);
      expect((await again.body()).length).toBe(0);
    }
    expect((await request.get(feed, { headers: { "If-None-Match": 'W/"stale"' } })).status()).toBe(200);
  }
});

test("the app installs: manifest, icons, theme colours, and Chromium finds nothing in the way", async ({ request }) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    name: "The Ham Radio Show",
    short_name: expect.any(String),
    start_url: "/",
    display: "standalone",
    theme_color: expect.stringMatching(/^#/),
    background_color: expect.stringMatching(/^#/),
  });
  const sizes = new Map<string, number>();
  for (const icon of manifest.icons) {
    const size = await imageSize(request, icon.src);
    expect(size.format).toBe("png");
    expect(`${size.width}x${size.height}`).toBe(icon.sizes);
    sizes.set(`${icon.purpose} ${icon.sizes}`, size.width);
  }
  expect([...sizes.keys()]).toEqual(expect.arrayContaining(["any 192x192", "any 512x512", "maskable 512x512"]));
  const home = await (await request.get("/")).text();
  expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  expect(home).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)" content="#[0-9a-f]{6}"\/>/);
  const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(home)![1]!;
  expect(await imageSize(request, touch)).toMatchObject({ format: "png", width: 180, height: 180 });

  // Chromium's own verdict (what Lighthouse's installability audit reported), in a real profile:
  // an incognito context is never installable.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-install-"));
  const context = await chromium.launchPersistentContext(profile, test.info().project.use.launchOptions ?? {});
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(abs("/"), { waitUntil: "load" });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
