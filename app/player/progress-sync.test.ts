import { describe, expect, it } from "vitest";
import { createPlayerConfig, initialPlayerState, type PlayerState } from "./machine";
import { progressDue, progressPayload, speedsChosen } from "./progress-sync";
import { PROGRESS_SAVE_EVERY_MS } from "~/rules/player";

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
  const T0 = 1_000_000;
  const last = { src: "/media/audio/ep.mp3", position: 12, at: T0 };
  it("never writes live or the error audio", () => {
    expect(progressDue({ ...initialPlayerState(config), live: true, playing: true }, null, "pause", T0)).toBe(false);
    expect(progressDue(episode({ src: config.errorAudioUrl, kind: "error" }), null, "pause", T0)).toBe(false);
  });
  it("writes the first position at once, then at most once per 10 s of wall time on ticks, whatever the speed", () => {
    expect(progressDue(episode({ currentTime: 0.3 }), null, "tick", T0)).toBe(true);
    // Played at 3×: 29 s of audio in 9.9 s is not yet due; 10 s of wall time is.
    expect(progressDue(episode({ currentTime: 41 }), last, "tick", T0 + PROGRESS_SAVE_EVERY_MS - 100)).toBe(false);
    expect(progressDue(episode({ currentTime: 42 }), last, "tick", T0 + PROGRESS_SAVE_EVERY_MS)).toBe(true);
    // At half speed, 5 s of audio after 10 s is due too.
    expect(progressDue(episode({ currentTime: 17 }), last, "tick", T0 + PROGRESS_SAVE_EVERY_MS)).toBe(true);
    // Nothing moved (a stalled stream): nothing to write.
    expect(progressDue(episode({ currentTime: 12 }), last, "tick", T0 + 5 * PROGRESS_SAVE_EVERY_MS)).toBe(false);
  });
  it("does not tick while paused, but writes on pause, seek and hide when the position changed", () => {
    const later = T0 + 1_000;
    expect(progressDue(episode({ playing: false, currentTime: 40 }), last, "tick", T0 + 60_000)).toBe(false);
    expect(progressDue(episode({ playing: false, currentTime: 15 }), last, "pause", later)).toBe(true);
    expect(progressDue(episode({ currentTime: 300 }), last, "seek", later)).toBe(true);
    expect(progressDue(episode({ currentTime: 14 }), last, "hide", later)).toBe(true);
    expect(progressDue(episode({ currentTime: 12 }), last, "hide", later)).toBe(false);
  });
  it("10 minutes of playback with a tick per 0.25 s causes at most 60 writes", () => {
    let mark: { src: string; position: number; at: number } | null = null;
    let writes = 0;
    for (let t = 0; t <= 600; t += 0.25) {
      const s = episode({ currentTime: t });
      const now = T0 + t * 1000;
      if (progressDue(s, mark, "tick", now)) {
        writes++;
        mark = { src: s.src, position: t, at: now };
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
  it("carries what the page heard of the episode, with its era, once it heard something", () => {
    const p = progressPayload(episode({ era: "PPR" }), 123, { id: "abcdefgh12", seconds: 42.04 });
    expect(p).toMatchObject({ listenId: "abcdefgh12", listened: 42, era: "PPR" });
    const cold = progressPayload(episode({ era: "PPR", coldcut: true }), 123, { id: "abcdefgh12", seconds: 1 });
    expect(cold.era).toBe("Cold Cut");
    for (const span of [undefined, { id: "abcdefgh12", seconds: 0 }]) {
      const none = progressPayload(episode({ era: "PPR" }), 123, span);
      expect(["listenId", "listened", "era"].filter((k) => k in none)).toEqual([]);
    }
  });
});

describe("speedsChosen", () => {
  it("is the eras whose speed changed on this page and differ from the account's", () => {
    expect(speedsChosen({ PPR: 1, MLR: 1 }, { PPR: 1.5, MLR: 1 }, {})).toEqual([["PPR", 1.5]]);
    // Applied from the account: not sent back to it.
    expect(speedsChosen({ PPR: 1 }, { PPR: 2 }, { PPR: 2 })).toEqual([]);
    expect(speedsChosen({}, { "Cold Cut": 0.75 }, { PPR: 2 })).toEqual([["Cold Cut", 0.75]]);
    expect(speedsChosen({ PPR: 2 }, { PPR: 2 }, {})).toEqual([]);
  });
});
