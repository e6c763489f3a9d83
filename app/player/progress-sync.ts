/**
 * docs/product.md §4 "Progress sync" policy, pure: while a signed-in listener plays an episode, the position
 * is saved at most once per 10 s of playback, plus at once on pause, seek and page hide; never
 * for live or the error audio. docs/product.md §5: Duration 0 when not finite; undefined fields stripped.
 */
import type { PlayerState } from "./machine";
import { shouldSyncProgress } from "./machine";

export const PROGRESS_EVERY_S = 10;

export type SyncReason = "tick" | "pause" | "seek" | "hide";

export interface SyncMark {
  src: string;
  position: number;
}

/** Whether to write now, given the last written mark. */
export function progressDue(state: PlayerState, last: SyncMark | null, reason: SyncReason): boolean {
  if (!shouldSyncProgress(state)) return false;
  if (reason !== "tick") return last === null || last.src !== state.src || last.position !== state.currentTime;
  if (!state.playing) return false;
  if (!last || last.src !== state.src) return state.currentTime > 0;
  return Math.abs(state.currentTime - last.position) >= PROGRESS_EVERY_S;
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
