/**
 * Now-playing data without any parsing library (so the browser bundle stays small): the type,
 * text cleaning, the docs/product.md §8 fallback and the check of this app's own /api/now-playing answer.
 * The upstream parsers (Live365, AzuraCast, Icecast) are in the now-playing adapter.
 */
import { NOW_PLAYING_FALLBACK } from "./player";

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
