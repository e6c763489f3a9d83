import { chapterIndexAt, type Chapter } from "~/rules/chapters";
import { sanitizeDuration } from "~/player/format";
import { formatDuration } from "~/ui/time";

/** What the embed's controls read off its audio element. */
export interface MediaState {
  paused: boolean;
  currentTime: number;
  /** The element's own (NaN or Infinity until it knows). */
  duration: number;
}

/** What the embed's controls show for a media state. */
export interface MiniPlayerView {
  playing: boolean;
  playLabel: "Play" | "Pause";
  current: string;
  total: string;
  /** The seek slider's range and position, whole seconds. */
  seekMax: number;
  seekValue: number;
  seekText: string;
  /** The chapter playing, -1 before the first or without chapters. */
  chapter: number;
}

/**
 * The controls for `media`: the catalog's duration (`known`) stands in until the file's own is
 * known, so the time reads "0:00 / 28:15" before anything has loaded.
 */
export function miniPlayerView(
  media: MediaState,
  known: number,
  chapters: readonly Pick<Chapter, "startTime">[],
): MiniPlayerView {
  const duration = sanitizeDuration(media.duration) || sanitizeDuration(known);
  const time = Math.max(0, Number.isFinite(media.currentTime) ? media.currentTime : 0);
  const current = formatDuration(time);
  const total = formatDuration(duration);
  return {
    playing: !media.paused,
    playLabel: media.paused ? "Play" : "Pause",
    current,
    total,
    seekMax: Math.ceil(duration),
    seekValue: Math.floor(duration ? Math.min(time, duration) : time),
    seekText: `${current} of ${total}`,
    chapter: chapterIndexAt(chapters, time),
  };
}

/**
 * Where each chapter after the first starts along the seek bar, in percent; none when the
 * duration is unknown or a start is past it.
 */
export function chapterMarks(chapters: readonly Pick<Chapter, "startTime">[], duration: number): number[] {
  const d = sanitizeDuration(duration);
  if (!d) return [];
  return chapters
    .map((c) => (c.startTime / d) * 100)
    .filter((p) => p > 0 && p < 100)
    .map((p) => Math.round(p * 100) / 100);
}

/**
 * The chapter a `?t=` (whole seconds) names: the last one whose start, cut to whole seconds, is
 * at or before it. A chapter link carries its start cut so, and it must name that chapter, not
 * the one before; -1 without chapters or before the first.
 */
export function chapterAtShareTime(chapters: readonly Pick<Chapter, "startTime">[], t: number | null): number {
  let found = -1;
  for (let i = 0; i < chapters.length && Math.floor(chapters[i]!.startTime) <= (t ?? 0); i++) found = i;
  return found;
}
