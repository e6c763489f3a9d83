import { z } from "zod";
import { isPlayed, LIBRARY_TITLE_MAX, LIBRARY_URL_MAX } from "~/rules/library";
import type { PositionWrite } from "./positions.server";
import { isPlayerSpeed } from "~/rules/player";
import { LISTENING_ERAS, LISTENING_SPAN_ID, LISTENING_SPAN_MAX_S } from "~/rules/listening";

/** A playable audio source: a same-site path or an http(s) URL, sane length, no control characters. */
export const audioSrcSchema = z
  .string()
  .trim()
  .min(1)
  .max(LIBRARY_URL_MAX)
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "control characters")
  .refine(
    (v) => (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\//i.test(v),
    "must be a path or an http(s) URL",
  );

/** Text a listener's library keeps: no U+0000, which PostgreSQL text cannot hold. */
const noNul = (v: string) => !v.includes("\u0000");
const title = z.string().trim().min(1).max(LIBRARY_TITLE_MAX).refine(noNul, "U+0000");
const finiteOrZero = z.preprocess((v) => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.min(n, 1e7) : 0;
}, z.number());

/**
 * The favorite form (docs/product.md §4 Favorites): intent, audio source and title, which name the catalog's
 * episode (what is stored is the catalog's, never the form's).
 */
export const favoriteFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), audioSrc: audioSrcSchema, title }),
  z.object({ intent: z.literal("remove"), audioSrc: audioSrcSchema }),
]);

/**
 * docs/product.md §3 ActiveAudioSync write; §5 "Duration written to the sync record is 0 when it is not a
 * finite number. Undefined fields are stripped before the write." `at` is the client's capture time.
 */
export const progressSchema = z.object({
  AudioTitle: z.string().trim().max(LIBRARY_TITLE_MAX).refine(noNul, "U+0000").default(""),
  Duration: finiteOrZero,
  AudioImg: z
    .string()
    .trim()
    .max(LIBRARY_URL_MAX)
    .refine((v) => v === "" || (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\//i.test(v))
    .default(""),
  AudioSrc: audioSrcSchema,
  currentTime: finiteOrZero,
  at: z.coerce.number().int().positive().max(8.64e15),
  // The page's listening to the episode (rules/listening.ts): a junk part is dropped, never the position.
  listenId: z.string().regex(LISTENING_SPAN_ID).optional().catch(undefined),
  listened: z.coerce
    .number()
    .positive()
    .transform((n) => Math.min(n, LISTENING_SPAN_MAX_S))
    .optional()
    .catch(undefined),
  era: z.enum(LISTENING_ERAS).optional().catch(undefined),
});
export type ProgressInput = z.infer<typeof progressSchema>;

/** A speed chosen in an era: one the player offers, in an era it keeps speeds for. `at`: the client's time (ms). */
export const speedSchema = z.object({
  era: z.enum(LISTENING_ERAS),
  speed: z.coerce.number().refine(isPlayerSpeed, "not a speed the player offers"),
  at: z.coerce.number().int().positive().max(8.64e15),
});

/** An episode's own position from a progress write: played at the end or past its last 30 s. */
export const positionOf = (sync: Omit<ProgressInput, "at">): PositionWrite => ({
  audioSrc: sync.AudioSrc,
  audioTitle: sync.AudioTitle,
  position: sync.currentTime,
  duration: sync.Duration,
  played: isPlayed(sync.currentTime, sync.Duration),
});

/**
 * The played/unplayed form: the episode by its audio source and title (checked
 * against the catalog), and where to go back to without JavaScript.
 */
export const playedFormSchema = z.object({
  intent: z.enum(["played", "unplayed"]),
  audioSrc: audioSrcSchema,
  title,
});

/** Fields present in a form or JSON body, with undefined ones stripped. */
export function fieldsOf(body: FormData | Record<string, unknown>): Record<string, unknown> {
  const entries = body instanceof FormData ? [...body.entries()] : Object.entries(body);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined && v !== null));
}

/**
 * An Up Next form (ADR 034): "Play next" / "Add to Up Next" name a catalog episode by source and
 * title; move (to a 0-based position), remove and clear name the queued episode by source.
 */
export const upNextFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("next"), audioSrc: audioSrcSchema, title }),
  z.object({ intent: z.literal("last"), audioSrc: audioSrcSchema, title }),
  z.object({ intent: z.literal("move"), audioSrc: audioSrcSchema, to: z.coerce.number().int().min(0).max(10_000) }),
  z.object({ intent: z.literal("remove"), audioSrc: audioSrcSchema }),
  z.object({ intent: z.literal("clear") }),
]);
