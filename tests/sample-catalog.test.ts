// Validates the bundled sample catalog (sample/*.json) and its media (public/media/**, and the
// gallery's own under sample/gallery-media, served only at /SpankBank/media/<file>).
// Regenerate with: bash scripts/sample/build-all.sh
import { describe, it, expect } from "vitest";
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync, statSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseChapters } from "~/rules/chapters";
import { parseSoundbites } from "~/rules/soundbites";
import { parseVtt } from "~/rules/transcript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PUB = join(ROOT, "public");
const MEDIA = join(PUB, "media");
const GALLERY_MEDIA = join(ROOT, "sample", "gallery-media");
const GALLERY_PATH = "/SpankBank/media/";
const load = (name: string): any => JSON.parse(readFileSync(join(ROOT, "sample", name), "utf8"));

const episodes: any[] = load("episodes.json");
const coldcut: any[] = load("coldcut.json");
const crew: any[] = load("crew.json");
const sponsors: any[] = load("sponsors.json");
const posts: any[] = load("posts.json");
const gallery: any[] = load("gallery.json");

const ERAS = ["GOOM Radio", "MLR", "PPR", "UFRN"];
const EPISODE_KEYS = [
  "id",
  "objectID",
  "title",
  "description",
  "subtext",
  "EpisodeUrl",
  "PodcastImage",
  "backgroundImage",
  "pubdate",
  "canbashow",
  "era",
  "EpisodeDuration",
];
const MISSING = `${GALLERY_PATH}missing-photo.jpg`;
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;
const local = (url: string) =>
  url.startsWith(GALLERY_PATH)
    ? join(GALLERY_MEDIA, decodeURI(url.slice(GALLERY_PATH.length)))
    : join(PUB, decodeURI(url));
const sortedKeys = (o: object) => Object.keys(o).sort();
const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// ---- MP3 frame walker (no ffprobe at test time)
type Mp3Info = { seconds: number; sampleRate: number; bitrates: Set<number>; mono: boolean; frames: number };
function mp3Info(buf: Buffer): Mp3Info {
  const BR1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const BR2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const RATES: Record<number, number[]> = {
    3: [44100, 48000, 32000],
    2: [22050, 24000, 16000],
    0: [11025, 12000, 8000],
  };
  let pos = 0;
  if (buf.toString("latin1", 0, 3) === "ID3") pos = 10 + ((buf[6] << 21) | (buf[7] << 14) | (buf[8] << 7) | buf[9]);
  let samples = 0,
    frames = 0,
    sampleRate = 0,
    mono = true,
    first = true;
  const bitrates = new Set<number>();
  while (pos + 4 <= buf.length) {
    const b1 = buf[pos + 1],
      b2 = buf[pos + 2],
      b3 = buf[pos + 3];
    if (buf[pos] !== 0xff || (b1 & 0xe0) !== 0xe0) break;
    const ver = (b1 >> 3) & 3,
      layer = (b1 >> 1) & 3,
      bi = (b2 >> 4) & 15,
      si = (b2 >> 2) & 3,
      padding = (b2 >> 1) & 1;
    if (ver === 1 || layer !== 1 || bi === 0 || bi === 15 || si === 3) break;
    const rate = RATES[ver][si];
    const kbps = (ver === 3 ? BR1 : BR2)[bi];
    const spf = ver === 3 ? 1152 : 576;
    const size = Math.floor(((spf / 8) * kbps * 1000) / rate) + padding;
    const isTag = first && /Xing|Info|VBRI/.test(buf.toString("latin1", pos + 4, Math.min(pos + 64, buf.length)));
    first = false;
    if (!isTag) {
      samples += spf;
      frames++;
      sampleRate = rate;
      bitrates.add(kbps);
      if (((b3 >> 6) & 3) !== 3) mono = false;
    }
    pos += size;
  }
  return { seconds: sampleRate ? samples / sampleRate : 0, sampleRate, bitrates, mono, frames };
}
const mp3Cache = new Map<string, Mp3Info>();
const mp3 = (url: string) => {
  if (!mp3Cache.has(url)) mp3Cache.set(url, mp3Info(readFileSync(local(url))));
  return mp3Cache.get(url)!;
};

