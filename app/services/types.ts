/**
 * Domain types shared by services (server) and views (browser). Adapters map their
 * source's shapes (docs/product.md §3 field names) into these.
 */
import type { ImageSource } from "~/rules/artwork";
import type { EraInfo, Station } from "~/rules/eras";
import type { NewsType } from "~/rules/news";
import type { SlideTarget } from "~/rules/slider";
import type { Soundbite } from "~/rules/soundbites";

export interface Episode {
  /** objectID of docs/product.md §3 (stable across services). */
  id: string;
  title: string;
  description: string;
  subtext: string;
  audioUrl: string;
  image: string;
  backgroundImage: string;
  /** ISO date-time. */
  pubdate: string;
  canbashow: boolean;
  era: Station | null;
  /** Seconds; 0 when unknown. */
  duration: number;
  /** Bytes of the audio file when known (RSS enclosure length). */
  fileSize: number | null;
  coldcut: boolean;
  /** Podcasting 2.0 JSON chapters (a site path or a URL), when the episode has them. */
  chaptersUrl: string | null;
  /** A WebVTT transcript (a site path or a URL), when the episode has one. */
  transcriptUrl: string | null;
  /** Podcasting 2.0 soundbites the show picked, in time order (none: empty). */
  soundbites: Soundbite[];
}

/**
 * What an episode card shows and plays: the episode without its full description, which a card
 * only shows cut to its first words (docs/product.md §5). Loaders send this, not whole episodes, to lists.
 */
/** What a card (and the player it starts) needs of an episode: no description, subtext, date or size. */
export type EpisodeCardData = Pick<
  Episode,
  "id" | "title" | "audioUrl" | "image" | "backgroundImage" | "era" | "duration" | "coldcut" | "chaptersUrl"
> & {
  summary: string;
  /** The episode's date (ISO, and as a card shows it), null when unknown (a favorite no longer in the catalog). */
  date: { iso: string; text: string } | null;
  /** Its number in the show, when its title gives one. */
  number: number | null;
};

/** A text with its matched words (search results): plain and matched parts alternate, plain first. */
export type Marked = string[];

/** One of the search box's suggestions: an episode's title (matched words marked) and its page. */
export interface Suggestion {
  title: Marked;
  href: string;
  coldcut: boolean;
}

export interface Sponsor {
  id: string;
  name: string;
  logo: string;
  link: string;
  style: { bgColor: string; bannerBg: string; bannerTextColor: string };
}

export interface CrewMember {
  id: string;
  name: string;
  job: string;
  profileImg: string;
  headerBgImage: string;
  bio: string;
  dpb: Record<string, string> | null;
}

export interface SliderItem {
  id: string;
  image: string;
  caption: string;
  /** acf.sliderurl: where a click goes (docs/product.md §2 Slider). */
  url: string | null;
}

/** A slide as the home page shows it: where a click goes is decided on the server (docs/product.md §2 Slider). */
export type SlideCardData = Omit<SliderItem, "url"> & {
  target: SlideTarget;
  /** Smaller encodings of the image for `<picture>`, when there are any. */
  sources: ImageSource[];
};

export interface NewsPost {
  id: string;
  slug: string;
  type: NewsType | null;
  title: string;
  /** Sanitized HTML. */
  contentHtml: string;
  excerpt: string;
  date: string;
  image: string | null;
}

/** An era card: the era's tile and its page (chosen on the server, like the news card's). */
export type EraCardData = Pick<EraInfo, "station" | "years" | "image" | "accent"> & { href: string };

/** A news card (docs/product.md §2 Cards, §5 "title/subtext cut to 15 characters"): no post body. */
export type NewsCardData = Pick<NewsPost, "id" | "title" | "image"> & {
  /** The post's page, by its type (chosen on the server: the browser needs no link rules for it). */
  href: string;
  titleShort: string;
  excerptShort: string;
};

export interface GalleryPost {
  id: string;
  slug: string;
  title: string;
  date: string;
  image: string | null;
  /** Sanitized HTML. */
  contentHtml: string;
  media: GalleryMedia[];
}

export type GalleryMedia =
  | { kind: "image"; src: string; alt: string; width: number | null; height: number | null }
  | { kind: "video"; src: string; poster: string | null };

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** Configuration the browser may see (no secrets). */
export interface PublicConfig {
  liveStreamUrl: string;
  contentSiteUrl: string;
  helpUrl: string;
  specialFeatureUrl: string;
  aboutVideoUrl: string;
  /** The show's page on Spotify (Spotify cannot subscribe to a feed URL); null: not offered. */
  spotifyShowUrl: string | null;
  /**
   * The Firebase web app (ACCOUNTS_SOURCE=firebase with FIREBASE_APP_ID): popup sign-in when
   * `authDomain` is set, Firebase Analytics when `measurementId` is; `authEmulator` in tests only.
   */
  firebase: {
    apiKey: string;
    projectId: string;
    appId: string;
    authDomain: string | null;
    measurementId: string | null;
    authEmulator: string | null;
  } | null;
  /** Web analytics (off: null). `askConsent`: nothing is sent, and nothing stored, before the listener agrees. */
  analytics: {
    provider: "firebase" | "plausible";
    endpoint: string | null;
    domain: string | null;
    askConsent: boolean;
  } | null;
}

/** docs/product.md §3 user record at users/<uid>. */
export interface UserRecord {
  audioTitle: string;
  audioSrc: string;
  duration: number;
}

/** docs/product.md §3 ActiveAudioSync at users/<uid>/ActiveAudioSync. */
export interface ActiveAudioSync {
  AudioTitle: string;
  Duration: number;
  AudioImg: string;
  AudioSrc: string;
  currentTime: number;
}

/** The signed-in listener's part of the root data: who, hearts and resume state. */
export interface ListenerData {
  user: { id: string; email: string | null };
  /** Audio sources of the listener's favorites (heart state on every card). */
  favorites: string[];
  /** docs/product.md §4 Session: what the player restores at sign-in (user record, then ActiveAudioSync). */
  restore: { user: UserRecord | null; sync: ActiveAudioSync | null } | null;
  /** The speed the listener last chose in each era, on any device (null: not readable just now). */
  speeds: Record<string, number> | null;
}

/** What the root data says of a signed-in listener (ADR 050: their favorites are each page's own). */
export type RootListener = Pick<ListenerData, "user" | "restore" | "speeds">;

/** The root route's data: public configuration, and who is signed in. */
export interface RootData {
  config: PublicConfig;
  providers: { google: boolean; facebook: boolean };
  /** Who is signed in and what the player restores (read it with `useListener`); null signed out. */
  listener: RootListener | null;
}

/** Where a listener is in one episode, as a card shows it. */
export interface CardPosition {
  position: number;
  duration: number;
  played: boolean;
}

/** One row of "Continue listening". */
export interface ContinueItem {
  src: string;
  title: string;
  image: string;
  coldcut: boolean;
  /** Its page at the stored position (`?t=`): without JavaScript, its native player starts there. */
  href: string;
  position: number;
  duration: number;
}
