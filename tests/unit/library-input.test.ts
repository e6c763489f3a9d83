import { describe, expect, it } from "vitest";
import { favoriteFormSchema, progressSchema, speedSchema } from "~/services/library-input.server";

describe("library input", () => {
  const favorite = { intent: "add", audioSrc: "/media/audio/a.mp3", title: "Pilot Light", duration: "35" };
  const progress = { AudioTitle: "Pilot Light", AudioSrc: "/media/audio/a.mp3", currentTime: "3", at: "1700000000000" };

  it("accepts a favorite and a progress write", () => {
    expect(favoriteFormSchema.safeParse(favorite).success).toBe(true);
    expect(progressSchema.safeParse(progress).success).toBe(true);
  });

  it("refuses a title with U+0000 (no store keeps one) and a source with control characters", () => {
    expect(favoriteFormSchema.safeParse({ ...favorite, title: "Pilot\u0000Light" }).success).toBe(false);
    expect(progressSchema.safeParse({ ...progress, AudioTitle: "Pilot\u0000Light" }).success).toBe(false);
    expect(favoriteFormSchema.safeParse({ ...favorite, audioSrc: "/media/\u0000a.mp3" }).success).toBe(false);
  });

  it("reads what the page heard with a progress write, and drops a junk part of it, never the position", () => {
    const heard = { ...progress, listenId: "abcdefgh12", listened: "42.5", era: "PPR" };
    expect(progressSchema.parse(heard)).toMatchObject({ listenId: "abcdefgh12", listened: 42.5, era: "PPR" });
    // A day at most per span.
    expect(progressSchema.parse({ ...heard, listened: 1e9 }).listened).toBe(86_400);
    const junk = progressSchema.parse({ ...heard, listenId: "<script>", listened: -3, era: "Mars FM" });
    expect(junk).toMatchObject({ AudioSrc: progress.AudioSrc, currentTime: 3 });
    expect([junk.listenId, junk.listened, junk.era]).toEqual([undefined, undefined, undefined]);
  });

  it("takes a speed the player offers in an era it keeps speeds for, and nothing else", () => {
    const speed = { era: "Cold Cut", speed: 1.75, at: 1700000000000 };
    expect(speedSchema.parse(speed)).toEqual(speed);
    for (const bad of [
      { speed: 1.1 },
      { speed: 4 },
      { speed: "fast" },
      { era: "Mars FM" },
      { era: undefined },
      { at: -1 },
    ])
      expect(speedSchema.safeParse({ ...speed, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
