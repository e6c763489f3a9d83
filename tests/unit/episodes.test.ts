import { describe, expect, it } from "vitest";
import { downloadFileName, episodeImage, episodeLink, episodeSubtitle, isColdCutPath } from "~/rules/episodes";
import { DEFAULT_EPISODE_IMAGE, DEFAULT_EPISODE_SUBTITLE } from "~/rules/constants";

describe("episodeLink (docs/product.md §2 /episode?title= and /coldcut/?title=)", () => {
  it("links a main-series episode to /episode?title=", () => {
    expect(episodeLink("Pilot Light")).toBe("/episode?title=Pilot%20Light");
    expect(episodeLink("Pilot Light", false)).toBe("/episode?title=Pilot%20Light");
  });

  it("links a Cold Cut episode to /coldcut/?title=", () => {
    expect(episodeLink("Cold Open", true)).toBe("/coldcut/?title=Cold%20Open");
  });

  it("encodes characters that would break the query (& # + ? = %) so the title round-trips", () => {
    const titles = [
      "Cold Pizza & Hot Takes",
      "Episode #12: 100% Static",
      "A+B=C?",
      "Tater's First Sound Effect",
      "Café Racer Night",
      "日本 🎙️",
    ];
    for (const t of titles) {
      const href = episodeLink(t);
      const parsed = new URL(href, "http://localhost");
      expect(parsed.pathname).toBe("/episode");
      expect(parsed.searchParams.get("title")).toBe(t);
      expect([...parsed.searchParams.keys()]).toEqual(["title"]);
    }
    expect(episodeLink("Cold Pizza & Hot Takes")).toBe("/episode?title=Cold%20Pizza%20%26%20Hot%20Takes");
  });
});

describe("isColdCutPath (docs/product.md §2: a path containing coldcut selects the Cold Cut data)", () => {
  it.each([
    ["/coldcut", true],
    ["/coldcut/", true],
    ["/ColdCut/", true],
    ["/episode", false],
    ["/", false],
    ["/cold-cut", false],
  ])("%s → %s", (path, expected) => {
    expect(isColdCutPath(path)).toBe(expected);
  });
});

describe("episodeSubtitle (docs/product.md §2 default subtitle)", () => {
  it("is the exact spec default when the subtext is empty, blank or missing", () => {
    expect(DEFAULT_EPISODE_SUBTITLE).toBe("The Most Dangerous Radio Today...and perhaps even tomorrow");
    for (const v of ["", "   ", "\n\t", null, undefined]) expect(episodeSubtitle(v)).toBe(DEFAULT_EPISODE_SUBTITLE);
  });

  it("is the subtext (trimmed) otherwise", () => {
    expect(episodeSubtitle("Where it all began")).toBe("Where it all began");
    expect(episodeSubtitle("  padded  ")).toBe("padded");
  });
});

describe("episodeImage (docs/product.md §3 PodcastImage or backgroundImage; §9 default image)", () => {
  it("prefers PodcastImage, then backgroundImage, then the default", () => {
    expect(episodeImage("/a.svg", "/b.svg")).toBe("/a.svg");
    expect(episodeImage(null, "/b.svg")).toBe("/b.svg");
    expect(episodeImage("  ", "/b.svg")).toBe("/b.svg");
    expect(episodeImage(undefined, undefined)).toBe(DEFAULT_EPISODE_IMAGE);
    expect(episodeImage("", "  ")).toBe(DEFAULT_EPISODE_IMAGE);
    expect(episodeImage()).toBe(DEFAULT_EPISODE_IMAGE);
  });

  it("trims the chosen value", () => {
    expect(episodeImage(" /a.svg ")).toBe("/a.svg");
  });
});

describe("downloadFileName (docs/product.md §7 Download links the episode file under its file name)", () => {
  it.each([
    ["/media/audio/goom-01.mp3", "goom-01.mp3"],
    ["https://cdn.example.com/shows/2020/ep-12.mp3", "ep-12.mp3"],
    ["https://cdn.example.com/shows/ep-12.mp3?token=abc#t=30", "ep-12.mp3"],
    ["https://cdn.example.com/shows/My%20Show%20%231.mp3", "My Show #1.mp3"],
    ["/media/audio/caf%C3%A9.mp3", "café.mp3"],
    ["", "episode.mp3"],
    ["/", "episode.mp3"],
  ])("%s → %s", (url, name) => {
    expect(downloadFileName(url)).toBe(name);
  });

  it("never returns a name with a path separator or control character", () => {
    expect(downloadFileName("/media/a%2F..%2F..%2Fetc%2Fpasswd")).toBe("a_.._.._etc_passwd");
    expect(downloadFileName("/media/a%5Cb.mp3")).toBe("a_b.mp3");
    expect(downloadFileName("/media/x%00y.mp3")).toBe("x_y.mp3");
    expect(downloadFileName("/media/%2E%2E")).toBe("episode.mp3");
  });

  it("resolves traversal in the URL itself to the last real segment", () => {
    expect(downloadFileName("/media/audio/../../secret.mp3")).toBe("secret.mp3");
  });

  it("falls back on a malformed percent-encoding", () => {
    expect(downloadFileName("/media/bad%E0%A4%A.mp3")).toBe("episode.mp3");
  });
});
