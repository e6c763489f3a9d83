/**
 * Pure parsers for live now-playing payloads (docs/product.md §3 "Now-playing data: title, artist", §7, §8).
 *
 * Supported shapes:
 * - Live365 station API (`https://api.live365.com/station/<id>`): `{"current-track": {title, artist, art}}`
 * - AzuraCast now-playing API: `{now_playing: {song: {title, artist, art, text}}}` (or a list of stations)
 * - Icecast status-json.xsl: `{icestats: {source: {...} | [{...}]}}`, where `title` may be "Artist - Title"
 *
 * Anything invalid or empty gives `null`; the caller shows `nowPlayingOrFallback(...)` (docs/product.md §8).
 * Texts are plain text: whitespace and control characters are normalised, length is capped, and
 * markup is NOT interpreted or stripped — the view renders it as text (React escapes it).
 * Art is kept only when it is an absolute http(s) URL.
 */
import { z } from "zod";
import { buildNowPlaying, cleanText, splitArtistTitle, type NowPlaying } from "~/rules/now-playing";

const text = z.string().nullish();

const live365Schema = z.object({
  "current-track": z.object({ title: text, artist: text, art: text }),
});

export function parseLive365(payload: unknown): NowPlaying | null {
  const parsed = live365Schema.safeParse(payload);
  if (!parsed.success) return null;
  const track = parsed.data["current-track"];
  return buildNowPlaying(track.title, track.artist, track.art);
}

const azuraSongSchema = z.object({ title: text, artist: text, art: text, text });
const azuraStationSchema = z.object({ now_playing: z.object({ song: azuraSongSchema }) });
const azuraSchema = z.union([azuraStationSchema, z.array(azuraStationSchema).nonempty()]);

export function parseAzuraCast(payload: unknown): NowPlaying | null {
  const parsed = azuraSchema.safeParse(payload);
  if (!parsed.success) return null;
  const station = Array.isArray(parsed.data) ? parsed.data[0] : parsed.data;
  const { song } = station.now_playing;
  if (cleanText(song.title)) return buildNowPlaying(song.title, song.artist, song.art);
  const split = splitArtistTitle(song.text ?? "");
  return buildNowPlaying(split.title, song.artist || split.artist, song.art);
}

const icecastSourceSchema = z.object({
  title: z.union([z.string(), z.number()]).nullish(),
  artist: text,
  listenurl: text,
  server_name: text,
});
const icecastSchema = z.object({
  icestats: z.object({
    source: z.union([icecastSourceSchema, z.array(icecastSourceSchema)]).optional(),
  }),
});
type IcecastSource = z.infer<typeof icecastSourceSchema>;

/**
 * status-json.xsl writes characters beyond Latin-1 as numeric references (`&#9731;`), and a title
 * set with `admin/metadata?mode=updinfo` without `charset` is taken for Latin-1, so a playout tool
 * sending UTF-8 arrives encoded twice ("CafÃ©"). Both are undone; real Latin-1 text never forms
 * valid UTF-8 sequences, so it is left alone.
 */
export function icecastText(raw: string): string {
  const text = raw.replace(/&#(x[0-9a-f]{1,6}|\d{1,7});/gi, (ref, code: string) => {
    const point = code[0] === "x" || code[0] === "X" ? parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : ref;
  });
  if (/[^\u0000-\u00ff]/.test(text) || !/[\u00c2-\u00f4][\u0080-\u00bf]/.test(text)) return text;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(text, "latin1"));
  } catch {
    return text;
  }
}

/**
 * Icecast / status-json. With `mount`, that mount only (its source gone → null, never another
 * mount's song); without, the first source that has a title. A mount without a source is absent
 * from `source`, and a server without any source has no `source` at all.
 */
export function parseIcecast(payload: unknown, options: { mount?: string } = {}): NowPlaying | null {
  const parsed = icecastSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { source } = parsed.data.icestats;
  const sources: IcecastSource[] = source === undefined ? [] : Array.isArray(source) ? source : [source];
  const titleOf = (s: IcecastSource) => (s.title === null || s.title === undefined ? "" : icecastText(String(s.title)));
  const chosen = options.mount
    ? sources.find((s) => {
        // The stream may be proxied under a longer path (/radio/live for Icecast's /live).
        const path = mountOf(s.listenurl);
        return path !== null && path !== "/" && (path === options.mount || options.mount!.endsWith(path));
      })
    : sources.find((s) => cleanText(titleOf(s)));
  if (!chosen) return null;
  const raw = titleOf(chosen);
  if (chosen.artist) return buildNowPlaying(raw, icecastText(chosen.artist));
  const split = splitArtistTitle(raw);
  return buildNowPlaying(split.title, split.artist);
}

function mountOf(listenurl: string | null | undefined): string | null {
  try {
    return listenurl ? new URL(listenurl).pathname : null;
  } catch {
    return null;
  }
}

/** Any supported payload, tried in order Live365 → AzuraCast → Icecast. */
export function parseNowPlaying(payload: unknown): NowPlaying | null {
  return parseLive365(payload) ?? parseAzuraCast(payload) ?? parseIcecast(payload);
}
