import { describe, expect, it } from "vitest";
import {
  CATEGORY,
  DEFAULT_NEWS_TAB,
  HOME_NEWS_CATEGORIES,
  NEWS_TAB_LABEL,
  SLIDER_CATEGORIES,
  galleryLink,
  newsLink,
  newsTypeOf,
  parseNewsTab,
} from "~/rules/news";
import { EDGE_FM_STYLE, ERAS, STATIONS, eraFeedLink, eraLink, parseStation } from "~/rules/eras";
import { ERA_DESCRIPTIONS } from "~/rules/era-descriptions";
import { DEAD, bingoBoard, bingoPoints } from "~/rules/bingo";
import { pickSponsor } from "~/rules/sponsor";
import { NAV_LINKS, SOCIAL_LINKS } from "~/rules/social";
import * as C from "~/rules/constants";
import * as L from "~/rules/lightbox";

describe("news (docs/product.md §2 Cards, §4 tabs, §7/§9 categories)", () => {
  it("has the spec's category numbers", () => {
    expect(CATEGORY).toEqual({ dth_news: 5, wtfnews: 4, spnkbnk: 6, gallery: 23 });
    expect([...SLIDER_CATEGORIES]).toEqual([6, 7]);
    expect([...HOME_NEWS_CATEGORIES].sort()).toEqual([4, 5]);
  });

  it("links a news card by its type", () => {
    expect(newsLink("spnkbnk", "hot-post")).toBe("/SpankBank/Post/hot-post");
    expect(newsLink("dth_news", "bunker-news")).toBe("/News/bunker-news");
    expect(newsLink("wtfnews", "goat-news")).toBe("/WTFNews/goat-news");
  });

  it("encodes the slug so it stays one path segment", () => {
    expect(newsLink("dth_news", "a/../b")).toBe("/News/a%2F..%2Fb");
    expect(newsLink("wtfnews", "café ?x=1")).toBe("/WTFNews/caf%C3%A9%20%3Fx%3D1");
  });

  it("links a gallery card to /SpankBank/Post?id=", () => {
    expect(galleryLink(42)).toBe("/SpankBank/Post?id=42");
    expect(galleryLink("7&x=1")).toBe("/SpankBank/Post?id=7%26x%3D1");
  });

  it("derives the news type from categories (5 → dth_news, 4 → wtfnews, 6 → spnkbnk)", () => {
    expect(newsTypeOf([5])).toBe("dth_news");
    expect(newsTypeOf([4])).toBe("wtfnews");
    expect(newsTypeOf([6])).toBe("spnkbnk");
    expect(newsTypeOf([7, 4])).toBe("wtfnews");
    expect(newsTypeOf([4, 5])).toBe("dth_news");
    expect(newsTypeOf([])).toBeNull();
    expect(newsTypeOf([23, 7])).toBeNull();
  });

  it("parses the tab: dth_news or wtfnews, default dth_news; junk is refused", () => {
    expect(DEFAULT_NEWS_TAB).toBe("dth_news");
    expect(parseNewsTab(null)).toBe("dth_news");
    expect(parseNewsTab(undefined)).toBe("dth_news");
    expect(parseNewsTab("")).toBe("dth_news");
    expect(parseNewsTab("dth_news")).toBe("dth_news");
    expect(parseNewsTab("wtfnews")).toBe("wtfnews");
    for (const junk of ["spnkbnk", "WTF", "news", "wtfnews ", "<script>", "5"]) expect(parseNewsTab(junk)).toBeNull();
  });

  it("labels the tabs News and WTF News", () => {
    expect(NEWS_TAB_LABEL).toEqual({ dth_news: "News", wtfnews: "WTF News" });
  });
});

