import { describe, expect, it } from "vitest";
import { resultMarks } from "~/route-support/search.server";
import type { EpisodeExtras } from "~/services/episode-extras.server";
import type { Episode } from "~/services/types";

const base: Episode = {
  id: "ep-1",
  title: "Pilot Light",
  description: "The crew tries to explain the show.",
  subtext: "",
  audioUrl: "/a.mp3",
  image: "/i.svg",
  backgroundImage: "/b.svg",
  pubdate: "2020-01-01T00:00:00.000Z",
  canbashow: false,
  era: "MLR",
  duration: 38,
  fileSize: null,
  coldcut: false,
  chaptersUrl: null,
  transcriptUrl: "/media/transcripts/a.vtt",
  soundbites: [],
};
const extras: EpisodeExtras = {
  chapters: async () => [],
  transcript: async () => [
    { start: 1.5, end: 6, text: "Welcome to the bunker." },
    { start: 10.063, end: 21, text: "An antenna bolted to a chimney." },
  ],
};
const highlight = (...words: string[]) => ({ words, prefixes: [] });

describe("search result marks", () => {
  it("links an episode found by its transcript alone to the line that holds the word", async () => {
    const [marks] = await resultMarks([base], highlight("chimney"), extras);
    expect(marks).toEqual({ title: ["Pilot Light"], text: ["An antenna bolted to a ", "chimney", "."], at: 10 });
  });

  it("keeps the title and description when they hold the match, and episodes without a transcript", async () => {
    const [inDescription, noTranscript] = await resultMarks(
      [base, { ...base, transcriptUrl: null }],
      highlight("crew"),
      extras,
    );
    expect(inDescription!.at).toBeNull();
    expect(inDescription!.text).toEqual(["The ", "crew", " tries to explain the show."]);
    expect(noTranscript!.at).toBeNull();
  });
});
