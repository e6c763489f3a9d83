import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import { textContent, getElementsByTagName } from "domutils";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  COLD_CUT_ART,
  PODCAST_ART_PX,
  SHARE_CARD,
  SHOW_ART,
  SHOW_SHARE_CARD,
  podcastArt,
  shareImage,
} from "~/rules/artwork";
import { ERAS, STATIONS } from "~/rules/eras";
import { episodeImage } from "~/rules/episodes";

const sample = (name: string) => JSON.parse(fs.readFileSync(path.join("sample", name), "utf8")) as any[];
const episodes = [...sample("episodes.json"), ...sample("coldcut.json")];
const crew = sample("crew.json");
const posts = sample("posts.json").filter((p) => !p.categories.includes(7));
const file = (url: string) => path.join("public", url);
const meta = (url: string) => sharp(file(url)).metadata();
/** The text an SVG prints, one string per <text> element (its title is not printed). */
const printed = (url: string) =>
  getElementsByTagName("text", parseDocument(fs.readFileSync(file(url), "utf8"), { xmlMode: true })).map((t) =>
    textContent(t),
  );

const episodeArt = [...new Set(episodes.map((e) => episodeImage(e.PodcastImage, e.backgroundImage)))];
const feedCovers = [
  SHOW_ART,
  COLD_CUT_ART,
  ...STATIONS.map((s) => ERAS[s].cover),
  ...episodeArt,
  // podcast:person images
  ...crew.map((c) => c.ProfileImg),
];
const previewArt = [
  ...episodeArt,
  SHOW_ART,
  ...STATIONS.map((s) => ERAS[s].image),
  ...crew.map((c) => c.HeaderBGImage),
  ...posts.map((p) => p.featured_media_src_url),
];

describe("raster art made from the sample pipeline's SVGs", () => {
  it.each(feedCovers)("%s has a square JPEG podcast cover of 1400–3000 px", async (svg) => {
    const art = podcastArt(svg)!;
    expect(art).toMatch(/^\/media\/img\/podcast\/.+\.jpg$/);
    const m = await meta(art);
    expect(m.format).toBe("jpeg");
    expect(m.width).toBe(m.height);
    expect(m.width).toBeGreaterThanOrEqual(1400);
    expect(m.width).toBeLessThanOrEqual(3000);
    expect(m.width).toBe(PODCAST_ART_PX);
    // RGB: some directories refuse CMYK or alpha.
    expect(m.channels).toBe(3);
  });

  it.each([...new Set(previewArt)])("%s has a 1200 × 630 JPEG share card", async (image) => {
    const card = shareImage(image);
    expect(card).toMatchObject({ width: 1200, height: 630 });
    const m = await meta(card.url);
    expect([m.format, m.width, m.height]).toEqual(["jpeg", SHARE_CARD.width, SHARE_CARD.height]);
  });

  it("the show's own card is there, and images that are already raster are used as they are", async () => {
    const m = await meta(SHOW_SHARE_CARD);
    expect([m.width, m.height]).toEqual([1200, 630]);
    expect(shareImage("https://cdn.example/ep.jpg")).toEqual({ url: "https://cdn.example/ep.jpg" });
    expect(shareImage("https://cdn.example/ep.svg")).toMatchObject({ url: SHOW_SHARE_CARD });
    expect(shareImage(null)).toMatchObject({ url: SHOW_SHARE_CARD });
    expect(podcastArt("/media/x.png")).toBe("/media/x.png");
    expect(podcastArt("https://cdn.example/a.gif")).toBeNull();
    expect(podcastArt('/media/img/"><script>.svg')).toBeNull();
  });

  it.each([
    ["icon-192.png", 192],
    ["icon-512.png", 512],
    ["icon-maskable-512.png", 512],
    ["apple-touch-icon.png", 180],
  ])("app icon %s is a %i px square PNG", async (name, size) => {
    const m = await meta(`/media/img/icons/${name}`);
    expect([m.format, m.width, m.height]).toEqual(["png", size, size]);
  });
});

describe("sample art agrees with the captions printed beside it", () => {
  it.each(STATIONS)("%s: the era card and cover print the caption's name and years", (station) => {
    for (const art of [ERAS[station].image, ERAS[station].cover]) {
      expect(printed(art)).toEqual(expect.arrayContaining([station, ERAS[station].years]));
    }
  });

  it("every episode cover names the era its episodes belong to", () => {
    for (const e of sample("episodes.json")) expect(printed(e.PodcastImage)).toContain(e.era);
  });

  it("every crew header prints the member's name and job", () => {
    for (const c of crew) expect(printed(c.HeaderBGImage)).toEqual([c.Name.toUpperCase(), c.Job]);
  });
});
