import { describe, expect, it } from "vitest";
import type { Catalog } from "~/services/catalog.server";
import { withColdCutInSearch } from "~/services/coldcut-search.server";
import type { Episode } from "~/services/types";

const episode = (title: string, description: string, coldcut: boolean): Episode => ({
  id: title,
  title,
  description,
  subtext: "",
  audioUrl: `/${title}.mp3`,
  image: "",
  backgroundImage: "",
  pubdate: "2024-01-01T00:00:00Z",
  canbashow: false,
  era: null,
  duration: 60,
  fileSize: null,
  coldcut,
});

const main = [episode("Episode 1: Raccoons", "The crew and a raccoon.", false)];
const cuts = [
  episode("Cold Cut: Raccoon Testimony", "A witness speaks.", true),
  episode("Cold Cut: Goat Gate", "Not a raccoon in sight.", true),
  episode("Cold Cut: The Modem Song", "Dial-up, sung.", true),
];
const catalog = {
  searchEpisodes: async (term: string) => (term.toLowerCase().includes("racc") ? main : []),
  allEpisodes: async (series: string) => (series === "coldcut" ? cuts : main),
} as unknown as Catalog;

describe("search finds Cold Cut episodes too", () => {
  const search = withColdCutInSearch(catalog);
  it("title matches first, then the catalog's results, then description matches", async () => {
    const titles = (await search.searchEpisodes("racc", 10)).map((e) => e.title);
    expect(titles).toEqual(["Cold Cut: Raccoon Testimony", "Episode 1: Raccoons", "Cold Cut: Goat Gate"]);
  });
  it("every word must start a word of the episode; the limit holds; an empty term finds nothing", async () => {
    expect((await search.searchEpisodes("modem so", 10)).map((e) => e.title)).toEqual(["Cold Cut: The Modem Song"]);
    expect(await search.searchEpisodes("modem zebra", 10)).toEqual([]);
    expect(await search.searchEpisodes("racc", 1)).toHaveLength(1);
    expect(await search.searchEpisodes("  ", 10)).toEqual([]);
  });
});
