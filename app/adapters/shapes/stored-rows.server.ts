import type { Content, Gallery } from "~/services/content.server";
import type { CrewMember, Episode, Sponsor } from "~/services/types";
import { episodeImage } from "~/rules/episodes";
import { parseStation } from "~/rules/eras";
import { parseSoundbites } from "~/rules/soundbites";
import { CATEGORY, HOME_NEWS_CATEGORIES, SLIDER_CATEGORIES } from "~/rules/news";
import { crewRowSchema, mapCrewRow, mapSponsorRow, sponsorRowSchema } from "./catalog-rows.server";
import { mapGalleryPost, mapNewsPost, mapSliderItem, wpPostSchema, type WpPost } from "./wordpress.server";

/**
 * What the embedded stores (SQLite and PostgreSQL) keep, mapped to domain types the same way
 * whichever engine read it: an episode row's columns, and the JSON of sponsors, crew and posts
 * (a string from SQLite, a parsed value from PostgreSQL's jsonb).
 */
export interface EpisodeDbRow {
  series: "main" | "coldcut";
  object_id: string;
  title: string;
  description: string;
  subtext: string;
  episode_url: string;
  podcast_image: string | null;
  background_image: string | null;
  /** ISO date-time. */
  pubdate: string;
  canbashow: number | boolean;
  era: string | null;
  duration: number;
  file_size: number | null;
  chapters_url: string | null;
  transcript_url: string | null;
  /** JSON text of the soundbites, when the episode has any. */
  soundbites: string | null;
}

export function toEpisode(r: EpisodeDbRow): Episode {
  return {
    id: r.object_id,
    title: r.title,
    description: r.description,
    subtext: r.subtext,
    audioUrl: r.episode_url,
    image: episodeImage(r.podcast_image, r.background_image),
    backgroundImage: r.background_image || episodeImage(r.podcast_image),
    pubdate: r.pubdate,
    canbashow: r.canbashow === 1 || r.canbashow === true,
    era: parseStation(r.era),
    duration: r.duration,
    fileSize: r.file_size,
    coldcut: r.series === "coldcut",
    chaptersUrl: r.chapters_url,
    transcriptUrl: r.transcript_url,
    soundbites: parseSoundbites(r.soundbites),
  };
}

const json = (data: unknown): unknown => (typeof data === "string" ? JSON.parse(data) : data);

export function toCrewMember(data: unknown): CrewMember | null {
  const r = crewRowSchema.safeParse(json(data));
  return r.success ? mapCrewRow(r.data) : null;
}

export function toSponsor(data: unknown): Sponsor | null {
  const r = sponsorRowSchema.safeParse(json(data));
  return r.success ? mapSponsorRow(r.data) : null;
}

export function toWpPost(data: unknown): WpPost | null {
  const r = wpPostSchema.safeParse(json(data));
  return r.success ? r.data : null;
}

/** The posts of one source ('content' or 'gallery') as an embedded store answers them. */
export interface StoredPosts {
  /** Newest first. */
  list(categories: readonly number[], limit?: number): Promise<WpPost[]>;
  bySlug(slug: string): Promise<WpPost | null>;
  byId(id: number): Promise<WpPost | null>;
}

export function contentFromPosts(q: StoredPosts): Content {
  return {
    async slider() {
      return (await q.list(SLIDER_CATEGORIES)).map(mapSliderItem).filter((s) => s.image !== "");
    },
    async latestNews(limit) {
      return (await q.list(HOME_NEWS_CATEGORIES, limit)).map((p) => mapNewsPost(p));
    },
    async newsTab(tab) {
      return (await q.list([CATEGORY[tab]])).map((p) => mapNewsPost(p));
    },
    async postBySlug(slug) {
      const post = await q.bySlug(slug);
      return post ? mapNewsPost(post) : null;
    },
  };
}

export function galleryFromPosts(q: StoredPosts): Gallery {
  return {
    async posts() {
      return (await q.list([CATEGORY.gallery])).map((p) => mapGalleryPost(p));
    },
    async postById(id) {
      const post = await q.byId(id);
      return post ? mapGalleryPost(post) : null;
    },
    async postBySlug(slug) {
      const post = await q.bySlug(slug);
      return post ? mapGalleryPost(post) : null;
    },
  };
}
