import { describe, expect, it } from "vitest";
import { CLIP_MAX_SECONDS } from "~/rules/player";
import { parseSoundbites, soundbiteClip, SOUNDBITE_TITLE_MAX } from "~/rules/soundbites";

describe("soundbites", () => {
  it("reads a list or its JSON text, in time order, and leaves junk entries out", () => {
    const good = { startTime: 20.5, duration: 8.1, title: "  The gnome  " };
    const list = [
      good,
      { startTime: "7.074", duration: "2.639", title: "Why? Because we can!" },
      { startTime: -1, duration: 5, title: "before the start" },
      { startTime: 3, duration: 0, title: "no length" },
      { startTime: 3, duration: CLIP_MAX_SECONDS + 1, title: "longer than a clip" },
      { startTime: "soon", duration: 5, title: "not a time" },
      { startTime: 4, duration: 5 },
      "junk",
      null,
    ];
    const expected = [
      { startTime: 4, duration: 5, title: "" },
      { startTime: 7.074, duration: 2.639, title: "Why? Because we can!" },
      { startTime: 20.5, duration: 8.1, title: "The gnome" },
    ];
    expect(parseSoundbites(list)).toEqual(expected);
    expect(parseSoundbites(JSON.stringify(list))).toEqual(expected);
    for (const none of [null, undefined, "", "not json", "{}", 12, { startTime: 1, duration: 2 }])
      expect(parseSoundbites(none)).toEqual([]);
    expect(parseSoundbites([{ startTime: 1, duration: 2, title: "x".repeat(500) }])[0]!.title).toHaveLength(
      SOUNDBITE_TITLE_MAX,
    );
  });

  it("plays as a clip of whole seconds that holds the whole soundbite", () => {
    expect(soundbiteClip({ startTime: 7.074, duration: 2.639, title: "" })).toEqual({ start: 7, end: 10 });
    expect(soundbiteClip({ startTime: 20, duration: 8, title: "" })).toEqual({ start: 20, end: 28 });
    expect(soundbiteClip({ startTime: 3, duration: 0.2, title: "" })).toEqual({ start: 3, end: 4 });
    expect(soundbiteClip({ startTime: 0.5, duration: CLIP_MAX_SECONDS, title: "" })).toEqual({
      start: 0,
      end: CLIP_MAX_SECONDS,
    });
  });
});
