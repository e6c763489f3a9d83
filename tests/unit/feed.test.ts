import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseFeed, type FeedObject } from "podcast-partytime";
import { CHAPTERS_PATH_PREFIX, mediaChaptersFile, parseChapters, servedChaptersUrl } from "~/rules/chapters";
import { parseVtt } from "~/rules/transcript";
import { itunesCategoriesSourceOfTruth } from "podcast-partytime/dist/parser/itunes-categories";
import Parser from "rss-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLiveStatus } from "~/services/live-status.server";
import { buildFeed, podcastGuid, xml, type FeedKind } from "~/services/feed.server";
import { conditionalResponse } from "~/route-support/responses.server";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { STATIONS } from "~/rules/eras";
import { audioType, crewRole, episodeNumber, nextLiveStatus, type LiveStatus } from "~/rules/podcast";
import type { CrewMember, Episode } from "~/services/types";

// podcast-partytime logs through pino at import; only its verdicts matter here.
vi.hoisted(() => {
  process.env.PARTYTIME_LOG = "silent";
});

const SITE = "https://listen.example.com";
const OWNER = "owner@listen.example.com";
const rss = new Parser();

let dir: string;
let db: Db;
let crew: CrewMember[];
const episodesOf = new Map<string, Episode[]>();
const FEEDS: [string, FeedKind, string][] = [
  ["the whole show", { kind: "show" }, "/rss"],
  ...STATIONS.map((station): [string, FeedKind, string] => [
    station,
    { kind: "era", station },
    `/rss?era=${encodeURIComponent(station)}`,
  ]),
  ["Cold Cut", { kind: "coldcut" }, "/rss/coldcut"],
];
const keyOf = (feed: FeedKind) => (feed.kind === "era" ? feed.station : feed.kind);
const FUNDING_URL = "https://support.example.com/ham-radio";
const STREAM = "https://stream.example.com/a93581";
const build = (feed: FeedKind, episodes = episodesOf.get(keyOf(feed))!, live: LiveStatus | null = null) =>
  buildFeed({
    feed,
    episodes,
    crew,
    origin: SITE,
    ownerEmail: OWNER,
    fundingUrl: FUNDING_URL,
    live: { streamUrl: STREAM, status: live },
  });
