/**
 * docs/product.md §4 "Progress sync" policy, pure: while a signed-in listener plays an episode, the position
 * is saved at most once per PROGRESS_SAVE_EVERY_MS of wall time, plus at once on pause, seek and page
 * hide; never for live or the error audio. docs/product.md §5: Duration 0 when not finite; undefined
 * fields stripped. A write also carries the page's listening to the episode so far (its span, see
 * rules/listening.ts): the seconds of audio actually played, counted between time updates.
 */
import type { PlayerState } from "./machine";
import { shouldSyncProgress } from "./machine";
import { PROGRESS_SAVE_EVERY_MS } from "~/rules/player";
import { speedEraOf } from "~/rules/listener-memory";

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
  /** The span's id and seconds heard in it so far, and the era they count in. */
  listenId?: string;
  listened?: number;
  era?: string;
}

/** The page's listening to one episode: an id of its own, and the seconds heard so far. */
export interface ListenSpan {
  id: string;
  seconds: number;
}

const finite = (n: number) => (Number.isFinite(n) && n >= 0 ? n : 0);

export function progressPayload(state: PlayerState, now: number, span?: ListenSpan): ProgressPayload {
  const heard = span && span.seconds > 0;
  const payload = {
    AudioTitle: state.title,
    Duration: finite(state.duration),
    AudioImg: state.image || undefined,
    AudioSrc: state.src,
    currentTime: Math.round(finite(state.currentTime) * 10) / 10,
    at: now,
    listenId: heard ? span.id : undefined,
    listened: heard ? Math.round(span.seconds * 10) / 10 : undefined,
    era: heard ? (speedEraOf(state) ?? undefined) : undefined,
  };
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined)) as unknown as ProgressPayload;
}

/**
 * The eras whose speed the listener has just chosen: changed since `before` and not what the
 * account already holds (a speed that came from the account is not sent back to it).
 */
export function speedsChosen(
  before: Readonly<Record<string, number>>,
  now: Readonly<Record<string, number>>,
  account: Readonly<Record<string, number>>,
): [string, number][] {
  return Object.entries(now).filter(([era, speed]) => before[era] !== speed && account[era] !== speed);
}
