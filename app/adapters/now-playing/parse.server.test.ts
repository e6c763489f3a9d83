import { describe, expect, it } from "vitest";
import { icecastText, parseAzuraCast, parseIcecast, parseLive365, parseNowPlaying } from "./parse.server";
import { decodeBody } from "./http-json.server";
import {
  NOW_PLAYING_MAX_LENGTH,
  cleanText,
  nowPlayingOrFallback,
  parseNowPlayingApiResponse,
  splitArtistTitle,
} from "~/rules/now-playing";
import { nowPlayingApiUrl } from "~/rules/player";

const live365 = {
  name: "The Ham Radio Show",
  "current-track": {
    title: "Episode 512",
    artist: "The Ham Radio Show",
    art: "https://cdn.live365.com/art/512.jpg",
    start: "2024-05-01 20:00:00",
    duration: 3600,
  },
  "last-played": [],
};

describe("rules", () => {
  it("builds the Live365 station API URL", () => {
    expect(nowPlayingApiUrl()).toBe("https://api.live365.com/station/a93581");
    expect(nowPlayingApiUrl("a/b")).toBe("https://api.live365.com/station/a%2Fb");
  });
});

describe("parseLive365", () => {
  it("reads title, artist and art", () => {
    expect(parseLive365(live365)).toEqual({
      title: "Episode 512",
      artist: "The Ham Radio Show",
      art: "https://cdn.live365.com/art/512.jpg",
    });
  });
  it("missing artist or art is fine; null art is fine", () => {
    expect(parseLive365({ "current-track": { title: "Only title", art: null } })).toEqual({
      title: "Only title",
      artist: "",
    });
  });
  it.each([
    ["null", null],
    ["a string", "nope"],
    ["an array", []],
    ["no current-track", { name: "x" }],
    ["current-track null", { "current-track": null }],
    ["title of the wrong type", { "current-track": { title: 42, artist: "A" } }],
    ["artist of the wrong type", { "current-track": { title: "T", artist: { x: 1 } } }],
    ["missing title", { "current-track": { artist: "A" } }],
    ["empty title", { "current-track": { title: "", artist: "A" } }],
    ["whitespace title", { "current-track": { title: " \n\t ", artist: "A" } }],
  ])("invalid: %s → null", (_label, payload) => {
    expect(parseLive365(payload)).toBeNull();
  });
  it("drops art that is not an http(s) URL", () => {
    for (const art of ["javascript:alert(1)", "data:image/png;base64,AAAA", "not a url", "", "x".repeat(5000)]) {
      expect(parseLive365({ "current-track": { title: "T", art } })).toEqual({ title: "T", artist: "" });
    }
  });
});

describe("parseAzuraCast", () => {
  const azura = {
    station: { name: "Ham" },
    now_playing: { song: { title: "Song", artist: "Band", art: "https://radio.example/art.jpg", text: "Band - Song" } },
  };
  it("reads now_playing.song", () => {
    expect(parseAzuraCast(azura)).toEqual({ title: "Song", artist: "Band", art: "https://radio.example/art.jpg" });
  });
  it("accepts the all-stations list (first station)", () => {
    expect(parseAzuraCast([azura, { now_playing: { song: { title: "Other" } } }])?.title).toBe("Song");
  });
  it("falls back to song.text 'Artist - Title' when title is empty", () => {
    expect(parseAzuraCast({ now_playing: { song: { title: "", artist: "", text: "Band - Song" } } })).toEqual({
      title: "Song",
      artist: "Band",
    });
  });
  it("invalid shapes → null", () => {
    expect(parseAzuraCast({ now_playing: {} })).toBeNull();
    expect(parseAzuraCast({ now_playing: { song: { title: 1 } } })).toBeNull();
    expect(parseAzuraCast({ now_playing: { song: { title: "", text: "" } } })).toBeNull();
    expect(parseAzuraCast([])).toBeNull();
  });
});