// ---- JPEG dimensions from the SOF marker
function jpegSize(buf: Buffer): { width: number; height: number } {
  let pos = 2;
  while (pos < buf.length) {
    if (buf[pos] !== 0xff) {
      pos++;
      continue;
    }
    const marker = buf[pos + 1];
    const len = buf.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: buf.readUInt16BE(pos + 5), width: buf.readUInt16BE(pos + 7) };
    }
    pos += 2 + len;
  }
  throw new Error("no SOF marker");
}

// ---- WCAG contrast
function luminance(hex: string): number {
  const n = hex.replace("#", "");
  const full =
    n.length === 3
      ? n
          .split("")
          .map((c) => c + c)
          .join("")
      : n;
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}
const dirSize = (dir: string) => walk(dir).reduce((a, f) => a + statSync(f).size, 0);
const mediaRefs = (data: unknown) => [
  ...new Set(JSON.stringify(data).match(/(?:\/SpankBank)?\/media\/[^"\\\s]+/g) ?? []),
];

/**
 * Optional: the episode's chapters and transcript, files the sample builds from its spoken lines,
 * and soundbites picked from those lines.
 */
const EXTRA_KEYS = ["ChaptersUrl", "TranscriptUrl", "Soundbites"];

function checkEpisodeShape(ep: any) {
  expect(sortedKeys(ep)).toEqual([...EPISODE_KEYS, ...EXTRA_KEYS.filter((k) => k in ep)].sort());
  if (ep.TranscriptUrl) {
    expect(ep.TranscriptUrl).toMatch(/^\/media\/transcripts\/[\w.-]+\.vtt$/);
    expect(parseVtt(readFileSync(local(ep.TranscriptUrl), "utf8")).length).toBeGreaterThan(2);
  }
  if (ep.Soundbites) {
    // Each is one spoken line of the transcript, start to end, and every one is kept by the catalog.
    expect(ep.TranscriptUrl).toBeTruthy();
    const cues = parseVtt(readFileSync(local(ep.TranscriptUrl), "utf8"));
    expect(parseSoundbites(ep.Soundbites)).toEqual(ep.Soundbites);
    for (const bite of ep.Soundbites) {
      const cue = cues.find((c) => Math.abs(c.start - bite.startTime) < 0.001);
      expect(cue, `${ep.objectID} soundbite at ${bite.startTime}`).toBeDefined();
      expect(cue!.end - cue!.start).toBeCloseTo(bite.duration, 3);
      expect(bite.title.length).toBeGreaterThan(0);
    }
  }
  if (ep.ChaptersUrl) {
    expect(ep.ChaptersUrl).toMatch(/^\/media\/chapters\/[\w.-]+\.json$/);
    const chapters = parseChapters(JSON.parse(readFileSync(local(ep.ChaptersUrl), "utf8")));
    expect(chapters.length).toBeGreaterThan(1);
    expect(chapters[0]!.startTime).toBe(0);
    expect(chapters.at(-1)!.startTime).toBeLessThan(ep.EpisodeDuration);
  }
  expect(Number.isInteger(ep.id)).toBe(true);
  expect(typeof ep.title).toBe("string");
  expect(ep.title.trim().length).toBeGreaterThan(0);
  expect(typeof ep.subtext).toBe("string");
  expect(typeof ep.canbashow).toBe("boolean");
  expect(ERAS).toContain(ep.era);
  expect(ep.EpisodeUrl).toMatch(/^\/media\/audio\/[\w.-]+\.mp3$/);
  expect(ep.PodcastImage).toMatch(/^\/media\/img\/episodes\/[\w.-]+\.svg$/);
  expect(ep.backgroundImage).toMatch(/^\/media\/img\/bg\/[\w.-]+\.svg$/);
  expect(ep.pubdate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  const n = words(ep.description);
  expect(n, `${ep.objectID} description words`).toBeGreaterThanOrEqual(30);
  expect(n, `${ep.objectID} description words`).toBeLessThanOrEqual(120);
  for (const u of [ep.EpisodeUrl, ep.PodcastImage, ep.backgroundImage]) expect(existsSync(local(u)), u).toBe(true);
  expect(Number.isInteger(ep.EpisodeDuration)).toBe(true);
  expect(ep.EpisodeDuration).toBeGreaterThanOrEqual(5);
  expect(ep.EpisodeDuration).toBeLessThanOrEqual(60);
  expect(ep.EpisodeDuration, `${ep.objectID} duration`).toBe(Math.round(mp3(ep.EpisodeUrl).seconds));
}

describe("sample/episodes.json", () => {
  it("has at least 25 episodes per era and 100 in total", () => {
    expect(episodes.length).toBeGreaterThanOrEqual(100);
    for (const era of ERAS) expect(episodes.filter((e) => e.era === era).length, era).toBeGreaterThanOrEqual(25);
  });

  it("every episode has the exact production shape, local media and a real duration", () => {
    episodes.forEach(checkEpisodeShape);
  });

  it("has unique ids, objectIDs and titles (case-insensitive)", () => {
    expect(new Set(episodes.map((e) => e.id)).size).toBe(episodes.length);
    expect(new Set(episodes.map((e) => e.objectID)).size).toBe(episodes.length);
    episodes.forEach((e) => expect(e.objectID).toMatch(/^ep-\d{4}$/));
    expect(new Set(episodes.map((e) => e.title.toLowerCase())).size).toBe(episodes.length);
  });

  it("has titles that exercise URL encoding", () => {
    const titles = episodes.map((e) => e.title);
    expect(titles.some((t) => t.includes("'"))).toBe(true);
    expect(titles.some((t) => t.includes("&"))).toBe(true);
    expect(titles.some((t) => t.includes("?"))).toBe(true);
    expect(titles.some((t) => /[^\x00-\x7f]/.test(t))).toBe(true);
    expect(titles).toContain("Episode 106: Café Racer Night");
  });

  it("has distinct pubdates within 2010-2025, eras in chronological order", () => {
    const times = episodes.map((e) => Date.parse(e.pubdate));
    times.forEach((t) => expect(Number.isNaN(t)).toBe(false));
    expect(new Set(times).size).toBe(episodes.length);
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(Date.parse("2010-01-01T00:00:00Z"));
      expect(t).toBeLessThan(Date.parse("2026-01-01T00:00:00Z"));
    }
    const years = new Set(episodes.map((e) => e.pubdate.slice(0, 4)));
    expect(years.has("2010")).toBe(true);
    expect(years.has("2025")).toBe(true);
    for (let i = 0; i < ERAS.length - 1; i++) {
      const newest = Math.max(...episodes.filter((e) => e.era === ERAS[i]).map((e) => Date.parse(e.pubdate)));
      const oldest = Math.min(...episodes.filter((e) => e.era === ERAS[i + 1]).map((e) => Date.parse(e.pubdate)));
      expect(newest, `${ERAS[i]} before ${ERAS[i + 1]}`).toBeLessThan(oldest);
    }
  });

  it("flags 10-20% as canbashow and leaves a few subtexts empty", () => {
    const ratio = episodes.filter((e) => e.canbashow).length / episodes.length;
    expect(ratio).toBeGreaterThanOrEqual(0.1);
    expect(ratio).toBeLessThanOrEqual(0.2);
    const empty = episodes.filter((e) => e.subtext === "").length;
    expect(empty).toBeGreaterThanOrEqual(3);
    expect(empty).toBeLessThanOrEqual(8);
  });

  it("contains the search words used by the app's tests", () => {
    const count = (re: RegExp) => episodes.filter((e) => re.test(e.description)).length;
    expect(count(/antenna/i)).toBeGreaterThanOrEqual(3);
    expect(count(/bunker/i)).toBeGreaterThanOrEqual(3);
    expect(count(/zeppelin/i)).toBe(1);
    expect(coldcut.filter((e) => /zeppelin/i.test(e.description)).length).toBe(0);
  });
});

describe("one episode, one audio file, one cover", () => {
  const all = [...episodes, ...coldcut];

  it("no two episodes (Cold Cuts included) share an audio file, and every episode file is an episode's", () => {
    expect(new Set(all.map((e) => e.EpisodeUrl)).size).toBe(all.length);
    const files = readdirSync(join(MEDIA, "audio")).filter((f) => !["error.mp3", "live-sample.mp3"].includes(f));
    expect(files.map((f) => `/media/audio/${f}`).sort()).toEqual(all.map((e) => e.EpisodeUrl).sort());
  });

  it("the episodes the player's tests seek, skip and resume in keep their half-minute tracks", () => {
    // newest first: the first two play, seek 30 s ahead and resume; the third is Up Next's third
    const newest = [...episodes].sort((a, b) => Date.parse(b.pubdate) - Date.parse(a.pubdate)).slice(0, 3);
    for (const e of [...newest, episodes[0]]) expect(e.EpisodeDuration, e.title).toBeGreaterThanOrEqual(34);
  });

  it("no two episodes (Cold Cuts included) share a cover, and each cover's raster copies exist", () => {
    expect(new Set(all.map((e) => e.PodcastImage)).size).toBe(all.length);
    for (const e of all) {
      const name = e.PodcastImage.replace(/^\/media\/img\//, "").replace(/\.svg$/, ".jpg");
      for (const copy of [`/media/img/podcast/${name}`, `/media/img/share/${name}`])
        expect(existsSync(local(copy)), copy).toBe(true);
    }
  });

  it("each cover is titled with its own episode's title", () => {
    for (const e of all)
      expect(readFileSync(local(e.PodcastImage), "utf8")).toContain(
        `<title>The Ham Radio Show - ${esc(e.title)}</title>`,
      );
  });
});

describe("sample/coldcut.json", () => {
  it("has at least 10 Cold Cuts in the episode shape", () => {
    expect(coldcut.length).toBeGreaterThanOrEqual(10);
    coldcut.forEach(checkEpisodeShape);
  });

  it("uses ids, objectIDs and titles distinct from the episodes", () => {
    const epIds = new Set(episodes.map((e) => e.id));
    coldcut.forEach((c) => {
      expect(epIds.has(c.id)).toBe(false);
      expect(c.objectID).toMatch(/^cc-\d{4}$/);
    });
    expect(new Set(coldcut.map((c) => c.id)).size).toBe(coldcut.length);
    expect(new Set(coldcut.map((c) => c.objectID)).size).toBe(coldcut.length);
    const all = [...episodes, ...coldcut].map((e) => e.title.toLowerCase());
    expect(new Set(all).size).toBe(all.length);
    const times = coldcut.map((c) => Date.parse(c.pubdate));
    expect(new Set(times).size).toBe(coldcut.length);
    times.forEach((t) => expect(t).toBeLessThan(Date.parse("2026-01-01T00:00:00Z")));
  });
});

describe("sample/crew.json", () => {
  it("has at least 6 crew members with the production shape", () => {
    expect(crew.length).toBeGreaterThanOrEqual(6);
    for (const c of crew) {
      expect(sortedKeys(c)).toEqual(["Bio", "DPB", "HeaderBGImage", "Job", "Name", "ProfileImg", "id"]);
      expect(Number.isInteger(c.id)).toBe(true);
      expect(c.Name.split(" ").length).toBeLessThanOrEqual(2);
      expect(c.Job.length).toBeGreaterThan(0);
      const sentences = c.Bio.split(/(?<=[.!?])\s+/).filter(Boolean).length;
      expect(sentences, c.Name).toBeGreaterThanOrEqual(2);
      expect(sentences, c.Name).toBeLessThanOrEqual(4);
      expect(c.ProfileImg).toMatch(/^\/media\/img\/crew\/[\w-]+\.svg$/);
      expect(c.HeaderBGImage).toMatch(/^\/media\/img\/crew\/[\w-]+-header\.svg$/);
      expect(existsSync(local(c.ProfileImg))).toBe(true);
      expect(existsSync(local(c.HeaderBGImage))).toBe(true);
    }
    expect(new Set(crew.map((c) => c.id)).size).toBe(crew.length);
    expect(new Set(crew.map((c) => c.Name)).size).toBe(crew.length);
    expect(crew.some((c) => c.Name.includes(" "))).toBe(true);
  });

  it("has Deadpool Bingo picks, several DEAD, and exactly one null DPB", () => {
    expect(crew.filter((c) => c.DPB === null).length).toBe(1);
    let dead = 0;
    for (const c of crew.filter((c) => c.DPB !== null)) {
      const picks = Object.entries(c.DPB as Record<string, string>);
      expect(picks.length, c.Name).toBeGreaterThanOrEqual(3);
      expect(picks.length, c.Name).toBeLessThanOrEqual(6);
      for (const [, status] of picks) expect(["DEAD", "ALIVE"]).toContain(status);
      dead += picks.filter(([, s]) => s === "DEAD").length;
    }
    expect(dead).toBeGreaterThanOrEqual(3);
  });
});

describe("sample/sponsors.json", () => {
  it("has at least 3 fictional sponsors with readable banners", () => {
    expect(sponsors.length).toBeGreaterThanOrEqual(3);
    for (const s of sponsors) {
      expect(sortedKeys(s)).toEqual(["Name", "SPNSRLink", "SponsorLogo", "SponsorStyle", "id"]);
      expect(sortedKeys(s.SponsorStyle)).toEqual(["BGColor", "BannerBG", "BannerTextColor"]);
      for (const c of Object.values(s.SponsorStyle)) expect(c).toMatch(/^#[0-9a-fA-F]{6}$/);
      expect(new URL(s.SPNSRLink).protocol).toBe("https:");
      expect(new URL(s.SPNSRLink).hostname).toMatch(/^(www\.)?example\.(com|org|net)$/);
      expect(existsSync(local(s.SponsorLogo))).toBe(true);
      expect(contrast(s.SponsorStyle.BannerTextColor, s.SponsorStyle.BannerBG), s.Name).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(sponsors.map((s) => s.id)).size).toBe(sponsors.length);
  });
});

describe("sample/posts.json", () => {
  const inCat = (c: number) => posts.filter((p) => p.categories.includes(c));

  it("has the WordPress REST shape", () => {
    for (const p of posts) {
      expect(sortedKeys(p)).toEqual([
        "acf",
        "categories",
        "content",
        "date",
        "excerpt",
        "featured_media_src_url",
        "id",
        "slug",
        "title",
      ]);
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(p.content.rendered).toMatch(/<p>[\s\S]+<\/p>/);
      expect(p.excerpt.rendered).toMatch(/^<p>[\s\S]+<\/p>\n?$/);
      expect(typeof p.title.rendered).toBe("string");
      expect(typeof p.acf.sliderurl).toBe("string");
      expect(existsSync(local(p.featured_media_src_url)), p.featured_media_src_url).toBe(true);
    }
    expect(new Set(posts.map((p) => p.id)).size).toBe(posts.length);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
  });

  it("has the expected category counts", () => {
    expect(inCat(5).length).toBeGreaterThanOrEqual(8);
    expect(inCat(4).length).toBeGreaterThanOrEqual(8);
    expect(inCat(6).length).toBeGreaterThanOrEqual(3);
    expect(inCat(7).length).toBe(4);
  });

  it("has distinct dates in 2023-2026, varied titles and WordPress entities", () => {
    expect(new Set(posts.map((p) => p.date)).size).toBe(posts.length);
    for (const p of posts) {
      expect(Number(p.date.slice(0, 4))).toBeGreaterThanOrEqual(2023);
      expect(Number(p.date.slice(0, 4))).toBeLessThanOrEqual(2026);
    }
    expect(posts.filter((p) => p.title.rendered.length > 15).length).toBeGreaterThanOrEqual(5);
    expect(posts.some((p) => p.title.rendered.length <= 15)).toBe(true);
    expect(posts.some((p) => /&#8217;|&amp;/.test(p.title.rendered))).toBe(true);
    expect(posts.some((p) => /&#8217;|&amp;|&#8220;/.test(p.content.rendered))).toBe(true);
    expect(posts.some((p) => /<img /.test(p.content.rendered))).toBe(true);
    expect(posts.some((p) => /<blockquote>/.test(p.content.rendered))).toBe(true);
    expect(posts.some((p) => /<ul>/.test(p.content.rendered))).toBe(true);
  });

  it("has 4 slider posts with wide banners and the expected links", () => {
    const sliders = inCat(7);
    for (const s of sliders) {
      const { width, height } = jpegSize(readFileSync(local(s.featured_media_src_url)));
      expect(width).toBeGreaterThanOrEqual(1000);
      expect(width / height).toBeGreaterThanOrEqual(2.5);
      expect(statSync(local(s.featured_media_src_url)).size).toBeLessThanOrEqual(60 * 1024);
      const u = s.acf.sliderurl;
      expect(u === "" || u.startsWith("https://www.hamradioshow.net/") || u.startsWith("https://example.org/"), u).toBe(
        true,
      );
    }
    const urls = sliders.map((s) => s.acf.sliderurl);
    expect(urls.filter((u) => u === "https://www.hamradioshow.net/the-bunker-tour/").length).toBe(1);
    expect(urls.filter((u) => u.startsWith("https://example.org/")).length).toBe(1);
  });

  it("only references local media that exists", () => {
    for (const r of mediaRefs(posts)) expect(existsSync(local(r)), r).toBe(true);
  });
});

describe("sample/gallery.json", () => {
  const imgs = (html: string) => [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const videos = (html: string) => [...html.matchAll(/<video\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);

  it("has at least 8 WordPress-shaped gallery posts in category 23", () => {
    expect(gallery.length).toBeGreaterThanOrEqual(8);
    for (const g of gallery) {
      expect(sortedKeys(g)).toEqual(["better_featured_image", "categories", "content", "date", "id", "slug", "title"]);
      expect(g.categories).toEqual([23]);
      expect(typeof g.title.rendered).toBe("string");
      const medium = g.better_featured_image.media_details.sizes.medium.source_url;
      expect(existsSync(local(g.better_featured_image.source_url))).toBe(true);
      expect(existsSync(local(medium))).toBe(true);
      const n = imgs(g.content.rendered).length;
      expect(n, g.slug).toBeGreaterThanOrEqual(2);
      expect(n, g.slug).toBeLessThanOrEqual(5);
    }
    expect(new Set(gallery.map((g) => g.id)).size).toBe(gallery.length);
    expect(new Set(gallery.map((g) => g.slug)).size).toBe(gallery.length);
  });

  it("embeds exactly one small local video", () => {
    const withVideo = gallery.filter((g) => videos(g.content.rendered).length > 0);
    expect(withVideo.length).toBe(1);
    const [src] = videos(withVideo[0].content.rendered);
    expect(src).toMatch(/^\/SpankBank\/media\/[\w-]+\.(mp4|webm)$/);
    expect(withVideo[0].content.rendered).toMatch(/<video\b[^>]*\bcontrols\b/);
    expect(existsSync(local(src))).toBe(true);
    expect(statSync(local(src)).size).toBeLessThanOrEqual(300 * 1024);
  });

  it("references the deliberately missing image exactly once, every other image exists", () => {
    const all = gallery.flatMap((g) => imgs(g.content.rendered));
    expect(all.filter((s) => s === MISSING).length).toBe(1);
    expect(existsSync(local(MISSING))).toBe(false);
    for (const s of all.filter((s) => s !== MISSING)) {
      expect(existsSync(local(s)), s).toBe(true);
      expect(statSync(local(s)).size, s).toBeLessThanOrEqual(60 * 1024);
    }
  });
});

describe("sample/gallery-media", () => {
  it("holds every gallery photo and video, and nothing public or unreferenced", () => {
    const refs = mediaRefs(gallery);
    expect(
      refs.every((r) => r.startsWith(GALLERY_PATH)),
      refs.join(" "),
    ).toBe(true);
    expect(existsSync(join(MEDIA, "img", "gallery"))).toBe(false);
    const used = new Set(refs.map((r) => r.slice(GALLERY_PATH.length)));
    expect(readdirSync(GALLERY_MEDIA).filter((f) => !used.has(f))).toEqual([]);
    expect(dirSize(GALLERY_MEDIA)).toBeLessThan(1024 * 1024);
  });
});

describe("public/media", () => {
  const AUDIO = join(MEDIA, "audio");

  it("every media file referenced by the catalog exists (except the deliberate missing photo)", () => {
    const refs = mediaRefs([episodes, coldcut, crew, sponsors, posts, gallery]).filter((r) => r !== MISSING);
    for (const r of refs) expect(existsSync(local(r)), r).toBe(true);
  });

  it("has the audio files in the expected format", () => {
    const names = readdirSync(AUDIO)
      .filter((f) => f.endsWith(".mp3"))
      .sort();
    expect(names).toEqual(
      expect.arrayContaining(["error.mp3", "live-sample.mp3", ...[1, 2, 3, 4, 5, 6].map((n) => `ep-audio-${n}.mp3`)]),
    );
    for (const f of names) {
      const info = mp3(`/media/audio/${f}`);
      expect(info.frames, f).toBeGreaterThan(0);
      expect([16000, 22050, 24000]).toContain(info.sampleRate);
      expect(info.mono, f).toBe(true);
      expect(info.bitrates.size, `${f} CBR`).toBe(1);
      const [kbps] = [...info.bitrates];
      expect(kbps).toBeGreaterThanOrEqual(16);
      expect(kbps).toBeLessThanOrEqual(32);
    }
    const err = mp3("/media/audio/error.mp3").seconds;
    expect(err).toBeGreaterThanOrEqual(3);
    expect(err).toBeLessThanOrEqual(5.5);
    const live = mp3("/media/audio/live-sample.mp3").seconds;
    expect(live).toBeGreaterThanOrEqual(50);
    expect(live).toBeLessThanOrEqual(65);
  });

  // Every episode has its own cover (SVG and two JPEGs) and its own audio: the repository carries them all.
  it("stays within the size budget (audio < 3 MB, all media < 8 MB)", () => {
    expect(dirSize(AUDIO)).toBeLessThan(3 * 1024 * 1024);
    expect(dirSize(MEDIA)).toBeLessThan(8 * 1024 * 1024);
  });

  it("ships safe, self-contained SVGs with a size and a title", () => {
    const svgs = walk(join(MEDIA, "img")).filter((f) => f.endsWith(".svg"));
    expect(svgs.length).toBeGreaterThan(20);
    for (const f of svgs) {
      const text = readFileSync(f, "utf8");
      expect(text, f).toMatch(/<svg\b[^>]*\bwidth="\d+"[^>]*\bheight="\d+"/);
      expect(text, f).toMatch(/<title>[^<]+<\/title>/);
      expect(text, f).not.toMatch(/<script|on\w+=|href="(https?:)?\/\/|url\((https?:)?\/\//i);
    }
    for (const f of walk(join(MEDIA, "img", "episodes"))) expect(statSync(f).size, f).toBeLessThan(4096);
    for (const f of ["logo.svg", "default-episode.svg"]) expect(existsSync(join(MEDIA, "img", f))).toBe(true);
    for (const era of ["goom-radio", "mlr", "ppr", "ufrn", "edgefm"])
      expect(existsSync(join(MEDIA, "img", "eras", `${era}.svg`)), era).toBe(true);
  });
});

describe("sample transcripts and chapters", () => {
  it("a good share of episodes has an exact transcript, some chapters too, and some neither", () => {
    const all = [...episodes, ...coldcut];
    const share = (key: string) => all.filter((e) => e[key]).length / all.length;
    expect(share("TranscriptUrl")).toBeGreaterThanOrEqual(0.5);
    expect(share("ChaptersUrl")).toBeGreaterThanOrEqual(0.4);
    expect(all.some((e) => !e.TranscriptUrl && !e.ChaptersUrl)).toBe(true);
    // Soundbites on some episodes, with and without chapters, and not on every transcribed one.
    expect(all.some((e) => e.Soundbites && e.ChaptersUrl)).toBe(true);
    expect(all.some((e) => e.Soundbites && !e.ChaptersUrl)).toBe(true);
    expect(all.some((e) => e.TranscriptUrl && !e.Soundbites)).toBe(true);
  });

  it("each transcript's lines are in order, inside the audio, and read the text its audio was spoken from", () => {
    const script = readFileSync(join(ROOT, "scripts", "sample", "make-audio.sh"), "utf8");
    // what every episode's own clip says (make-audio.sh reads the same lines)
    const clipLines = execFileSync(process.execPath, [join(ROOT, "scripts", "sample", "clips.mjs")], {
      encoding: "utf8",
    });
    const spoken = new Set(clipLines.split("\n").flatMap((line) => line.split("\t").slice(6)));
    for (const url of new Set([...episodes, ...coldcut].map((e) => e.TranscriptUrl).filter(Boolean))) {
      const cues = parseVtt(readFileSync(local(url), "utf8"));
      const audio = [...episodes, ...coldcut].find((e) => e.TranscriptUrl === url)!.EpisodeUrl;
      cues.forEach((cue, i) => {
        expect(cue.end).toBeGreaterThan(cue.start);
        if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
        expect(spoken.has(cue.text) || script.includes(`"${cue.text}"`), cue.text).toBe(true);
      });
      expect(cues.at(-1)!.end).toBeLessThanOrEqual(mp3(audio).seconds);
    }
  });
});
