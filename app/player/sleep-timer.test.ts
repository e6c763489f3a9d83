import { describe, expect, it } from "vitest";
import {
  SLEEP_OFF,
  SLEEP_OPTIONS,
  checkSleepTimer,
  msUntilSleep,
  sleepMinutesLeft,
  sleepOptionsFor,
  startSleepTimer,
  type SleepPlayback,
} from "./sleep-timer";

const T0 = 1_700_000_000_000;
const episode: SleepPlayback = { kind: "episode", duration: 1800, currentTime: 600, playbackRate: 1 };
const live: SleepPlayback = { kind: "live", duration: 0, currentTime: 42, playbackRate: 1 };

describe("sleep timer", () => {
  it("offers 15/30/60 minutes and end of episode", () => {
    expect(SLEEP_OPTIONS).toEqual([15, 30, 60, "end-of-episode"]);
    expect(sleepOptionsFor(episode)).toEqual([15, 30, 60, "end-of-episode"]);
  });
  it("no end-of-episode for live or an unknown duration", () => {
    expect(sleepOptionsFor(live)).toEqual([15, 30, 60]);
    expect(sleepOptionsFor({ ...episode, duration: 0 })).toEqual([15, 30, 60]);
  });
  it.each([15, 30, 60] as const)("%i minutes pauses exactly then and turns off", (minutes) => {
    const timer = startSleepTimer(minutes, T0);
    expect(msUntilSleep(timer, T0, live)).toBe(minutes * 60_000);
    expect(checkSleepTimer(timer, T0 + minutes * 60_000 - 1, live)).toEqual({ pause: false, timer });
    expect(checkSleepTimer(timer, T0 + minutes * 60_000, live)).toEqual({ pause: true, timer: SLEEP_OFF });
    expect(checkSleepTimer(timer, T0 + minutes * 60_000 + 5_000, live).pause).toBe(true);
  });
  it("end of episode: time left follows position and speed", () => {
    const timer = startSleepTimer("end-of-episode", T0);
    expect(msUntilSleep(timer, T0, episode)).toBe(1_199_500);
    expect(msUntilSleep(timer, T0, { ...episode, playbackRate: 2 })).toBe(599_750);
    expect(checkSleepTimer(timer, T0, episode).pause).toBe(false);
    expect(checkSleepTimer(timer, T0, { ...episode, currentTime: 1799.6 })).toEqual({ pause: true, timer: SLEEP_OFF });
    expect(checkSleepTimer(timer, T0, { ...episode, currentTime: 1800 }).pause).toBe(true);
  });
  it("end of episode never fires while live or with an unknown duration", () => {
    const timer = startSleepTimer("end-of-episode", T0);
    expect(msUntilSleep(timer, T0, live)).toBeNull();
    expect(checkSleepTimer(timer, T0 + 1e9, live)).toEqual({ pause: false, timer });
    expect(msUntilSleep(timer, T0, { ...episode, duration: Number.NaN })).toBeNull();
  });
  it("a bad playback rate counts as 1×", () => {
    const timer = startSleepTimer("end-of-episode", T0);
    expect(msUntilSleep(timer, T0, { ...episode, playbackRate: 0 })).toBe(1_199_500);
  });
  it("off never pauses", () => {
    expect(msUntilSleep(SLEEP_OFF, T0, episode)).toBeNull();
    expect(checkSleepTimer(SLEEP_OFF, T0, episode)).toEqual({ pause: false, timer: SLEEP_OFF });
  });
  it("minutes left for the label, rounded up", () => {
    const timer = startSleepTimer(15, T0);
    expect(sleepMinutesLeft(timer, T0)).toBe(15);
    expect(sleepMinutesLeft(timer, T0 + 60_001)).toBe(14);
    expect(sleepMinutesLeft(timer, T0 + 99 * 60_000)).toBe(0);
    expect(sleepMinutesLeft(startSleepTimer("end-of-episode", T0), T0)).toBeNull();
  });
});
