import { useCallback, useEffect, useRef, useState } from "react";
import type { PlayerAction, PlayerState } from "./machine";
import {
  checkSleepTimer,
  msUntilSleep,
  sleepMinutesLeft,
  sleepOptionsFor,
  SLEEP_OFF,
  startSleepTimer,
  type SleepOption,
  type SleepTimer,
} from "./sleep-timer";

export interface SleepTimerApi {
  timer: SleepTimer;
  options: SleepOption[];
  set(option: SleepOption | "off"): void;
  /** Minutes left for the label ("Sleep in 12 min"), refreshed every 15 s; null when not counting down. */
  minutesLeft: number | null;
}

/**
 * The sleep timer in the view layer: schedules one check at the time the pure model
 * (./sleep-timer.ts) says, re-scheduled when position, speed or source change, and pauses the
 * player when it fires.
 */
export function useSleepTimer(state: PlayerState, dispatch: (action: PlayerAction) => void): SleepTimerApi {
  const [timer, setTimer] = useState<SleepTimer>(SLEEP_OFF);
  const [, setTick] = useState(0);
  const latest = useRef(state);
  latest.current = state;

  const set = useCallback((option: SleepOption | "off") => {
    setTimer(option === "off" ? SLEEP_OFF : startSleepTimer(option, Date.now()));
  }, []);

  // A new source ends an end-of-episode timer (it was for the other episode).
  const { src, kind, duration, playbackRate } = state;
  useEffect(() => {
    setTimer((t) => (t.mode === "end-of-episode" ? SLEEP_OFF : t));
  }, [src]);

  const second = timer.mode === "end-of-episode" ? Math.floor(state.currentTime) : 0;
  useEffect(() => {
    if (timer.mode === "off") return;
    const ms = msUntilSleep(timer, Date.now(), latest.current);
    if (ms === null) return;
    const handle = window.setTimeout(() => {
      const result = checkSleepTimer(timer, Date.now(), latest.current);
      if (result.pause) {
        dispatch({ type: "pause" });
        setTimer(result.timer);
      } else {
        setTick((n) => n + 1); // not yet (clock drift): schedule again
      }
    }, ms);
    return () => window.clearTimeout(handle);
  }, [timer, second, kind, duration, playbackRate, dispatch]);

  // Refresh the "minutes left" label.
  useEffect(() => {
    if (timer.mode !== "minutes") return;
    const handle = window.setInterval(() => setTick((n) => n + 1), 15_000);
    return () => window.clearInterval(handle);
  }, [timer]);

  return {
    timer,
    options: sleepOptionsFor(state),
    set,
    minutesLeft: sleepMinutesLeft(timer, Date.now()),
  };
}
