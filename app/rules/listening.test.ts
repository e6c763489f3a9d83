import { describe, expect, it } from "vitest";
import { heardBetween, listenedText, listeningStats, LISTEN_STEP_MAX_S } from "./listening";
import { isPlayerSpeed, PLAYER_SPEEDS, SPEED_MAX, SPEED_MIN } from "./player";

describe("heardBetween", () => {
  const at = (time: number, src = "/a.mp3") => ({ src, time });
  it("counts the audio moved forward between two time updates of playing audio", () => {
    expect(heardBetween(at(10), { ...at(10.25), listening: true })).toBeCloseTo(0.25);
    expect(heardBetween(at(10), { ...at(10 + LISTEN_STEP_MAX_S), listening: true })).toBe(LISTEN_STEP_MAX_S);
  });
  it("counts nothing for a seek or skip forward, a skip back, another episode, a pause or the first update", () => {
    expect(heardBetween(at(10), { ...at(40), listening: true })).toBe(0);
    expect(heardBetween(at(10), { ...at(5), listening: true })).toBe(0);
    expect(heardBetween(at(10), { ...at(10.25, "/b.mp3"), listening: true })).toBe(0);
    expect(heardBetween(at(10), { ...at(10.25), listening: false })).toBe(0);
    expect(heardBetween(null, { ...at(10.25), listening: true })).toBe(0);
    expect(heardBetween(at(Number.NaN), { ...at(1), listening: true })).toBe(0);
  });
});

describe("listeningStats", () => {
  it("adds the tally and the finished episodes per era, in broadcast order, Cold Cut, then no era", () => {
    const stats = listeningStats(
      [
        { era: "PPR", seconds: 100 },
        { era: null, seconds: 5 },
        { era: "GOOM Radio", seconds: 60 },
        { era: "PPR", seconds: 20 },
      ],
      ["Cold Cut", "PPR", "PPR", null],
    );
    expect(stats).toEqual({
      listened: 185,
      finished: 4,
      eras: [
        { era: "GOOM Radio", listened: 60, finished: 0 },
        { era: "PPR", listened: 120, finished: 2 },
        { era: "Cold Cut", listened: 0, finished: 1 },
        { era: null, listened: 5, finished: 1 },
      ],
    });
  });
  it("is empty for a listener who has played nothing", () => {
    expect(listeningStats([], [])).toEqual({ listened: 0, finished: 0, eras: [] });
  });
});

describe("listenedText", () => {
  it("says seconds under a minute, then whole minutes, and hours past sixty", () => {
    expect(listenedText(0)).toBe("0 s");
    expect(listenedText(59.9)).toBe("59 s");
    expect(listenedText(60)).toBe("1 min");
    expect(listenedText(12 * 60 + 30)).toBe("12 min");
    expect(listenedText(3 * 3600 + 5 * 60)).toBe("3 h 5 min");
    expect(listenedText(-5)).toBe("0 s");
  });
});

describe("the speeds an account keeps", () => {
  it("are the player's, 0.5× to 3× in quarter steps, and nothing else", () => {
    expect(PLAYER_SPEEDS[0]).toBe(SPEED_MIN);
    expect(PLAYER_SPEEDS.at(-1)).toBe(SPEED_MAX);
    expect(PLAYER_SPEEDS).toHaveLength(11);
    expect(isPlayerSpeed(1.25)).toBe(true);
    for (const n of [0.4, 1.1, 3.25, Number.NaN, Infinity]) expect(isPlayerSpeed(n)).toBe(false);
  });
});
