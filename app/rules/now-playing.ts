/**
 * Now-playing data without any parsing library (so the browser bundle stays small): the type,
 * text cleaning, the docs/product.md §8 fallback and the check of this app's own /api/now-playing answer.
 * The upstream parsers (Live365, AzuraCast, Icecast) are in the now-playing adapter.
 */
import { NOW_PLAYING_FALLBACK, NOW_PLAYING_POLL_MS } from "./player";

export interface NowPlaying {
  title: string;
  artist: string;
  art?: string;
}

/** Longest title/artist kept (characters); longer text is cut and ends with "…". */
export const NOW_PLAYING_MAX_LENGTH = 200;
/** Longest art URL kept. */
const MAX_URL_LENGTH = 2048;

/** Plain, single-line, length-capped text. */
export function cleanText(value: string | null | undefined): string {
  if (!value) return "";
  const flat = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(flat);
  if (chars.length <= NOW_PLAYING_MAX_LENGTH) return flat;
  return `${chars
    .slice(0, NOW_PLAYING_MAX_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}

function cleanArt(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_URL_LENGTH) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Build the result; a missing title (after cleaning) makes the whole payload unusable. */
export function buildNowPlaying(
  title: string | null | undefined,
  artist: string | null | undefined,
  art?: string | null,
): NowPlaying | null {
  const t = cleanText(title);
  if (!t) return null;
  const result: NowPlaying = { title: t, artist: cleanText(artist) };
  const a = cleanArt(art);
  if (a) result.art = a;
  return result;
}

/** "Artist - Title" → both parts; text without the separator is all title. */
export function splitArtistTitle(combined: string): { artist: string; title: string } {
  const i = combined.indexOf(" - ");
  if (i <= 0) return { artist: "", title: combined };
  const artist = combined.slice(0, i).trim();
  const title = combined.slice(i + 3).trim();
  return title ? { artist, title } : { artist: "", title: combined };
}

/** docs/product.md §8: invalid or missing now-playing data shows 'The Ham Radio Show' / 'Live Radio'. */
export function nowPlayingOrFallback(value: NowPlaying | null | undefined): NowPlaying {
  return value ?? { ...NOW_PLAYING_FALLBACK };
}

/**
 * The browser side of GET /api/now-playing (`{title, artist, art, fallback}`): the track to show,
 * or null when the answer is not usable (the player keeps what it shows). The server already
 * cleaned the texts; they are cleaned again because the answer crosses a network (and caches).
 * Checked by hand, not with zod, so the browser bundle stays small.
 */
export function parseNowPlayingApiResponse(payload: unknown): NowPlaying | null {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const { title, artist, art } = payload as Record<string, unknown>;
  if (typeof title !== "string" || typeof artist !== "string") return null;
  if (art !== undefined && art !== null && typeof art !== "string") return null;
  return buildNowPlaying(title, artist, art);
}

/**
 * When the stream's source stops, a listener's page shows the off-air fallback within 10 s (ADRs
 * 027, 056). The poll stays at the spec's 10 s; what makes it fast is being told. A page playing
 * the stream is told by the stream: when its download stops (or it ends, errs or stalls) the
 * player asks at once, and once more after every cache in between has expired. A page with no
 * stream telling it (paused) is told by the server: it holds a push stream
 * (NOW_PLAYING_PUSH.path) on which the instance sends each change of its now-playing answer.
 */
export const NOW_PLAYING_OFF_AIR_WITHIN_MS = 10_000;
/** One upstream call per window per server instance, however many listeners poll. */
export const NOW_PLAYING_CACHE_MS = 3_000;
/** s-maxage of /api/now-playing, seconds. No stale-while-revalidate: that would add a poll. */
export const NOW_PLAYING_SHARED_CACHE_S = 1;
/** After the stream stopped, the player asks again this much later: every cached answer has expired. */
export const NOW_PLAYING_RECHECK_MS = NOW_PLAYING_CACHE_MS + NOW_PLAYING_SHARED_CACHE_S * 1000 + 500;

/**
 * The push stream of now-playing changes (server-sent events; ADR 056), held by a page with live
 * on and no stream of its own telling it.
 */
export const NOW_PLAYING_PUSH = {
  path: "/api/now-playing/events",
  /** The instance reads its now-playing answer this often while anyone listens: its cache window. */
  checkMs: NOW_PLAYING_CACHE_MS,
  /** A comment line this often, so no proxy takes the stream for idle (nginx cuts at 60 s). */
  heartbeatMs: 15_000,
  /** A stream ends after this long; the browser opens a new one (through every limit again). */
  lifetimeMs: 5 * 60_000,
  /** The browser's wait before it opens the next stream (sent as `retry:`). */
  retryMs: 3_000,
  /** Streams one client address may hold at once; more are answered 429. */
  perAddress: 8,
} as const;

/**
 * The longest the page can show a track after its source stopped (network time aside): for a
 * page whose stream tells it, the recheck; for a paused page, the instance's window plus one
 * check of the push (without the push: a whole poll on top of the caches).
 */
export function nowPlayingOffAirWorstCaseMs({
  listening = true,
  push = true,
  pollMs = NOW_PLAYING_POLL_MS,
  instanceCacheMs = NOW_PLAYING_CACHE_MS,
  sharedCacheS = NOW_PLAYING_SHARED_CACHE_S,
  pushCheckMs = NOW_PLAYING_PUSH.checkMs,
} = {}): number {
  const cached = instanceCacheMs + sharedCacheS * 1000;
  if (listening) return Math.max(NOW_PLAYING_RECHECK_MS, cached);
  return push ? instanceCacheMs + pushCheckMs : pollMs + cached;
}