/** Parses with podcast-partytime (Podcasting 2.0 aware); null means it refused the feed. */
const party = (body: string): FeedObject => {
  const feed = parseFeed(body);
  expect(feed, "podcast-partytime parses the feed").not.toBeNull();
  return feed!;
};
const localFile = (url: string) => {
  expect(url.startsWith(`${SITE}/`)).toBe(true);
  return path.join("public", new URL(url).pathname);
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-feed-"));
  db = openDatabase(dir);
  seedIfEmpty(db, path.resolve("sample"), path.resolve("public"));
  const catalog = createSqliteCatalog(db);
  crew = await catalog.crew();
  episodesOf.set("show", await catalog.allEpisodes("main"));
  episodesOf.set("coldcut", await catalog.allEpisodes("coldcut"));
  for (const s of STATIONS) episodesOf.set(s, await catalog.allEpisodes("main", s));
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(FEEDS)("podcast feed of %s", (_name, feed, feedPath) => {
  it("passes two real parsers with the channel a directory needs", async () => {
    const body = build(feed);
    const episodes = episodesOf.get(keyOf(feed))!;
    expect(episodes.length).toBeGreaterThan(0);

    const viaRss = await rss.parseString(body);
    expect(viaRss.items).toHaveLength(episodes.length);
    expect(viaRss.feedUrl).toBe(`${SITE}${feedPath}`);
    expect(viaRss.itunes?.owner).toEqual({ name: "The Ham Radio Show", email: OWNER });

    const p = party(body);
    expect(p.items).toHaveLength(episodes.length);
    expect(p.title).toBe(viaRss.title);
    expect(p.description.length).toBeGreaterThan(40);
    expect(p.link).toMatch(new RegExp(`^${SITE}/`));
    expect(p.language).toBe("en-us");
    expect(p.author).toBe("The Ham Radio Show");
    expect(p.owner).toEqual({ name: "The Ham Radio Show", email: OWNER });
    expect(p.itunesType).toBe("episodic");
    expect(p.explicit).toBe(true);
    expect(p.guid).toBe(podcastGuid(`${SITE}${feedPath}`));
    expect(p.locked).toBe(true);
    expect(p.podcastOwner).toBe(OWNER);
    expect(p.medium).toBe("podcast");
    expect(p.podcastFunding).toEqual([{ url: FUNDING_URL, message: "Support The Ham Radio Show" }]);
    expect(p.lastPubDate?.getTime()).toBe(Date.parse(episodes[0]!.pubdate));
  });

  it("has square raster cover art of 1400–3000 px, for the channel and every item", async () => {
    const p = party(build(feed));
    const covers = new Set([p.itunesImage!, p.image!.url, ...p.items.map((i) => i.itunesImage!)]);
    expect(p.image!.url).toBe(p.itunesImage);
    for (const url of covers) {
      expect(url).toMatch(/\.(jpe?g|png)$/);
      const m = await sharp(localFile(url)).metadata();
      expect(["jpeg", "png"]).toContain(m.format);
      expect(m.width).toBe(m.height);
      expect(m.width).toBeGreaterThanOrEqual(1400);
      expect(m.width).toBeLessThanOrEqual(3000);
    }
  });

  it("gives every item an exact enclosure, a stable unique guid and its date, newest first", async () => {
    const episodes = episodesOf.get(keyOf(feed))!;
    const p = party(build(feed));
    const guids = new Set<string>();
    let previous = Infinity;
    p.items.forEach((item, i) => {
      const e = episodes[i]!;
      expect(item.title).toBe(e.title);
      expect(item.link).toBe(
        new URL(`${e.coldcut ? "/coldcut/" : "/episode"}?title=${encodeURIComponent(e.title)}`, SITE).href,
      );
      expect(item.enclosure.url).toBe(`${SITE}${e.audioUrl}`);
      expect(item.enclosure.type).toBe("audio/mpeg");
      expect(item.enclosure.length).toBe(fs.statSync(localFile(item.enclosure.url)).size);
      expect(item.guid).toBe(`hamradioshow-${e.id}`);
      expect(guids.has(item.guid)).toBe(false);
      guids.add(item.guid);
      expect(item.pubDate!.getTime()).toBe(Date.parse(e.pubdate));
      expect(item.pubDate!.getTime()).toBeLessThanOrEqual(previous);
      previous = item.pubDate!.getTime();
      expect(item.duration).toBe(e.duration);
      expect(item.explicit).toBe(e.canbashow);
    });
  });

  it("names the crew with Podcasting 2.0 roles, and the season and episode where known", () => {
    const p = party(build(feed));
    expect(p.podcastPeople!.map((person) => [person.name, person.role, person.group])).toEqual([
      ["Captain Static", "Host", "Cast"],
      ["Reverb", "Co-Host", "Cast"],
      ["Madame Feedback", "Producer", "Creative Direction"],
      ["Tater", "Foley Artist", "Audio Post-Production"],
      ["Doc Squelch", "Reporter", "Cast"],
      ["Dipole", "Social Media Manager", "Community"],
      ["Gnome", "Audio Engineer", "Audio Production"],
    ]);
    for (const person of p.podcastPeople!) {
      expect(person.href).toBe(`${SITE}/crew?name=${encodeURIComponent(person.name)}`);
      expect(fs.existsSync(localFile(person.img!))).toBe(true);
    }
    for (const item of p.items) {
      const number = episodeNumber(item.title ?? "");
      expect(item.podcastEpisode?.number ?? null).toBe(number);
      if (feed.kind === "coldcut") expect(item.podcastSeason).toBeUndefined();
      else
        expect(item.podcastSeason).toEqual({
          number: STATIONS.indexOf(episodeEra(item.guid)) + 1,
          name: episodeEra(item.guid),
        });
    }
    if (feed.kind !== "coldcut")
      expect(p.items.filter((i) => i.podcastEpisode).length).toBeGreaterThan(p.items.length / 2);
  });

  it("points to the chapters and transcript of the episodes that have them, as files that exist", () => {
    const p = party(build(feed));
    const byGuid = new Map(episodesOf.get(keyOf(feed))!.map((e) => [`hamradioshow-${e.id}`, e]));
    let chaptered = 0;
    for (const item of p.items) {
      const episode = byGuid.get(item.guid)!;
      const transcripts = item.podcastTranscripts ?? [];
      expect(transcripts.map((t) => [t.url, t.type])).toEqual(
        episode.transcriptUrl ? [[`${SITE}${episode.transcriptUrl}`, "text/vtt"]] : [],
      );
      for (const t of transcripts)
        expect(parseVtt(fs.readFileSync(localFile(t.url), "utf8")).length).toBeGreaterThan(2);
      expect(item.podcastChapters ? [item.podcastChapters.url, item.podcastChapters.type] : null).toEqual(
        episode.chaptersUrl ? [`${SITE}${servedChaptersUrl(episode.chaptersUrl)}`, "application/json+chapters"] : null,
      );
      if (item.podcastChapters) {
        chaptered++;
        // The site's own files go through /chapters/<name> (absolute pictures); the file behind it:
        const served = new URL(item.podcastChapters.url).pathname;
        expect(served.startsWith(CHAPTERS_PATH_PREFIX)).toBe(true);
        const file = mediaChaptersFile(served.slice(CHAPTERS_PATH_PREFIX.length))!;
        const chapters = parseChapters(JSON.parse(fs.readFileSync(localFile(`${SITE}${file}`), "utf8")));
        expect(chapters.length).toBeGreaterThan(1);
      }
    }
    expect(chaptered).toBeGreaterThan(0);
    expect(chaptered).toBeLessThan(p.items.length);
  });

  it("carries the soundbites the catalog has as podcast:soundbite, read back by podcast-partytime", () => {
    const p = party(build(feed));
    const byGuid = new Map(episodesOf.get(keyOf(feed))!.map((e) => [`hamradioshow-${e.id}`, e]));
    let bitten = 0;
    for (const item of p.items) {
      const episode = byGuid.get(item.guid)!;
      expect(item.podcastSoundbites ?? []).toEqual(
        episode.soundbites.map(({ startTime, duration, title }) => ({ startTime, duration, title })),
      );
      if (episode.soundbites.length) bitten++;
    }
    expect(bitten).toBeGreaterThan(0);
    expect(bitten).toBeLessThan(p.items.length);
  });

  it("lists only categories of Apple's list", () => {
    const apple = new Map(itunesCategoriesSourceOfTruth.map((c) => [c.name, c.subCategories as string[]]));
    const viaRss = /<itunes:category text="([^"]+)"(?:><itunes:category text="([^"]+)"\/>)?/g;
    const found = [...build(feed).matchAll(viaRss)];
    expect(found.length).toBeGreaterThan(0);
    for (const [, top, sub] of found) {
      expect(apple.has(top!)).toBe(true);
      if (sub) expect(apple.get(top!)).toContain(sub);
    }
    expect(party(build(feed)).categories).toEqual(["comedy", "leisure", "hobbies"]);
  });
});

