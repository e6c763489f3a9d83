/**
 * What a signed-in listener's account keeps of their listening beside positions: the speed they
 * chose in each era, and a tally of the audio they actually played, and the stats /user and
 * "download my data" show from them.
 */
import { STATIONS } from "./eras";
import { COLD_CUT_SPEED_ERA } from "./listener-memory";

/** The eras a speed or a tally is kept for (speedEraOf): the stations, then Cold Cut. */
export const LISTENING_ERAS = [...STATIONS, COLD_CUT_SPEED_ERA] as const;
export type ListeningEra = (typeof LISTENING_ERAS)[number];

/**
 * Between two time updates of playing audio (four a second at 1×, fewer when a tab is in the
 * background) the audio moves well under this many seconds: a larger step is a seek or a skip,
 * and is not listening.
 */
export const LISTEN_STEP_MAX_S = 3;

/** Seconds of audio heard between two time updates of one source; 0 for a seek, a skip back, another source or a pause. */
export function heardBetween(
  before: { src: string; time: number } | null,
  now: { src: string; time: number; listening: boolean },
): number {
  if (!before || !now.listening || before.src !== now.src) return 0;
  const step = now.time - before.time;
  return Number.isFinite(step) && step > 0 && step <= LISTEN_STEP_MAX_S ? step : 0;
}

/**
 * A page's listening to one episode is one span: its progress writes carry the span's id and
 * the seconds heard so far, and the account keeps the largest per span, so a write sent twice, or
 * superseded by a later one in the queue, counts once. This many spans are kept one by one; older
 * ones are added into their era's total. Far more than the unsent writes a browser keeps
 * (PENDING_WRITES_MAX), so a late retry still finds its span.
 */
export const LISTENING_SPANS_KEPT = 200;
/** The most one span may claim: a day of audio. */
export const LISTENING_SPAN_MAX_S = 86_400;
/** A span's id: what the player makes (letters and digits). */
export const LISTENING_SPAN_ID = /^[a-z0-9]{8,40}$/;

/** Seconds heard in one era (null: an episode of no known era). */
export interface EraListened {
  era: ListeningEra | null;
  seconds: number;
}

export interface EraStats {
  era: ListeningEra | null;
  /** Seconds of audio actually played. */
  listened: number;
  /** Episodes played to the end (or past its last 30 s), or marked played. */
  finished: number;
}

export interface ListeningStats {
  listened: number;
  finished: number;
  /** In broadcast order, Cold Cut, then episodes of no known era; only eras with something in them. */
  eras: EraStats[];
}

/** The stats from the tally per era and the era of every finished episode. */
export function listeningStats(
  listened: readonly EraListened[],
  finished: readonly (ListeningEra | null)[],
): ListeningStats {
  const order: (ListeningEra | null)[] = [...LISTENING_ERAS, null];
  const eras = order
    .map((era) => ({
      era,
      listened: listened.filter((l) => l.era === era).reduce((sum, l) => sum + l.seconds, 0),
      finished: finished.filter((f) => f === era).length,
    }))
    .filter((e) => e.listened > 0 || e.finished > 0);
  return {
    listened: eras.reduce((sum, e) => sum + e.listened, 0),
    finished: eras.reduce((sum, e) => sum + e.finished, 0),
    eras,
  };
}

export const LISTENING_STATS_TITLE = "Listening stats";
export const TIME_LISTENED = "Time listened";
export const EPISODES_FINISHED = "Episodes finished";
export const NO_ERA = "Other episodes";
export const LISTENING_STATS_NOTE =
  "Time listened counts the audio you actually played while signed in, from when the site started counting: skipping and seeking add nothing, and at 2× a minute of your time plays two minutes of audio. Episodes finished are those you played to the end or marked played.";
export const LISTENING_STATS_UNAVAILABLE = "Your listening stats cannot be read right now. Please try again shortly.";
export const NO_LISTENING_YET = "Nothing yet: play an episode while signed in and it is counted here.";

/** A time listened in words: "45 s" under a minute, then "12 min", "3 h 5 min" (rounded down). */
export function listenedText(seconds: number): string {
  const s = Math.floor(Math.max(0, seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** The largest speed write read (an era, a speed and a time fit in far less). */
export const SPEED_BODY_MAX_BYTES = 1024;
