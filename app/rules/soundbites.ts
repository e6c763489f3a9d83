import { CLIP_MAX_SECONDS } from "./player";

/**
 * Podcasting 2.0 `podcast:soundbite`: a moment of an episode the show picked to be shared. The
 * namespace asks titles of at most 128 characters; a soundbite is played as a clip link, so it
 * is no longer than a clip may be.
 */
export const SOUNDBITE_TITLE_MAX = 128;
/** More than a show picks for one episode; past it the list is cut. */
export const SOUNDBITES_MAX = 20;

export interface Soundbite {
  /** Seconds from the start. */
  startTime: number;
  /** Seconds. */
  duration: number;
  /** Empty: the episode's own title stands for it (as the namespace says). */
  title: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const seconds = (v: unknown) => (typeof v === "string" && v.trim() ? Number(v) : v);

/**
 * An episode's soundbites from what a catalog keeps (a list, or its JSON text), in time order.
 * Entries without a finite start, with a duration of zero or longer than a clip, or otherwise
 * unreadable are left out; anything that is not a list is none.
 */
export function parseSoundbites(value: unknown): Soundbite[] {
  let data = value;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(data)) return [];
  const found: Soundbite[] = [];
  for (const entry of data.slice(0, SOUNDBITES_MAX)) {
    if (!isRecord(entry)) continue;
    const startTime = seconds(entry.startTime);
    const duration = seconds(entry.duration);
    if (typeof startTime !== "number" || !Number.isFinite(startTime) || startTime < 0) continue;
    if (typeof duration !== "number" || !(duration > 0) || duration > CLIP_MAX_SECONDS) continue;
    const title = typeof entry.title === "string" ? entry.title.trim().slice(0, SOUNDBITE_TITLE_MAX) : "";
    found.push({ startTime, duration, title });
  }
  return found.sort((a, b) => a.startTime - b.startTime);
}

/** The clip a soundbite plays, in the whole seconds a clip link takes: never cut short. */
export function soundbiteClip(bite: Soundbite): { start: number; end: number } {
  const start = Math.floor(bite.startTime);
  const end = Math.max(start + 1, Math.ceil(bite.startTime + bite.duration));
  return { start, end: Math.min(end, start + CLIP_MAX_SECONDS) };
}
