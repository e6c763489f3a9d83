/**
 * Pure parsers for live now-playing payloads (SPEC §3 "Now-playing data: title, artist", §7, §8).
 *
 * Supported shapes:
 * - Live365 station API (`https://api.live365.com/station/<id>`): `{"current-track": {title, artist, art}}`
 * - AzuraCast now-playing API: `{now_playing: {song: {title, artist, art, text}}}` (or a list of stations)
 * - Icecast status-json.xsl: `{icestats: {source: {...} | [{...}]}}`, where `title` may be "Artist - Title"
 *
 * Anything invalid or empty gives `null`; the caller shows `nowPlayingOrFallback(...)` (SPEC §8).
 * Texts are plain text: whitespace and control characters are normalised, length is capped, and
 * markup is NOT interpreted or stripped — the view renders it as text (React escapes it).
 * Art is kept only when it is an absolute http(s) URL.
 */
import { z } from "zod";
import { NOW_PLAYING_FALLBACK } from "../rules/player";

export interface NowPlaying {
  title: string;
  artist: string;
  art?: string;
}

/** Longest title/artist kept (characters); longer text is cut and ends with "…". */
export const NOW_PLAYING_MAX_LENGTH = 200;
/** Longest art URL kept. */
const MAX_URL_LENGTH = 2048;

const text = z.string().nullish();

/** Plain, single-line, length-capped text. */
export function cleanText(value: string | null | undefined): string {
  if (!value) return "";
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g, " ").replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= NOW_PLAYING_MAX_LENGTH) return flat;
  return `${chars.slice(0, NOW_PLAYING_MAX_LENGTH - 1).join("").trimEnd()}…`;
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
function build(title: string | null | undefined, artist: string | null | undefined, art?: string | null): NowPlaying | null {
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

const live365Schema = z.object({
  "current-track": z.object({ title: text, artist: text, art: text }),
});

export function parseLive365(payload: unknown): NowPlaying | null {
  const parsed = live365Schema.safeParse(payload);
  if (!parsed.success) return null;
  const track = parsed.data["current-track"];
  return build(track.title, track.artist, track.art);
}

const azuraSongSchema = z.object({ title: text, artist: text, art: text, text });
const azuraStationSchema = z.object({ now_playing: z.object({ song: azuraSongSchema }) });
const azuraSchema = z.union([azuraStationSchema, z.array(azuraStationSchema).nonempty()]);

export function parseAzuraCast(payload: unknown): NowPlaying | null {
  const parsed = azuraSchema.safeParse(payload);
  if (!parsed.success) return null;
  const station = Array.isArray(parsed.data) ? parsed.data[0] : parsed.data;
  const { song } = station.now_playing;
  if (cleanText(song.title)) return build(song.title, song.artist, song.art);
  const split = splitArtistTitle(song.text ?? "");
  return build(split.title, song.artist || split.artist, song.art);
}

const icecastSourceSchema = z.object({
  title: z.union([z.string(), z.number()]).nullish(),
  artist: text,
  listenurl: text,
  server_name: text,
});
const icecastSchema = z.object({
  icestats: z.object({
    source: z.union([icecastSourceSchema, z.array(icecastSourceSchema)]),
  }),
});
type IcecastSource = z.infer<typeof icecastSourceSchema>;

/**
 * Icecast / status-json. With several mounts, the one whose listenurl ends with `mount` is used,
 * else the first source that has a title.
 */
export function parseIcecast(payload: unknown, options: { mount?: string } = {}): NowPlaying | null {
  const parsed = icecastSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { source } = parsed.data.icestats;
  const sources: IcecastSource[] = Array.isArray(source) ? source : [source];
  const titleOf = (s: IcecastSource) => (s.title === null || s.title === undefined ? "" : String(s.title));
  const byMount = options.mount ? sources.find((s) => s.listenurl?.endsWith(options.mount!)) : undefined;
  const chosen = byMount ?? sources.find((s) => cleanText(titleOf(s)));
  if (!chosen) return null;
  const raw = titleOf(chosen);
  if (chosen.artist) return build(raw, chosen.artist);
  const split = splitArtistTitle(raw);
  return build(split.title, split.artist);
}

/** Any supported payload, tried in order Live365 → AzuraCast → Icecast. */
export function parseNowPlaying(payload: unknown): NowPlaying | null {
  return parseLive365(payload) ?? parseAzuraCast(payload) ?? parseIcecast(payload);
}

/** SPEC §8: invalid or missing now-playing data shows 'The Ham Radio Show' / 'Live Radio'. */
export function nowPlayingOrFallback(value: NowPlaying | null | undefined): NowPlaying {
  return value ?? { ...NOW_PLAYING_FALLBACK };
}