describe("parseIcecast", () => {
  it("splits 'Artist - Title' from a single source object", () => {
    expect(parseIcecast({ icestats: { source: { title: "Band - Song", listenurl: "http://x:8000/live" } } })).toEqual({
      title: "Song",
      artist: "Band",
    });
  });
  it("keeps the whole text as title without a separator, or with an empty side", () => {
    expect(parseIcecast({ icestats: { source: { title: "Just a title" } } })).toEqual({
      title: "Just a title",
      artist: "",
    });
    expect(parseIcecast({ icestats: { source: { title: "Band - " } } })).toEqual({ title: "Band -", artist: "" });
    expect(parseIcecast({ icestats: { source: { title: " - Song" } } })?.title).toBe("- Song");
  });
  it("uses separate artist and title fields when both are given", () => {
    expect(parseIcecast({ icestats: { source: { title: "A - B", artist: "Real" } } })).toEqual({
      title: "A - B",
      artist: "Real",
    });
  });
  it("source as an array: first source with a title, or the requested mount", () => {
    const payload = {
      icestats: {
        source: [
          { listenurl: "http://x:8000/empty" },
          { title: "One - First", listenurl: "http://x:8000/one" },
          { title: "Two - Second", listenurl: "http://x:8000/two" },
        ],
      },
    };
    expect(parseIcecast(payload)?.title).toBe("First");
    expect(parseIcecast(payload, { mount: "/two" })?.title).toBe("Second");
    expect(parseIcecast(payload, { mount: "/empty" })).toBeNull();
  });
  it("the requested mount only: gone → null, never another mount's song; a proxied stream path finds it", () => {
    const payload = { icestats: { source: [{ title: "Other - Not Ours", listenurl: "http://x:8000/other" }] } };
    expect(parseIcecast(payload, { mount: "/live" })).toBeNull();
    expect(parseIcecast({ icestats: { server_id: "Icecast 2.4.4" } }, { mount: "/live" })).toBeNull();
    const proxied = { icestats: { source: { title: "Crew - Ours", listenurl: "http://x:8000/live" } } };
    expect(parseIcecast(proxied, { mount: "/radio/live" })?.title).toBe("Ours");
    expect(parseIcecast(proxied, { mount: "/olive" })).toBeNull();
  });
  it("decodes status-json.xsl's numeric references and titles Icecast took for Latin-1 while UTF-8", () => {
    expect(icecastText("Caf\u00e9 &#9731; &#x1F4FB;")).toBe("Café ☃ 📻");
    expect(icecastText(Buffer.from("Crème brûlée ☃", "utf8").toString("latin1"))).toBe("Crème brûlée ☃");
    expect(icecastText("Señor Café")).toBe("Señor Café");
    expect(icecastText("&#0; &#xD800; &amp;")).toBe("&#0; &#xD800; &amp;");
    expect(parseIcecast({ icestats: { source: { title: "Zo\u00c3\u00ab - Caf\u00c3\u00a9" } } })).toEqual({
      title: "Café",
      artist: "Zoë",
    });
  });
  it("reads a body in UTF-8, or in Latin-1 when it is not UTF-8", () => {
    expect(decodeBody(Buffer.from('{"t":"Café"}', "utf8"))).toBe('{"t":"Café"}');
    expect(decodeBody(Buffer.from('{"t":"Café"}', "latin1"))).toBe('{"t":"Café"}');
  });
  it("numeric titles (an Icecast quirk) become text", () => {
    expect(parseIcecast({ icestats: { source: { title: 1999 } } })?.title).toBe("1999");
  });
  it("invalid shapes → null", () => {
    expect(parseIcecast({ icestats: {} })).toBeNull();
    expect(parseIcecast({ icestats: { source: [] } })).toBeNull();
    expect(parseIcecast({ icestats: { source: { title: true } } })).toBeNull();
    expect(parseIcecast({ icestats: { source: { server_name: "no title" } } })).toBeNull();
  });
});