function episodeEra(guid: string) {
  const e = episodesOf.get("show")!.find((x) => `hamradioshow-${x.id}` === guid)!;
  return e.era!;
}

describe("feed identity", () => {
  it("podcast:guid is the namespace's UUIDv5 of the feed URL without scheme and trailing slashes", () => {
    // The namespace's own examples.
    expect(podcastGuid("https://mp3s.nashownotes.com/pc20rss.xml")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
    expect(podcastGuid("podnews.net/rss/")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
    expect(podcastGuid("https://podnews.net/rss////")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
    const guids = FEEDS.map(([, feed]) => party(build(feed)).guid);
    expect(new Set(guids).size).toBe(FEEDS.length);
  });

  it("links each channel to the page it belongs to: home, the era's page, the Cold Cut list", async () => {
    const linkOf = async (feed: FeedKind) => (await rss.parseString(build(feed))).link;
    expect(await linkOf({ kind: "show" })).toBe(`${SITE}/`);
    expect(await linkOf({ kind: "era", station: "GOOM Radio" })).toBe(`${SITE}/era?station=GOOM%20Radio`);
    expect(await linkOf({ kind: "coldcut" })).toBe(`${SITE}/coldcut`);
  });

  it("an episode keeps its guid whatever feed it is in and whatever else changes", () => {
    const show = party(build({ kind: "show" }));
    const era = party(build({ kind: "era", station: "MLR" }));
    const moved = episodesOf.get("MLR")!.map((e) => ({ ...e, title: `${e.title} (remastered)`, description: "new" }));
    const edited = party(build({ kind: "era", station: "MLR" }, moved.reverse()));
    const guidOf = (feed: FeedObject, id: string) => feed.items.find((i) => i.guid === `hamradioshow-${id}`);
    for (const e of episodesOf.get("MLR")!) {
      expect(guidOf(show, e.id)).toBeDefined();
      expect(guidOf(era, e.id)).toBeDefined();
      expect(guidOf(edited, e.id)).toBeDefined();
    }
  });
});

describe("feed rules", () => {
  it("maps job titles to taxonomy roles and leaves unknown jobs out", () => {
    expect(crewRole("Host & Founder")).toEqual({ role: "host", group: "cast" });
    expect(crewRole("Co-Host")).toEqual({ role: "co-host", group: "cast" });
    expect(crewRole("Cat wrangler")).toBeNull();
    const p = party(build({ kind: "show" }).replace(/<podcast:person [^>]*>Gnome<\/podcast:person>/, ""));
    expect(p.podcastPeople).toHaveLength(6);
  });

  it("reads episode numbers off titles only where the title gives one", () => {
    expect(episodeNumber("Episode 8: The Great Antenna Heist")).toBe(8);
    expect(episodeNumber("Pilot Light")).toBeNull();
    expect(episodeNumber("Cold Cut: The Modem Song")).toBeNull();
  });

  it("types enclosures by extension", () => {
    expect(audioType("/a.mp3")).toBe("audio/mpeg");
    expect(audioType("https://x/a.M4A?dl=1")).toBe("audio/x-m4a");
    expect(audioType("/a.aac")).toBe("audio/aac");
    expect(audioType("/a.opus#t=1")).toBe("audio/ogg");
    expect(audioType("/stream")).toBe("audio/mpeg");
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
      chaptersUrl: null,
      transcriptUrl: null,
      soundbites: [{ startTime: 1.5, duration: 12, title: 'Bits & <bytes> "quoted"\u0007' }],
    };
    const body = build({ kind: "era", station: "UFRN" }, [nasty]);
    expect(body).not.toContain("<script>");
    expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const item = (await rss.parseString(body)).items[0]!;
    expect(item.title).toBe('Tom & Jerry <script>alert("x")</script> ]]>  end');
    expect(item.guid).toBe("hamradioshow-x<&>\"'");
    expect(item.enclosure?.length).toBe("0");
    expect(party(body).items[0]!.duration).toBe(3725);
    expect(party(body).items[0]!.podcastSoundbites).toEqual([
      { startTime: 1.5, duration: 12, title: 'Bits & <bytes> "quoted"' },
    ]);
  });

  it("is still a valid feed with no episodes", async () => {
    const body = build({ kind: "era", station: "PPR" }, []);
    expect((await rss.parseString(body)).items).toEqual([]);
    expect(party(body).title).toBe("The Ham Radio Show — PPR");
  });

  it("xml() escapes the five XML specials", () => {
    expect(xml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

describe("the live stream in the feeds (podcast:liveItem)", () => {
  const start = new Date("2026-11-26T20:00:00.000Z");
  const end = new Date("2026-11-26T23:05:00.000Z");

  it("announces a broadcast on the air in the whole show's feed, before the episodes", () => {
    const body = build({ kind: "show" }, undefined, { status: "live", start });
    const p = party(body);
    expect(p.podcastLiveItems).toHaveLength(1);
    const item = p.podcastLiveItems![0]!;
    expect(item.status).toBe("live");
    expect(item.start.toISOString()).toBe(start.toISOString());
    expect(item.end).toBeUndefined();
    expect(item.title).toBe("The Ham Radio Show — live");
    expect(item.guid).toBe(`hamradioshow-live-${start.getTime()}`);
    expect(item.enclosure.url).toBe(STREAM);
    expect(item.contentLinks).toEqual([{ url: `${SITE}/live`, title: "Listen live on the show's site" }]);
    // Podcast apps that know no liveItem still see exactly the episodes.
    expect(p.items).toHaveLength(episodesOf.get("show")!.length);
  });

  it("says when the broadcast ended, and says nothing before one was seen or in the archive feeds", () => {
    const ended = party(build({ kind: "show" }, undefined, { status: "ended", start, end })).podcastLiveItems![0]!;
    expect(ended.status).toBe("ended");
    expect(ended.end?.toISOString()).toBe(end.toISOString());
    expect(party(build({ kind: "show" })).podcastLiveItems).toBeUndefined();
    for (const feed of [{ kind: "coldcut" }, { kind: "era", station: "UFRN" }] as FeedKind[])
      expect(party(build(feed, undefined, { status: "live", start })).podcastLiveItems).toBeUndefined();
  });

  it("starts a broadcast when the stream is first seen on the air and ends it when first seen off", () => {
    const t = (m: number) => new Date(Date.UTC(2026, 10, 26, 20, m));
    expect(nextLiveStatus(null, false, t(0))).toBeNull();
    const live = nextLiveStatus(null, true, t(1));
    expect(live).toEqual({ status: "live", start: t(1) });
    expect(nextLiveStatus(live, true, t(2))).toBe(live);
    const ended = nextLiveStatus(live, false, t(3));
    expect(ended).toEqual({ status: "ended", start: t(1), end: t(3) });
    expect(nextLiveStatus(ended, false, t(4))).toBe(ended);
    expect(nextLiveStatus(ended, true, t(5))).toEqual({ status: "live", start: t(5) });
  });

  it("reads on-air from now-playing: a named track is on the air, the fallback is not", async () => {
    let track = { title: "Doc Squelch", artist: "Live", art: null, fallback: false };
    let clock = new Date("2026-11-26T20:00:00Z");
    const live = createLiveStatus({ current: async () => track }, () => clock);
    expect(await live.current()).toEqual({ status: "live", start: new Date("2026-11-26T20:00:00Z") });
    clock = new Date("2026-11-26T21:00:00Z");
    track = { ...track, fallback: true };
    expect(await live.current()).toEqual({
      status: "ended",
      start: new Date("2026-11-26T20:00:00Z"),
      end: new Date("2026-11-26T21:00:00Z"),
    });
  });
});

describe("conditional GET", () => {
  const get = (headers: Record<string, string> = {}) =>
    conditionalResponse(new Request(`${SITE}/rss`, { headers }), "<rss/>", {
      contentType: "application/rss+xml",
      cacheControl: "public, max-age=300",
      lastModified: new Date("2025-05-16T21:15:00Z"),
    });

  it("answers 304 with no body for a current ETag or date, else the feed with its validators", async () => {
    const first = get();
    const etag = first.headers.get("ETag")!;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("Last-Modified")).toBe("Fri, 16 May 2025 21:15:00 GMT");
    const notModified = get({ "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(get({ "If-Modified-Since": "Fri, 16 May 2025 21:15:00 GMT" }).status).toBe(304);
    expect(get({ "If-Modified-Since": "Fri, 16 May 2025 21:14:59 GMT" }).status).toBe(200);
    // An ETag that no longer matches wins over a date that still would.
    expect(get({ "If-None-Match": 'W/"old"', "If-Modified-Since": "Sat, 17 May 2025 00:00:00 GMT" }).status).toBe(200);
    expect(get({ "If-None-Match": etag, "Cache-Control": "no-cache" }).status).toBe(200);
  });
});
