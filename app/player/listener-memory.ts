/**
 * This browser's memory of its listener (app/rules/listener-memory.ts): reading and writing
 * localStorage, and checking what comes back. Storage is someone else's ground: it may be missing,
 * refused (a cross-origin frame, privacy modes throw SecurityError on the mere property access),
 * full, or hold anything a past version or another script left there. Every access is guarded;
 * whatever goes wrong reads as "nothing remembered" and a write that fails is dropped.
 */
import { LISTENER_STORAGE_KEYS } from "~/rules/listener-memory";
import type { EpisodeMedia, RememberedPreferences } from "./machine";

type Key = (typeof LISTENER_STORAGE_KEYS)[keyof typeof LISTENER_STORAGE_KEYS];

export function readStored(key: Key): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeStored(key: Key, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Refused or full: the listener keeps playing; this visit is simply not remembered.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 2_000) => (typeof v === "string" && v.length <= max ? v : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** At most this many eras are read back (there are five; anything beyond is not ours). */
const SPEED_ERAS_MAX = 16;

export function parsePreferences(volume: unknown, speeds: unknown): RememberedPreferences {
  const out: RememberedPreferences = {};
  if (isRecord(volume)) {
    const v = num(volume.volume);
    if (v !== undefined) out.volume = v;
    if (typeof volume.muted === "boolean") out.muted = volume.muted;
  }
  if (isRecord(speeds)) {
    const entries = Object.entries(speeds)
      .filter(([era, rate]) => era.length <= 40 && num(rate) !== undefined)
      .slice(0, SPEED_ERAS_MAX);
    if (entries.length) out.speeds = Object.fromEntries(entries) as Record<string, number>;
  }
  return out;
}

/** Only a same-origin path or an http(s) address plays: a stored `javascript:` is nobody's episode. */
function playableSrc(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  if (s.startsWith("/") && !s.startsWith("//")) return s;
  try {
    const url = new URL(s);
    return url.protocol === "https:" || url.protocol === "http:" ? s : undefined;
  } catch {
    return undefined;
  }
}

export function parseLastEpisode(value: unknown): { media: EpisodeMedia; time: number } | null {
  if (!isRecord(value) || !isRecord(value.media)) return null;
  const m = value.media;
  const src = playableSrc(m.src);
  const title = str(m.title, 500);
  if (!src || title === undefined) return null;
  const media: EpisodeMedia = {
    src,
    title,
    image: str(m.image),
    backgroundImage: str(m.backgroundImage),
    description: str(m.description, 20_000),
    coldcut: m.coldcut === true,
    era: str(m.era, 40) ?? null,
    duration: num(m.duration),
    chaptersUrl: str(m.chaptersUrl) ?? null,
  };
  return { media, time: num(value.time) ?? 0 };
}
