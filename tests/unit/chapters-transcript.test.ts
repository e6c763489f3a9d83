import { describe, expect, it } from "vitest";
import {
  absoluteImage,
  chapterIndexAt,
  chaptersDocument,
  mediaChaptersFile,
  nextChapterStart,
  parseChapters,
  previousChapterStart,
  servedChaptersUrl,
} from "~/rules/chapters";
import { cueIndexAt, parseVtt } from "~/rules/transcript";

describe("parseChapters", () => {
  it("reads Podcasting 2.0 chapters in time order, leaving out junk and toc:false entries", () => {
    const chapters = parseChapters({
      version: "1.2.0",
      chapters: [
        { startTime: 60, title: "Second", img: "https://img.example/2.jpg" },
        { startTime: 0, title: " First " },
        { startTime: "90.5", title: "Third", img: "javascript:alert(1)" },
        { startTime: 30, title: "Hidden", toc: false },
        { startTime: -1, title: "Negative" },
        { startTime: 10, title: "" },
        { title: "No start" },
        null,
      ],
    });
    expect(chapters).toEqual([
      { startTime: 0, title: "First", img: null },
      { startTime: 60, title: "Second", img: "https://img.example/2.jpg" },
      { startTime: 90.5, title: "Third", img: null },
    ]);
  });

  it("gives none for what is not a chapters document", () => {
    for (const junk of [null, "x", 1, [], {}, { chapters: "no" }]) expect(parseChapters(junk)).toEqual([]);
  });

  it("finds the chapter playing and where next and previous go", () => {
    const chapters = parseChapters({ chapters: [0, 10, 20].map((s) => ({ startTime: s, title: `at ${s}` })) });
    expect([-1, 0, 9.9, 10, 25].map((t) => chapterIndexAt(chapters, t))).toEqual([-1, 0, 0, 1, 2]);
    expect(nextChapterStart(chapters, 5)).toBe(10);
    expect(nextChapterStart(chapters, 25)).toBeNull();
    expect(previousChapterStart(chapters, 15)).toBe(10);
    expect(previousChapterStart(chapters, 11)).toBe(0);
    expect(previousChapterStart(chapters, 1)).toBe(0);
  });
});

describe("parseVtt", () => {
  it("reads cues with hours or without, identifiers, settings, tags and entities; skips NOTE and STYLE", () => {
    const cues = parseVtt(
      "\uFEFFWEBVTT - a title\r\n\r\nNOTE a comment\r\n--> not a cue\r\n\r\nSTYLE\n::cue { color: red }\n\n" +
        "intro\n00:00:01.500 --> 00:00:04.000 align:start\n<v Captain Static>Hello &amp; welcome</v>\nto the bunker\n\n" +
        "01:02.250 --> 01:05.000\nSecond &lt;line&gt;\n\n" +
        "1:00:00.000 --> 1:00:01.000\nAn hour in\n\n" +
        "00:00:09.000 --> 00:00:08.000\nends before it starts\n\n00:00:10.000 --> 00:00:11.000\n",
    );
    expect(cues).toEqual([
      { start: 1.5, end: 4, text: "Hello & welcome to the bunker" },
      { start: 62.25, end: 65, text: "Second <line>" },
      { start: 3600, end: 3601, text: "An hour in" },
    ]);
  });

  it("gives none for what is not WebVTT", () => {
    expect(parseVtt("1\n00:00:01,000 --> 00:00:02,000\nSRT\n")).toEqual([]);
    expect(parseVtt("")).toEqual([]);
  });

  it("finds the line spoken at a time", () => {
    const cues = parseVtt("WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:03.000 --> 00:04.000\nb\n");
    expect([0, 1, 2.5, 3, 99].map((t) => cueIndexAt(cues, t))).toEqual([-1, 0, 0, 1, 1]);
  });
});

describe("chapters served to podcast apps and the player", () => {
  it("a site file goes through /chapters/<name>; the show host's as it is; nothing else is a name", () => {
    expect(servedChaptersUrl("/media/chapters/ep-0002.json")).toBe("/chapters/ep-0002.json");
    expect(servedChaptersUrl("https://files.example/ep.json")).toBe("https://files.example/ep.json");
    expect(mediaChaptersFile("ep-0002.json")).toBe("/media/chapters/ep-0002.json");
    expect(mediaChaptersFile("../secret.json")).toBeNull();
    expect(mediaChaptersFile("ep.txt")).toBeNull();
  });

  it("every picture is absolute on the origin; an unsafe one is left out", () => {
    const doc = chaptersDocument(
      [
        { startTime: 0, title: "Welcome", img: "/media/img/share/show-card.jpg" },
        { startTime: 3, title: "Elsewhere", img: "https://cdn.example/a.jpg" },
        { startTime: 5, title: "None", img: null },
      ],
      "https://hamradioshow.example",
    );
    expect(doc.chapters).toEqual([
      { startTime: 0, title: "Welcome", img: "https://hamradioshow.example/media/img/share/show-card.jpg" },
      { startTime: 3, title: "Elsewhere", img: "https://cdn.example/a.jpg" },
      { startTime: 5, title: "None" },
    ]);
    expect(absoluteImage("javascript:alert(1)", "https://hamradioshow.example")).toBeNull();
  });
});
