import { STATIONS, type Station } from "./eras";

/**
 * The show as podcast directories list it (ADR 017): three kinds of feed — the whole show, one
 * per era, and Cold Cut — each an RSS 2.0 feed with the iTunes and Podcasting 2.0 namespaces.
 */
export const PODCAST = {
  title: "The Ham Radio Show",
  author: "The Ham Radio Show",
  language: "en-us",
  description:
    "The Most Dangerous Radio Today: an internet talk-radio show about ham radio, weird news and whatever the crew argues about that night. Every episode since 2010, from GOOM Radio to UFRN.",
  coldCutTitle: "Cold Cut — The Ham Radio Show",
  coldCutDescription:
    "Cold Cut: short cuts from The Ham Radio Show archive — the bits listeners still ask for, a few minutes each.",
  /** Apple Podcasts' category list: a top category, optionally with one of its subcategories. */
  categories: [["Comedy"], ["Leisure", "Hobbies"]] as const,
  /** The channel carries CanBa Show episodes (docs/product.md §2: cannabis, 21+). */
  explicit: true,
  /** Newest first, grouped by era; never a serial to be heard in order. */
  type: "episodic",
  /** Directories must not let anyone else import these feeds. */
  locked: true,
} as const;

/** The whole show's feed and Cold Cut's; an era's is eraFeedLink() (./eras.ts). */
export const SHOW_FEED_PATH = "/rss";
export const COLD_CUT_FEED_PATH = "/rss/coldcut";

/** Podcasting 2.0: `podcast:guid` is a UUIDv5 of the feed URL in this namespace. */
export const PODCAST_GUID_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/** What `podcast:guid` hashes: the feed URL without its scheme and trailing slashes. */
export function podcastGuidName(feedUrl: string): string {
  return feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, "");
}

/** An era is a season of the show: GOOM Radio 1 … UFRN 4. */
export function seasonOf(era: Station): number {
  return STATIONS.indexOf(era) + 1;
}

/** The episode number a title carries ("Episode 8: The Great Antenna Heist" → 8), or null. */
export function episodeNumber(title: string): number | null {
  const n = /^\s*Episode\s+(\d{1,6})\s*:/i.exec(title);
  return n ? Number(n[1]) : null;
}

/**
 * A crew member's `podcast:person` role and group, from the Podcasting 2.0 taxonomy, read off
 * their job title; null when the job names none of these (no person is better than a wrong role).
 */
const ROLES: [RegExp, { role: string; group: string }][] = [
  [/\bco-?host\b/i, { role: "co-host", group: "cast" }],
  [/\bhost\b/i, { role: "host", group: "cast" }],
  [/\bproducer\b/i, { role: "producer", group: "creative direction" }],
  [/\bsound effects?\b|\bfoley\b/i, { role: "foley artist", group: "audio post-production" }],
  [/\bengineer\b/i, { role: "audio engineer", group: "audio production" }],
  [/\bnews\b|\bcorrespondent\b|\breporter\b/i, { role: "reporter", group: "cast" }],
  [/\bsocial media\b/i, { role: "social media manager", group: "community" }],
];

export function crewRole(job: string): { role: string; group: string } | null {
  return ROLES.find(([pattern]) => pattern.test(job))?.[1] ?? null;
}

/** The enclosure type directories expect for the audio file's extension (MP3 when unknown). */
export function audioType(url: string): string {
  const ext = url.split(/[?#]/)[0]!.split(".").pop()?.toLowerCase();
  switch (ext) {
    case "m4a":
    case "mp4":
      return "audio/x-m4a";
    case "aac":
      return "audio/aac";
    case "ogg":
    case "opus":
      return "audio/ogg";
    default:
      return "audio/mpeg";
  }
}

/**
 * Podcasting 2.0 `podcast:funding`: where a listener can support the show. The show has no
 * support page of its own in the data, so the operator sets PODCAST_FUNDING_URL; this default is
 * the content site's support page.
 */
export const FUNDING = {
  message: "Support The Ham Radio Show",
  defaultUrl: "https://www.hamradioshow.net/support/",
} as const;

/** The live stream as the show's feed announces it (`podcast:liveItem`). */
export const LIVE_ITEM = {
  title: "The Ham Radio Show — live",
  description: "The live stream of The Ham Radio Show: whatever is on the air right now.",
  contentLinkText: "Listen live on the show's site",
} as const;

/**
 * What the feed says about the live stream: on the air since `start`, or off the air since `end`
 * (the broadcast that started at `start`). Only what this server saw: never a guessed schedule.
 */
export interface LiveStatus {
  status: "live" | "ended";
  start: Date;
  end?: Date;
}

/**
 * The live status after one now-playing reading at `now`: a broadcast starts when the stream is
 * first seen on the air and ends when it is first seen off it. Before any broadcast was seen there
 * is nothing to announce (null).
 */
export function nextLiveStatus(previous: LiveStatus | null, onAir: boolean, now: Date): LiveStatus | null {
  if (onAir) return previous?.status === "live" ? previous : { status: "live", start: now };
  if (previous?.status === "live") return { status: "ended", start: previous.start, end: now };
  return previous;
}