describe("text cleaning", () => {
  it("HTML in titles stays plain text (not stripped, not interpreted)", () => {
    const title = '<img src=x onerror="alert(1)"> <b>Bold</b> &amp; co';
    expect(parseLive365({ "current-track": { title, artist: "<script>x</script>" } })).toEqual({
      title,
      artist: "<script>x</script>",
    });
  });
  it("huge strings are cut to a sane length with an ellipsis", () => {
    const parsed = parseLive365({ "current-track": { title: "a".repeat(100_000), artist: "b".repeat(5000) } });
    expect(Array.from(parsed!.title)).toHaveLength(NOW_PLAYING_MAX_LENGTH);
    expect(parsed!.title.endsWith("…")).toBe(true);
    expect(Array.from(parsed!.artist)).toHaveLength(NOW_PLAYING_MAX_LENGTH);
  });
  it("never splits a surrogate pair when cutting", () => {
    const cut = cleanText("🎙".repeat(500));
    expect(cut.endsWith("🎙…")).toBe(true);
  });
  it("collapses whitespace and control characters", () => {
    expect(cleanText("  Line\none\u0000\ttwo\u200b  ")).toBe("Line one two");
    expect(cleanText(null)).toBe("");
  });
  it("splitArtistTitle", () => {
    expect(splitArtistTitle("A - B - C")).toEqual({ artist: "A", title: "B - C" });
    expect(splitArtistTitle("A-B")).toEqual({ artist: "", title: "A-B" });
  });
});

describe("parseNowPlaying + fallback (docs/product.md §8)", () => {
  it("detects each format", () => {
    expect(parseNowPlaying(live365)?.title).toBe("Episode 512");
    expect(parseNowPlaying({ now_playing: { song: { title: "S", artist: "A" } } })?.artist).toBe("A");
    expect(parseNowPlaying({ icestats: { source: { title: "A - S" } } })).toEqual({ title: "S", artist: "A" });
    expect(parseNowPlaying({ unrelated: true })).toBeNull();
    expect(parseNowPlaying(undefined)).toBeNull();
  });
  it("nowPlayingOrFallback gives 'The Ham Radio Show' / 'Live Radio' for null", () => {
    expect(nowPlayingOrFallback(null)).toEqual({ title: "The Ham Radio Show", artist: "Live Radio" });
    expect(nowPlayingOrFallback(parseNowPlaying("garbage"))).toEqual({
      title: "The Ham Radio Show",
      artist: "Live Radio",
    });
    expect(nowPlayingOrFallback({ title: "T", artist: "A" })).toEqual({ title: "T", artist: "A" });
  });
});

describe("parseNowPlayingApiResponse (the browser side of /api/now-playing)", () => {
  it("takes title, artist and art", () => {
    expect(parseNowPlayingApiResponse({ title: "T", artist: "A", art: "https://x/a.jpg", fallback: false })).toEqual({
      title: "T",
      artist: "A",
      art: "https://x/a.jpg",
    });
    expect(
      parseNowPlayingApiResponse({ title: "The Ham Radio Show", artist: "Live Radio", art: null, fallback: true }),
    ).toEqual({ title: "The Ham Radio Show", artist: "Live Radio" });
  });
  it("rejects anything else", () => {
    for (const junk of [
      null,
      "x",
      1,
      [],
      {},
      { title: "T" },
      { title: 1, artist: "A" },
      { title: "T", artist: "A", art: 5 },
      { title: "  ", artist: "A" },
    ]) {
      expect(parseNowPlayingApiResponse(junk)).toBeNull();
    }
  });
  it("cleans text and drops non-http art", () => {
    expect(parseNowPlayingApiResponse({ title: "  a\nb ", artist: "c\u0000d", art: "javascript:alert(1)" })).toEqual({
      title: "a b",
      artist: "c d",
    });
  });
});
