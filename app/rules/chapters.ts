import { safeUrl } from "./urls";

/** Podcasting 2.0 JSON chapters: the media type feeds and the files carry. */
export const CHAPTERS_TYPE = "application/json+chapters";
/** Where the site's own chapter files are, and the address it serves them from (with absolute pictures). */
export const MEDIA_CHAPTERS_PREFIX = "/media/chapters/";
export const CHAPTERS_PATH_PREFIX = "/chapters/";
const CHAPTERS_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json$/;

/**
 * The address podcast apps and the player get for an episode's chapters: a file of the site's own
 * goes through /chapters/, which writes its pictures as absolute URLs (a podcast app reads a
 * picture's URL on its own, with no page to resolve "/media/…" against). A file of the show's
 * host is served as it is.
 */
export function servedChaptersUrl(url: string): string {
  const name = url.startsWith(MEDIA_CHAPTERS_PREFIX) ? url.slice(MEDIA_CHAPTERS_PREFIX.length) : null;
  return name !== null && CHAPTERS_FILE.test(name) ? `${CHAPTERS_PATH_PREFIX}${name}` : url;
}

/** The site file behind a /chapters/<name> address, or null for a name that is not one. */
export const mediaChaptersFile = (name: string): string | null =>
  CHAPTERS_FILE.test(name) ? `${MEDIA_CHAPTERS_PREFIX}${name}` : null;

/** A chapter's picture as an absolute URL (relative ones against `origin`); null when it is not http(s). */
export function absoluteImage(img: string | null, origin: string): string | null {
  if (!img) return null;
  try {
    const url = new URL(img, origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A Podcasting 2.0 chapters document of `chapters`, every picture absolute. */
export function chaptersDocument(chapters: readonly Chapter[], origin: string) {
  return {
    version: "1.2.0",
    chapters: chapters.map((c) => {
      const img = absoluteImage(c.img, origin);
      return img ? { startTime: c.startTime, title: c.title, img } : { startTime: c.startTime, title: c.title };
    }),
  };
}

/** More than any real show has; past it a file is cut, not trusted to be sane. */
export const CHAPTERS_MAX = 500;

export interface Chapter {
  /** Seconds from the start. */
  startTime: number;
  title: string;
  /** A picture for the chapter, when it has one. */
  img: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The chapters of a Podcasting 2.0 chapters document, in time order. Entries without a finite
 * start or a title, and the ones the format marks `toc: false` (not for a table of contents), are
 * left out; an unsafe picture URL counts as none. Not a chapters document: none.
 */
export function parseChapters(data: unknown): Chapter[] {
  if (!isRecord(data) || !Array.isArray(data.chapters)) return [];
  const chapters: Chapter[] = [];
  for (const c of data.chapters.slice(0, CHAPTERS_MAX)) {
    if (!isRecord(c) || c.toc === false) continue;
    const start = typeof c.startTime === "string" ? Number(c.startTime) : c.startTime;
    const title = typeof c.title === "string" ? c.title.trim() : "";
    if (typeof start !== "number" || !Number.isFinite(start) || start < 0 || !title) continue;
    chapters.push({ startTime: start, title, img: typeof c.img === "string" ? safeUrl(c.img) : null });
  }
  return chapters.sort((a, b) => a.startTime - b.startTime);
}

/** The index of the chapter playing at `time` (seconds), or -1 before the first. */
export function chapterIndexAt(chapters: readonly Pick<Chapter, "startTime">[], time: number): number {
  let found = -1;
  for (let i = 0; i < chapters.length && chapters[i]!.startTime <= time; i++) found = i;
  return found;
}

/**
 * Where "previous chapter" goes: the start of the current chapter, or of the one before when
 * the current one began less than `grace` seconds ago (as a CD player's back button).
 */
export function previousChapterStart(chapters: readonly Chapter[], time: number, grace = 3): number {
  const i = chapterIndexAt(chapters, time);
  if (i < 0) return 0;
  const current = chapters[i]!.startTime;
  return time - current < grace && i > 0 ? chapters[i - 1]!.startTime : current;
}

/** Where "next chapter" goes, or null in the last one. */
export function nextChapterStart(chapters: readonly Chapter[], time: number): number | null {
  return chapters[chapterIndexAt(chapters, time) + 1]?.startTime ?? null;
}
