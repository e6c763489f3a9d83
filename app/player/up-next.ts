import type { EpisodeMedia } from "./machine";

/** An episode of Up Next as pages and the player get it: what to play, and its page. */
export type UpNextEntry = EpisodeMedia & {
  src: string;
  title: string;
  href: string;
  /** Publication date, when the catalog still has the episode: the list view shows it. */
  date?: { iso: string; text: string } | null;
};

/** What an Up Next action answers a fetcher. */
export interface UpNextAnswer {
  ok: boolean;
  items?: UpNextEntry[];
  error?: string;
  intent?: string;
}
