/**
 * Sleep timer: pause after 15, 30 or 60 minutes, or at the end of the episode. The view
 * schedules a check `msUntilSleep(...)` from now and then calls `checkSleepTimer(...)`.
 */
import type { PlayerState } from "./machine";

export type SleepMinutes = 15 | 30 | 60;
export type SleepOption = SleepMinutes | "end-of-episode";
export const SLEEP_OPTIONS: readonly SleepOption[] = [15, 30, 60, "end-of-episode"];

export type SleepTimer =
  { mode: "off" } | { mode: "minutes"; minutes: SleepMinutes; endsAt: number } | { mode: "end-of-episode" };

export const SLEEP_OFF: SleepTimer = Object.freeze({ mode: "off" });

/** What the timer needs to know about playback. */
export type SleepPlayback = Pick<PlayerState, "kind" | "duration" | "currentTime" | "playbackRate">;

/** Tolerance for "at the end" (timeupdate fires ~4×/s). */
const END_TOLERANCE_S = 0.5;

export function startSleepTimer(option: SleepOption, now: number): SleepTimer {
  return option === "end-of-episode"
    ? { mode: "end-of-episode" }
    : { mode: "minutes", minutes: option, endsAt: now + option * 60_000 };
}

/** "End of episode" is offered only for an episode of known length (a live stream has no end). */
export function sleepOptionsFor(p: SleepPlayback): SleepOption[] {
  return hasKnownEnd(p) ? [...SLEEP_OPTIONS] : SLEEP_OPTIONS.filter((o) => o !== "end-of-episode");
}

function hasKnownEnd(p: SleepPlayback): boolean {
  return p.kind === "episode" && Number.isFinite(p.duration) && p.duration > 0;
}

/**
 * Milliseconds of wall time until the timer wants playback paused (0 = now), or null when it
 * never will (off, or end-of-episode without a known end). Playback speed shortens the episode.
 */
export function msUntilSleep(timer: SleepTimer, now: number, p: SleepPlayback): number | null {
  switch (timer.mode) {
    case "off":
      return null;
    case "minutes":
      return Math.max(0, timer.endsAt - now);
    case "end-of-episode": {
      if (!hasKnownEnd(p)) return null;
      const rate = Number.isFinite(p.playbackRate) && p.playbackRate > 0 ? p.playbackRate : 1;
      const remaining = Math.max(0, p.duration - p.currentTime - END_TOLERANCE_S);
      return Math.ceil((remaining / rate) * 1000);
    }
  }
}

/** Whether to pause now; a timer that fired turns off. */
export function checkSleepTimer(
  timer: SleepTimer,
  now: number,
  p: SleepPlayback,
): { pause: boolean; timer: SleepTimer } {
  const ms = msUntilSleep(timer, now, p);
  return ms === 0 ? { pause: true, timer: SLEEP_OFF } : { pause: false, timer };
}

/** Minutes left for a label like "Sleep in 12 min" (rounded up); null when not counting down. */
export function sleepMinutesLeft(timer: SleepTimer, now: number): number | null {
  return timer.mode === "minutes" ? Math.ceil(Math.max(0, timer.endsAt - now) / 60_000) : null;
}
