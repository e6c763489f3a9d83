import { describe, expect, it } from "vitest";
import { favoriteFormSchema, progressSchema } from "~/services/library-input.server";

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
});
