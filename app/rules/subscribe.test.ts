import { describe, expect, it } from "vitest";
import { subscribeLinks } from "./subscribe";

describe("subscribe links", () => {
  const feed = "https://listen.example.com/rss?era=GOOM%20Radio";

  it("hands the feed to each app by its own subscribe address", () => {
    expect(subscribeLinks(feed)).toEqual([
      { app: "Apple Podcasts", href: "podcast://listen.example.com/rss?era=GOOM%20Radio" },
      { app: "Pocket Casts", href: "pktc://subscribe/listen.example.com/rss?era=GOOM%20Radio" },
      {
        app: "Overcast",
        href: "overcast://x-callback-url/add?url=https%3A%2F%2Flisten.example.com%2Frss%3Fera%3DGOOM%2520Radio",
      },
      { app: "Podcast Addict", href: "podcastaddict://listen.example.com/rss?era=GOOM%20Radio" },
    ]);
  });

  it("offers Spotify only with the show's Spotify page, second as the apps are listed", () => {
    const links = subscribeLinks(feed, "https://open.spotify.com/show/abc");
    expect(links.map((l) => l.app)).toEqual([
      "Apple Podcasts",
      "Spotify",
      "Pocket Casts",
      "Overcast",
      "Podcast Addict",
    ]);
    expect(links[1]!.href).toBe("https://open.spotify.com/show/abc");
  });

  it("builds nothing for an address that is not a web feed", () => {
    expect(subscribeLinks("javascript:alert(1)//")).toEqual([]);
  });
});
