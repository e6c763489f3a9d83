import { describe, expect, it } from "vitest";
import { createPlayerConfig, initialPlayerState, type PlayerState } from "./machine";
import { PROGRESS_EVERY_S, progressDue, progressPayload } from "./progress-sync";

const config = createPlayerConfig("https://live.example/stream");
const episode = (over: Partial<PlayerState> = {}): PlayerState => ({
  ...initialPlayerState(config),
  src: "/media/audio/ep.mp3",
  kind: "episode",
  title: "Ep",
  playing: true,
  duration: 600,
  currentTime: 12,
  ...over,
});

describe("progressDue", () => {
  it("never writes live or the error audio", () => {
    expect(progressDue({ ...initialPlayerState(config), live: true, playing: true }, null, "pause")).toBe(false);
    expect(progressDue(episode({ src: config.errorAudioUrl, kind: "error" }), null, "pause")).toBe(false);
  });
  it("writes at most once per 10 s of playback on ticks", () => {
    const last = { src: "/media/audio/ep.mp3", position: 12 };
    expect(progressDue(episode({ currentTime: 12 + PROGRESS_EVERY_S - 0.5 }), last, "tick")).toBe(false);
    expect(progressDue(episode({ currentTime: 12 + PROGRESS_EVERY_S }), last, "tick")).toBe(true);
  });
  it("does not tick while paused, but writes on pause, seek and hide when the position changed", () => {
    const last = { src: "/media/audio/ep.mp3", position: 12 };
    expect(progressDue(episode({ playing: false, currentTime: 40 }), last, "tick")).toBe(false);
    expect(progressDue(episode({ playing: false, currentTime: 15 }), last, "pause")).toBe(true);
    expect(progressDue(episode({ currentTime: 300 }), last, "seek")).toBe(true);
    expect(progressDue(episode({ currentTime: 12 }), last, "hide")).toBe(false);
  });
  it("10 minutes of playback with a tick per 0.25 s causes at most 60 writes", () => {
    let last: { src: string; position: number } | null = null;
    let writes = 0;
    for (let t = 0; t <= 600; t += 0.25) {
      const s = episode({ currentTime: t });
      if (progressDue(s, last, "tick")) {
        writes++;
        last = { src: s.src, position: t };
      }
    }
    expect(writes).toBeLessThanOrEqual(60);
    expect(writes).toBeGreaterThanOrEqual(59);
  });
});

describe("progressPayload", () => {
  it("uses 0 for a non-finite duration and strips undefined fields", () => {
    const p = progressPayload(episode({ duration: Number.POSITIVE_INFINITY, image: "" }), 123);
    expect(p.Duration).toBe(0);
    expect("AudioImg" in p).toBe(false);
    expect(p).toMatchObject({ AudioTitle: "Ep", AudioSrc: "/media/audio/ep.mp3", currentTime: 12, at: 123 });
  });
});
