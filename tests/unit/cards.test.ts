import { describe, expect, it } from "vitest";
import { episodeCard, newsCard, slideCard } from "~/route-support/cards.server";
import type { Episode, NewsPost, SliderItem } from "~/services/types";

const episode: Episode = {
  id: "ep-1",
  title: "Fifteen Years",
  description: Array.from({ length: 40 }, (_, i) => `word${i}`).join(" "),
  subtext: "sub",
  audioUrl: "/media/audio/a.mp3",
  image: "/img.jpg",
  backgroundImage: "/bg.jpg",
  pubdate: "2025-05-16T00:00:00Z",
  canbashow: false,
  era: "UFRN",
  duration: 36,
  fileSize: 1000,
  coldcut: false,
  chaptersUrl: null,
  transcriptUrl: null,
  soundbites: [],
};

const post: NewsPost = {
  id: "7",
  slug: "squirrel",
  type: "wtfnews",
  title: "Squirrel steals a whole pizza",
  contentHtml: "<p>" + "long body ".repeat(500) + "</p>",
  excerpt: "A squirrel in the park made off with a pizza",
  date: "2025-01-01",
  image: null,
};

describe("card views (docs/product.md §5 cuts, done on the server)", () => {
  it("an episode card drops the description for its first 18 words, and what no card shows", () => {
    const card = episodeCard(episode);
    expect(card).not.toHaveProperty("description");
    for (const unused of ["subtext", "pubdate", "canbashow", "fileSize"]) expect(card).not.toHaveProperty(unused);
    expect(card.summary.split(" ")).toHaveLength(18);
    expect(card.date).toEqual({ iso: episode.pubdate, text: "May 16, 2025" });
    expect(card.number).toBeNull();
    const numbered = episodeCard({
      ...episode,
      title: "Episode 412: Fifteen Years",
      pubdate: new Date(0).toISOString(),
    });
    expect([numbered.number, numbered.date]).toEqual([412, null]);
    expect(card.summary.endsWith("...")).toBe(true);
    expect(card.title).toBe(episode.title);
    expect(card.audioUrl).toBe(episode.audioUrl);
  });

  it("a news card keeps no body and cuts title and excerpt to 15 characters", () => {
    const card = newsCard(post);
    expect(card).not.toHaveProperty("contentHtml");
    expect(card).not.toHaveProperty("excerpt");
    expect(card.title).toBe(post.title);
    expect(card.titleShort.replace(/\.\.\.$/, "")).toHaveLength(15);
    expect(card.excerptShort.replace(/\.\.\.$/, "")).toHaveLength(15);
  });

  it("cuts once per object: the same (cached) object gives the same card; a changed copy a new one", () => {
    expect(newsCard(post)).toBe(newsCard(post));
    expect(episodeCard(episode)).toBe(episodeCard(episode));
    const edited = { ...post, title: "Another title entirely" };
    expect(newsCard(edited).titleShort).not.toBe(newsCard(post).titleShort);
  });

  it("a slide carries its link target decided on the server, per content site", () => {
    const slide: SliderItem = {
      id: "s1",
      image: "/s.jpg",
      caption: "Tour",
      url: "https://thehamradioshow.com/the-bunker-tour/",
    };
    expect(slideCard(slide, "https://thehamradioshow.com")).toEqual({
      id: "s1",
      image: "/s.jpg",
      sources: [],
      caption: "Tour",
      target: { kind: "internal", href: "/Page/the-bunker-tour" },
    });
    // A bundled slide brings its smaller encodings, AVIF first.
    const bundled = { ...slide, id: "s2", image: "/media/img/slider/slider-merch.jpg" };
    expect(slideCard(bundled, "https://thehamradioshow.com").sources.map((s) => s.type)).toEqual([
      "image/avif",
      "image/webp",
    ]);
    expect(slideCard(slide, "https://elsewhere.example").target).toEqual({
      kind: "external",
      href: "https://thehamradioshow.com/the-bunker-tour/",
    });
    expect(slideCard({ ...slide, url: "javascript:alert(1)" }, "https://thehamradioshow.com").target).toEqual({
      kind: "none",
    });
    expect(slideCard(slide, "https://thehamradioshow.com")).not.toHaveProperty("url");
  });
});
