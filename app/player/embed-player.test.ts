import { describe, expect, it } from "vitest";
import { chapterAtShareTime, chapterMarks, miniPlayerView } from "./embed-player";

const chapters = [{ startTime: 0 }, { startTime: 10.063 }, { startTime: 21.597 }];

describe("miniPlayerView", () => {
  it("shows the catalog's duration until the file's own is known", () => {
    expect(miniPlayerView({ paused: true, currentTime: 0, duration: NaN }, 1695, [])).toEqual({
      playing: false,
      playLabel: "Play",
      current: "0:00",
      total: "28:15",
      seekMax: 1695,
      seekValue: 0,
      seekText: "0:00 of 28:15",
      chapter: -1,
    });
  });

  it("prefers the file's duration, and follows the time and the chapter playing", () => {
    const view = miniPlayerView({ paused: false, currentTime: 12.7, duration: 30.4 }, 1695, chapters);
    expect(view).toMatchObject({ playing: true, playLabel: "Pause", current: "0:12", total: "0:30" });
    expect([view.seekMax, view.seekValue, view.chapter]).toEqual([31, 12, 1]);
  });

  it("never shows junk: a time past an unknown duration, a negative or missing time", () => {
    expect(miniPlayerView({ paused: true, currentTime: 75, duration: Infinity }, 0, [])).toMatchObject({
      total: "0:00",
      seekMax: 0,
      seekValue: 75,
    });
    expect(miniPlayerView({ paused: true, currentTime: -3, duration: 30 }, 0, chapters)).toMatchObject({
      current: "0:00",
      seekValue: 0,
      chapter: 0,
    });
    expect(miniPlayerView({ paused: true, currentTime: NaN, duration: 30 }, 0, [])).toMatchObject({ current: "0:00" });
  });
});

describe("chapterMarks", () => {
  it("places each chapter after the first along the bar, in percent", () => {
    expect(chapterMarks(chapters, 30)).toEqual([33.54, 71.99]);
  });
  it("has none for an unknown duration or a start past the end", () => {
    expect(chapterMarks(chapters, 0)).toEqual([]);
    expect(chapterMarks(chapters, NaN)).toEqual([]);
    expect(chapterMarks(chapters, 20)).toEqual([50.32]);
  });
});

describe("chapterAtShareTime", () => {
  it("names the chapter whose start, cut to whole seconds, the link carries", () => {
    expect(chapterAtShareTime(chapters, 10)).toBe(1);
    expect(chapterAtShareTime(chapters, 9)).toBe(0);
    expect(chapterAtShareTime(chapters, 400)).toBe(2);
    expect(chapterAtShareTime(chapters, null)).toBe(0);
    expect(chapterAtShareTime([], 10)).toBe(-1);
  });
});