describe("eras (docs/product.md §1/§2)", () => {
  it("lists the four eras in order, each with text and an image", () => {
    expect([...STATIONS]).toEqual(["GOOM Radio", "MLR", "PPR", "UFRN"]);
    for (const s of STATIONS) {
      expect(ERAS[s].station).toBe(s);
      expect(ERA_DESCRIPTIONS[s].length).toBeGreaterThan(40);
      expect(ERAS[s].image).toMatch(/^\/media\//);
    }
    expect(EDGE_FM_STYLE.station).toBe("EdgeFM");
  });

  it("parses a station exactly, case-insensitively and trimmed", () => {
    expect(parseStation("GOOM Radio")).toBe("GOOM Radio");
    expect(parseStation("goom radio")).toBe("GOOM Radio");
    expect(parseStation("  mlr ")).toBe("MLR");
    expect(parseStation("Ufrn")).toBe("UFRN");
  });

  it("refuses anything else", () => {
    for (const v of [
      "",
      "   ",
      null,
      undefined,
      "EdgeFM",
      "GOOM",
      "GOOMRadio",
      "MLR'; DROP TABLE episodes;--",
      "PPR\u0000",
      "ＭＬＲ",
    ]) {
      expect(parseStation(v)).toBeNull();
    }
  });

  it("links an era card to /era?station= and the feed to /rss?era=", () => {
    expect(eraLink("GOOM Radio")).toBe("/era?station=GOOM%20Radio");
    expect(eraLink("MLR")).toBe("/era?station=MLR");
    expect(eraFeedLink("GOOM Radio")).toBe("/rss?era=GOOM%20Radio");
    for (const s of STATIONS) {
      expect(new URL(eraLink(s), "http://x").searchParams.get("station")).toBe(s);
      expect(new URL(eraFeedLink(s), "http://x").searchParams.get("era")).toBe(s);
    }
  });
});

describe("Deadpool Bingo (docs/product.md §5: points = entries equal to DEAD; null DPB left out)", () => {
  it("counts entries whose status equals DEAD exactly", () => {
    expect(DEAD).toBe("DEAD");
    expect(bingoPoints({ a: "DEAD", b: "ALIVE", c: "DEAD" })).toBe(2);
    expect(bingoPoints({ a: "dead", b: "Dead", c: "DEAD ", d: "" })).toBe(0);
    expect(bingoPoints({})).toBe(0);
    expect(bingoPoints(null)).toBe(0);
    expect(bingoPoints(undefined)).toBe(0);
  });

  it("keeps only crew with a non-null DPB, scores them and sorts by points then name", () => {
    const board = bingoBoard([
      { name: "Zed", dpb: { x: "DEAD", y: "DEAD" } },
      { name: "Nobody", dpb: null },
      { name: "Amy", dpb: { p: "DEAD", q: "ALIVE", r: "DEAD" } },
      { name: "Bob", dpb: { s: "DEAD", t: "DEAD" } },
      { name: "Empty", dpb: {} },
    ]);
    // Amy, Bob and Zed have 2 points each (by name), Empty 0; Nobody (null DPB) is left out.
    expect(board.map((e) => [e.name, e.points])).toEqual([
      ["Amy", 2],
      ["Bob", 2],
      ["Zed", 2],
      ["Empty", 0],
    ]);
    expect(board.find((e) => e.name === "Nobody")).toBeUndefined();
    const amy = board.find((e) => e.name === "Amy")!;
    expect(amy.points).toBe(2);
    expect(amy.picks).toEqual([
      { pick: "p", status: "DEAD", dead: true },
      { pick: "q", status: "ALIVE", dead: false },
      { pick: "r", status: "DEAD", dead: true },
    ]);
    expect(board.find((e) => e.name === "Empty")!.points).toBe(0);
  });

  it("drops an undefined DPB too and handles an empty crew", () => {
    expect(bingoBoard([{ name: "U", dpb: undefined as unknown as null }])).toEqual([]);
    expect(bingoBoard([])).toEqual([]);
  });
});

describe("sponsor pick (docs/product.md §5: chosen at random from the list)", () => {
  const list = ["a", "b", "c", "d"];
  it("maps the random number onto the list", () => {
    expect(pickSponsor(list, () => 0)).toBe("a");
    expect(pickSponsor(list, () => 0.25)).toBe("b");
    expect(pickSponsor(list, () => 0.5)).toBe("c");
    expect(pickSponsor(list, () => 0.74)).toBe("c");
    expect(pickSponsor(list, () => 0.9999)).toBe("d");
  });

  it("never reads past either end, even for a broken random source", () => {
    expect(pickSponsor(list, () => 1)).toBe("d");
    expect(pickSponsor(list, () => 7)).toBe("d");
    expect(pickSponsor(list, () => -0.5)).toBe("a");
    expect(pickSponsor(list, () => Number.NaN)).toBe("a");
    expect(pickSponsor(list, () => Number.POSITIVE_INFINITY)).toBe("a");
  });

  it("is null for an empty list and the only one for a list of one", () => {
    expect(pickSponsor([], () => 0.5)).toBeNull();
    expect(pickSponsor(["solo"], () => 0.9999)).toBe("solo");
  });

  it("reaches every sponsor with Math.random", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) seen.add(pickSponsor(list)!);
    expect([...seen].sort()).toEqual(list);
  });
});

describe("nav and social (docs/product.md §2 Navigation bar, §1 footer)", () => {
  it("has the six nav links in order", () => {
    expect(NAV_LINKS.map((l) => [l.to, l.label])).toEqual([
      ["/", "Home"],
      ["/eras", "Episodes"],
      ["/about", "About"],
      ["/crew-page", "Crew"],
      ["/News", "News"],
      ["/help", "Help"],
    ]);
  });

  it("has three social networks over https", () => {
    expect(SOCIAL_LINKS).toHaveLength(3);
    for (const s of SOCIAL_LINKS) expect(new URL(s.href).protocol).toBe("https:");
  });
});

describe("docs/product.md §9 constants", () => {
  it("are the spec's numbers and strings", () => {
    expect(C.LATEST_EPISODES_COUNT).toBe(8);
    expect(C.HOME_NEWS_COUNT).toBe(4);
    expect(C.SLIDER_AUTOPLAY_MS).toBe(3000);
    expect(C.MOBILE_BREAKPOINT_PX).toBe(550);
    expect(C.MOBILE_SPACER_PX).toBe(103);
    expect(C.CREW_CARD_SIZE_PX).toBe(250);
    expect(C.DEFAULT_EPISODE_SUBTEXT).toBe("Why? Because We Can!");
    expect(C.COMING_SOON_ALERT).toBe("Coming Soon!");
    expect(C.NOT_FOUND_TITLE).toBe("NOT FOUND");
    expect(C.NOT_FOUND_TEXT).toBe("Don't You Hate it when that happens?");
    expect(C.SEARCH_PLACEHOLDER).toBe("Search episodes...");
    expect(C.SPONSOR_LABEL).toBe("Presented by:");
    expect(C.LOADING_TEXT).toBe("Loading...");
    expect(L.LIGHTBOX).toEqual({ maxZoom: 300, zoomStep: 100, animationMs: 300, imagePadding: 10 });
    expect(L.LIGHTBOX_IMAGE_ERROR).toBe("This image failed to load");
  });
});
