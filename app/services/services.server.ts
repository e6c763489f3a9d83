import type { AccountData } from "./account-data.server";
import type { AccountEmail } from "./account-email.server";
import type { Accounts, Library } from "./accounts.server";
import type { Auth } from "./auth.server";
import type { Catalog } from "./catalog.server";
import type { Content, Gallery } from "./content.server";
import type { EpisodeExtras } from "./episode-extras.server";
import type { MediaFiles } from "./media-files.server";
import type { NowPlayingService } from "./now-playing.server";
import type { LiveStatusService } from "./live-status.server";
import type { PublicConfig } from "./types";
import type { UpNextStore } from "./up-next.server";
import type { Positions } from "./positions.server";
import type { ListeningStore } from "./listening.server";

/** Every service the routes get through the load context (built by app/composition.server.ts). */
export interface Services {
  catalog: Catalog;
  content: Content;
  gallery: Gallery;
  /** The embedded gallery's photos and videos (none with a WordPress gallery). */
  galleryFiles: MediaFiles;
  /** Episodes' chapters and transcripts. */
  episodeExtras: EpisodeExtras;
  accounts: Accounts;
  library: Library;
  /** Up Next (ADR 034), where the listener's library is. */
  upNext: UpNextStore;
  /** Where the listener is in every episode they played. */
  positions: Positions;
  /** The speed per era and the listening tally of signed-in listeners (in this app's own database). */
  listening: ListeningStore;
  auth: Auth;
  /** Confirming addresses and "Forgot password?", by mail. */
  accountEmail: AccountEmail;
  /** "Download my data" and "Delete my account" over every store that keeps something per listener. */
  accountData: AccountData;
  /** Live now-playing, cached: one upstream call per poll interval per server. */
  nowPlaying: NowPlayingService;
  /** The live stream's broadcasts as now-playing shows them (the feed's podcast:liveItem). */
  live: LiveStatusService;
  publicConfig: PublicConfig;
  siteUrl: string | undefined;
  podcastOwnerEmail: string;
  podcastFundingUrl: string;
  /** The most favorites an account keeps, and how many a page of /user shows (app/rules/library.ts). */
  favorites: { max: number; pageSize: number };
  /** The most episodes Up Next keeps. */
  upNextMax: number;
  /**
   * GET /healthz: `ready` when this instance's database answers and a password check could still
   * wait for a thread (else it cannot serve: 503);
   * `ok` when, besides, no configured upstream failed its last call ("unknown" before any).
   */
  health(): Promise<{ ok: boolean; ready: boolean; checks: Record<string, "ok" | "down" | "unknown" | "full"> }>;
  /**
   * The catalog or content changed: forget the cached reads (remote copies become stale) and
   * tell every listener (the server's render cache). Call it after writing catalog/content
   * data; the server also calls it on SIGHUP.
   */
  invalidate(reason: string): void;
  /** Subscribes to `invalidate`; returns the unsubscribe function. */
  onInvalidate(listener: (reason: string) => void): () => void;
  close(): Promise<void>;
}
