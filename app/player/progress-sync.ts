/**
 * docs/product.md §4 "Progress sync" policy, pure: while a signed-in listener plays an episode, the position
 * is saved at most once per PROGRESS_SAVE_EVERY_MS of wall time, plus at once on pause, seek and page
 * hide; never for live or the error audio. docs/product.md §5: Duration 0 when not finite; undefined
 * fields stripped.
 */
import type { PlayerState } from "./machine";
import { shouldSyncProgress } from "./machine";
import { PROGRESS_SAVE_EVERY_MS } from "~/rules/player";

export type SyncReason = "tick" | "pause" | "seek" | "hide";

/** The last position written: of which audio, where, and when (ms). */
export interface SyncMark {
  src: string;
  position: number;
  at: number;
}

/** Whether to write now (`now`: ms, the clock of `last.at`), given the last written mark. */
export function progressDue(state: PlayerState, last: SyncMark | null, reason: SyncReason, now: number): boolean {
  if (!shouldSyncProgress(state)) return false;
  if (reason !== "tick") return last === null || last.src !== state.src || last.position !== state.currentTime;
  if (!state.playing) return false;
  if (!last || last.src !== state.src) return state.currentTime > 0;
  return state.currentTime !== last.position && now - last.at >= PROGRESS_SAVE_EVERY_MS;
}

export interface ProgressPayload {
  AudioTitle: string;
  Duration: number;
  AudioImg: string;
  AudioSrc: string;
  currentTime: number;
  at: number;
}

const finite = (n: number) => (Number.isFinite(n) && n >= 0 ? n : 0);

export function progressPayload(state: PlayerState, now: number): ProgressPayload {
  const payload = {
    AudioTitle: state.title,
    Duration: finite(state.duration),
    AudioImg: state.image || undefined,
    AudioSrc: state.src,
    currentTime: Math.round(finite(state.currentTime) * 10) / 10,
    at: now,
  };
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined)) as unknown as ProgressPayload;
}
