import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "@remix-run/node";
import { errorTitle, loaderMeta } from "~/route-support/meta";
import { episodeMeta, homeMeta, pageMeta } from "~/route-support/meta.server";
import type { Episode } from "~/services/types";

// What Remix hands to meta() for a thrown Response (an ErrorResponse).
const thrown = (status: number) => ({ status, statusText: "", internal: false, data: "" });
const ORIGIN = "https://listen.example.com";
// The loader's arguments: the request's own origin (no SITE_URL).
const args = {
  request: new Request(`${ORIGIN}/somewhere?x=1`),
  context: { services: { siteUrl: undefined, publicConfig: { liveStreamUrl: "https://stream.example/live" } } },
};
const content = (meta: MetaDescriptor[], key: string) =>
  meta.flatMap((m) => {
    const d = m as Record<string, unknown>;
    return d.property === key || d.name === key ? [String(d.content)] : [];
  });
const jsonLd = (meta: MetaDescriptor[]) =>
  (meta.find((m) => "script:ld+json" in m) as Record<string, any>)["script:ld+json"] as Record<string, any>;
const episode: Episode = {
  id: "ep-0008",
  title: "Episode 8: What's <on> & off",
  description: "The crew argues. ".repeat(40),
  subtext: "",
  audioUrl: "/media/audio/ep-audio-2.mp3",
  image: "/media/img/episodes/goom-radio-2.svg",
  backgroundImage: "/media/img/bg/goom-radio.svg",
  pubdate: "2010-02-26T20:15:00Z",
  canbashow: false,
  era: "GOOM Radio",
  duration: 3725,
  fileSize: 1000,
  coldcut: false,
  chaptersUrl: null,
  transcriptUrl: null,
  soundbites: [],
};

describe("tab titles of pages that threw", () => {
  it("404 (or nothing) → NOT FOUND; the stillLoading 200 → Loading...; anything else → Error", () => {
    expect(errorTitle(thrown(404))).toBe("NOT FOUND — The Ham Radio Show");
    expect(errorTitle(undefined)).toBe("NOT FOUND — The Ham Radio Show");
    expect(errorTitle(thrown(200))).toBe("Loading... — The Ham Radio Show");
    expect(errorTitle(thrown(503))).toBe("Error — The Ham Radio Show");
    expect(errorTitle(new Error("boom"))).toBe("Error — The Ham Radio Show");
  });

  it("a page that threw has no data: its meta is the error's title", () => {
    const meta = (error: unknown) => loaderMeta({ data: undefined, error } as Parameters<typeof loaderMeta>[0]);
    expect(meta(thrown(200))).toEqual([{ title: "Loading... — The Ham Radio Show" }]);
    expect(meta(thrown(404))).toEqual([{ title: "NOT FOUND — The Ham Radio Show" }]);
  });
});

describe("share previews", () => {
  it("carry absolute URLs, the canonical link and a raster card of 1200 × 630", () => {
    const meta = pageMeta(args, { title: "About — X", description: "About us.", path: "/about" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/about` });
    expect(content(meta, "og:url")).toEqual([`${ORIGIN}/about`]);
    expect(content(meta, "og:image")).toEqual([`${ORIGIN}/media/img/share/show-card.jpg`]);
    expect(content(meta, "og:image:width")).toEqual(["1200"]);
    expect(content(meta, "og:image:height")).toEqual(["630"]);
    expect(content(meta, "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(meta, "robots")).toEqual([]);
    const art = pageMeta(args, { title: "t", description: "d", path: "/x", image: "/media/img/eras/mlr.svg" });
    expect(content(art, "og:image")).toEqual([`${ORIGIN}/media/img/share/eras/mlr.jpg`]);
  });

  it("an episode: its art, its audio and a PodcastEpisode of the PodcastSeries", () => {
    const meta = episodeMeta(args, episode);
    const url = `${ORIGIN}/episode?title=Episode%208%3A%20What%27s%20%3Con%3E%20%26%20off`;
    expect(content(meta, "og:url")).toEqual([url]);
    expect(content(meta, "og:title")).toEqual([episode.title]);
    expect(content(meta, "og:type")).toEqual(["website"]);
    expect(content(meta, "og:image")).toEqual([`${ORIGIN}/media/img/share/episodes/goom-radio-2.jpg`]);
    expect(content(meta, "og:audio")).toEqual([`${ORIGIN}/media/audio/ep-audio-2.mp3`]);
    expect(content(meta, "og:audio:type")).toEqual(["audio/mpeg"]);
    const ld = jsonLd(meta);
    // What the page will carry is JSON: it must survive a round trip.
    expect(JSON.parse(JSON.stringify(ld))).toMatchObject({
      "@context": "https://schema.org",
      "@type": "PodcastEpisode",
      url,
      name: episode.title,
      datePublished: episode.pubdate,
      timeRequired: "PT1H2M5S",
      episodeNumber: 8,
      associatedMedia: { "@type": "MediaObject", contentUrl: `${ORIGIN}/media/audio/ep-audio-2.mp3` },
      partOfSeason: { "@type": "PodcastSeason", name: "GOOM Radio", seasonNumber: 1 },
      partOfSeries: { "@type": "PodcastSeries", name: "The Ham Radio Show", webFeed: `${ORIGIN}/rss` },
    });
    expect(meta).toContainEqual(expect.objectContaining({ rel: "alternate", href: `${ORIGIN}/rss` }));
    const cold = episodeMeta(args, { ...episode, coldcut: true, title: "Cold Cut: The Modem Song" });
    const coldLd = jsonLd(cold);
    expect(coldLd.partOfSeries.webFeed).toBe(`${ORIGIN}/rss/coldcut`);
    expect(coldLd.partOfSeason).toBeUndefined();
    expect(content(cold, "og:url")).toEqual([`${ORIGIN}/coldcut/?title=Cold%20Cut%3A%20The%20Modem%20Song`]);
  });

  it("home: a RadioStation that listens to the live stream", () => {
    const meta = homeMeta(args);
    expect(content(meta, "og:type")).toEqual(["music.radio_station"]);
    const ld = jsonLd(meta);
    expect(ld["@type"]).toBe("RadioStation");
    expect(ld.url).toBe(`${ORIGIN}/`);
    expect(ld.potentialAction.target.urlTemplate).toBe("https://stream.example/live");
  });
});
