/**
 * Pure helpers for player time display, seeking, speed and the share-time (`?t=`) parameter.
 */
import { CLIP_MAX_SECONDS, SPEED_DEFAULT, SPEED_MAX, SPEED_MIN, SPEED_STEP } from "../rules/player";

/**
 * docs/product.md §4 "Seeking ranges from 0 to the duration."
 * NaN → 0. With an unknown duration (0, NaN, Infinity) only the lower bound applies.
 */
export function clampSeek(t: number, duration: number): number {
  if (Number.isNaN(t)) return 0;
  const lower = Math.max(0, t);
  if (!Number.isFinite(duration) || duration <= 0) return Number.isFinite(lower) ? lower : 0;
  return Math.min(lower, duration);
}

/** A duration as the player keeps it: seconds, 0 when unknown (NaN, Infinity, negative). */
export function sanitizeDuration(d: unknown): number {
  return typeof d === "number" && Number.isFinite(d) && d > 0 ? d : 0;
}

/** Playback rate snapped to the 0.25 grid within 0.5–3; junk → 1. */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return SPEED_DEFAULT;
  const snapped = Math.round(rate / SPEED_STEP) * SPEED_STEP;
  return Math.min(SPEED_MAX, Math.max(SPEED_MIN, snapped));
}

/** One speed step up (+1) or down (−1), within the limits. */
export function stepRate(rate: number, direction: 1 | -1): number {
  return clampRate(clampRate(rate) + direction * SPEED_STEP);
}

/** Longest accepted `?t=` value: 9 digits (~31 years) — anything longer is junk, not a time. */
const SHARE_TIME = /^\d{1,9}$/;

/**
 * The `?t=` share-time parameter: whole non-negative seconds, else null.
 * Junk ("abc", "-5", "1e9999", "12.5", "12.5.3", "", "0x10") → null. Surrounding spaces are ignored.
 */
export function parseShareTime(raw: string | null | undefined): number | null {
  if (typeof raw !== "string") return null;
  const s = raw.trim();
  return SHARE_TIME.test(s) ? Number(s) : null;
}

/**
 * A clip's `&end=`: whole seconds after its start (`?t=`, 0 when absent) and at most
 * CLIP_MAX_SECONDS later, else null. Like `?t=`, junk is ignored, never an error.
 */
export function parseClipEnd(start: number | null, raw: string | null | undefined): number | null {
  const end = parseShareTime(raw);
  const from = start ?? 0;
  return end !== null && end > from && end - from <= CLIP_MAX_SECONDS ? end : null;
}
