import { z } from "zod";
import { parseStation } from "~/rules/eras";
import { episodeImage } from "~/rules/episodes";
import { parseSoundbites } from "~/rules/soundbites";
import { isSafeUrl, safeUrl } from "~/rules/urls";
import type { CrewMember, Episode, Sponsor } from "~/services/types";

/**
 * Row shapes of the show's data service (docs/product.md §3, column names as the seed spells them).
 * The bundled sample catalog uses the same shapes, so one mapping serves the embedded
 * database and the remote data service. Lenient where the real data is: optional fields
 * default, junk rows fail validation and are skipped by the caller.
 */
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
/** An image URL: unsafe schemes (javascript:, data: …) are dropped (the default image shows). */
const imageUrl = z
  .string()
  .nullish()
  .transform((v) => safeUrl(v));
/** A link the page follows: a row with an unsafe one is junk and skipped. */
const linkUrl = z.string().min(1).refine(isSafeUrl, "must be an http(s) or relative URL");
const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = typeof v === "string" ? Number(v) : (v ?? 0);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  });

export const episodeRowSchema = z.object({
  id: z.union([z.number(), z.string()]),
  objectID: z.union([z.string(), z.number()]).nullish(),
  title: z.string().min(1),
  description: text,
  subtext: text,
  EpisodeUrl: linkUrl,
  PodcastImage: imageUrl,
  backgroundImage: imageUrl,
  pubdate: z.string().min(1),
  canbashow: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  era: z.string().nullish(),
  EpisodeDuration: num,
  EpisodeSize: num.optional(),
  /** Optional columns: an unsafe or empty URL counts as none. */
  ChaptersUrl: imageUrl.optional(),
  TranscriptUrl: imageUrl.optional(),
  /** `[{ startTime, duration, title }]` (a JSON column): junk entries are left out, not the row. */
  Soundbites: z.unknown().optional(),
});
export type EpisodeRow = z.infer<typeof episodeRowSchema>;

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === "true" || v === "1" || v === "TRUE";
}

export function mapEpisodeRow(row: EpisodeRow, coldcut: boolean): Episode {
  const pub = new Date(row.pubdate);
  return {
    id: String(row.objectID ?? row.id),
    title: row.title,
    description: row.description,
    subtext: row.subtext,
    audioUrl: row.EpisodeUrl,
    image: episodeImage(row.PodcastImage, row.backgroundImage),
    backgroundImage: row.backgroundImage?.trim() || episodeImage(row.PodcastImage),
    pubdate: Number.isNaN(pub.getTime()) ? new Date(0).toISOString() : pub.toISOString(),
    canbashow: truthy(row.canbashow),
    era: parseStation(row.era ?? null),
    duration: Math.round(row.EpisodeDuration),
    fileSize: row.EpisodeSize ? Math.round(row.EpisodeSize) : null,
    coldcut,
    chaptersUrl: row.ChaptersUrl ?? null,
    transcriptUrl: row.TranscriptUrl ?? null,
    soundbites: parseSoundbites(row.Soundbites),
  };
}

export const sponsorRowSchema = z.object({
  id: z.union([z.number(), z.string()]),
  Name: z.string().nullish(),
  SponsorLogo: linkUrl,
  SPNSRLink: linkUrl,
  SponsorStyle: z.object({ BGColor: text, BannerBG: text, BannerTextColor: text }).partial().nullish(),
});

const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\))$/i;
function safeColor(value: string | undefined, fallback: string): string {
  return value && CSS_COLOR.test(value.trim()) ? value.trim() : fallback;
}

export function mapSponsorRow(row: z.infer<typeof sponsorRowSchema>): Sponsor {
  const style = row.SponsorStyle ?? {};
  return {
    id: String(row.id),
    name: row.Name ?? "Our sponsor",
    logo: row.SponsorLogo,
    link: row.SPNSRLink,
    style: {
      bgColor: safeColor(style.BGColor, "#111111"),
      bannerBg: safeColor(style.BannerBG, "#1b1b1b"),
      bannerTextColor: safeColor(style.BannerTextColor, "#ffffff"),
    },
  };
}

export const dpbSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .nullish()
  .transform((m) =>
    m == null ? null : Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v == null ? "" : String(v)])),
  );

export const crewRowSchema = z.object({
  id: z.union([z.number(), z.string()]),
  Name: z.string().min(1),
  Job: text,
  ProfileImg: imageUrl.transform((v) => v ?? ""),
  HeaderBGImage: imageUrl.transform((v) => v ?? ""),
  Bio: text,
  DPB: dpbSchema,
});

export function mapCrewRow(row: z.infer<typeof crewRowSchema>): CrewMember {
  return {
    id: String(row.id),
    name: row.Name,
    job: row.Job,
    profileImg: row.ProfileImg,
    headerBgImage: row.HeaderBGImage,
    bio: row.Bio,
    dpb: row.DPB,
  };
}

/** Parse a list of rows, skipping (and reporting) the ones that do not fit the shape. */
export function parseRows<S extends z.ZodTypeAny>(
  schema: S,
  rows: unknown,
  what: string,
  log: (msg: string) => void = console.warn,
): z.infer<S>[] {
  if (!Array.isArray(rows)) throw new Error(`${what}: expected a list`);
  const out: z.infer<S>[] = [];
  rows.forEach((row, i) => {
    const r = schema.safeParse(row);
    if (r.success) out.push(r.data);
    else log(`${what}[${i}] skipped: ${r.error.issues[0]?.path.join(".")} ${r.error.issues[0]?.message}`);
  });
  return out;
}
