import type { AppLoadContext } from "@remix-run/node";
import type { RateLimitStore } from "../rate-limit";
import type { RequestTiming } from "../server-timing";

/**
 * A body's bytes as a string of one Latin-1 character per byte. A response written from one is
 * copied onto the V8 heap, where a short-lived copy is cheap to collect, not into a Buffer's
 * memory outside it, whose every page-sized copy pushes V8 towards a full collection (ADR 019).
 */
export type Bytes = string;

/**
 * A cached page's body, cut at what differs per response (ADR 019). `forms`: what a hole holds for
 * most listeners (no position on a card, an empty list), known when the page is cut, so its gzip
 * can be made once (ADR 054). A heart's two forms have one length where the app could pad them.
 */
export type Part =
  | Bytes
  | { nonce: true }
  | { listener: "data" | "html" }
  | { favorite: string; off: Bytes; on: Bytes }
  /** `slot`: the length every fill of the hole has, the app padding them to it. */
  | { position: { src: string; title: string; back: string }; forms: Bytes[]; slot: number }
  | { continue: true; forms: Bytes[] }
  /**
   * A string value of a page's own data (ADR 033): the listener's positions of these episodes, or
   * their "Continue listening", as JSON text carried as the listener's text is (`form`, ADR 037).
   */
  | {
      data: { positions: string[] } | { continue: true } | { favorites: string[] };
      form: "data" | "html";
      forms: Bytes[];
    };

/**
 * What one signed-in listener's copy of a page is filled with. Made anew when any of it changes:
 * what one such object fills a hole with never varies.
 */
export interface Listener {
  /** The root data's listener text, as a data request (`.data`) carries it. */
  data: Bytes;
  /** The same, as a page's inline data script carries it. */
  html: Bytes;
  favorites: ReadonlySet<string>;
  /**
   * Their marks on an episode (issue 35 §1, ADR 033): the HTML for one card's position hole, the
   * hole's own form (the very string) where one applies.
   */
  position(hole: Extract<Part, { position: unknown }>): Bytes;
  /** Their "Continue listening" (issue 35 §2), as HTML. */
  continueHtml: Bytes;
  /** A value of a page's own data, as a `.data` answer or a page's script carries it. */
  pageData(hole: { positions: string[] } | { continue: true } | { favorites: string[] }, form: "data" | "html"): Bytes;
}

/**
 * What the server needs from the app. The app builds it (`createAppServer`, exported by
 * app/entry.server.tsx) and the server reads it from the Remix build, so every app module is
 * loaded once, from build/index.js.
 */
export interface AppServer {
  /** The validated environment (the part the server reads). */
  env: {
    NODE_ENV: string;
    PORT: number;
    HOST: string;
    TRUST_PROXY_HOPS: number;
    HELP_URL: string;
    SPECIAL_FEATURE_URL: string;
    CONTENT_SITE_URL: string;
    LIVE_STREAM_URL: string;
    /** A WordPress gallery's API root: its host serves the gallery's photos and videos. */
    GALLERY_API_URL?: string;
    /** The content WordPress's API root: its host serves the images inside news posts. */
    WORDPRESS_API_URL?: string;
    RATE_LIMIT_AUTH_PER_MIN: number;
    RATE_LIMIT_POST_PER_MIN: number;
    RATE_LIMIT_GET_PER_MIN: number;
    RENDER_CACHE_TTL_MS: number;
    RENDER_CACHE_MAX_MB: number;
    SERVER_TIMING: "on" | "off";
    RENDER_CONCURRENCY: number;
    RENDER_PER_TURN: number;
    RENDER_QUEUE: number;
    REQUEST_BODY_MAX_KB: number;
    REQUEST_TIMEOUT_MS: number;
    BODIES_PER_CLIENT: number;
    CONNECTIONS_PER_ADDRESS: number;
    /** Firebase popup sign-in (its origins join the CSP; popups keep their opener). */
    FIREBASE_AUTH_DOMAIN?: string;
    FIREBASE_AUTH_EMULATOR_HOST?: string;
    ANALYTICS_PROVIDER: "none" | "firebase" | "plausible";
    ANALYTICS_ENDPOINT?: string;
  };
  /** Lines the server logs once at start: how this configuration differs from a deployment's. */
  startNotices: string[];
  services: {
    health(): Promise<{ ok: boolean; ready: boolean; checks: Record<string, string> }>;
    /** Drops cached reads and tells every `onInvalidate` listener. */
    invalidate(reason: string): void;
    onInvalidate(listener: (reason: string) => void): () => void;
    close(): Promise<void>;
    /** The OAuth providers' authorization pages (CSP form-action). */
    auth: { signInOrigins: string[] };
    /** What GET /api/now-playing answers (read through the service's cache window). */
    nowPlaying: { current(): Promise<unknown> };
  };
  /** The push stream of now-playing changes: its path, its check, heartbeat, lifetime and cap. */
  nowPlayingPush: {
    path: string;
    checkMs: number;
    heartbeatMs: number;
    lifetimeMs: number;
    retryMs: number;
    perAddress: number;
  };
  /** Rate-limit counters shared by every instance (PostgreSQL), or none: each process counts its own. */
  rateLimitStore: RateLimitStore | undefined;
  /**
   * The load context of one request, rendered with `nonce`, from `clientAddress`; `template`:
   * for the page every signed-in listener's copy is filled from (no cookie is read for it).
   */
  getLoadContext(
    cookie: string | undefined,
    nonce: string,
    clientAddress: string | undefined,
    template?: boolean,
  ): AppLoadContext;
  /**
   * A progress write (the player's POST /api/progress) without Remix: the same session read,
   * validation and answers as that route's action. `body`: the request's bytes (null: too large).
   */
  progressWrite(
    cookie: string | undefined,
    clientAddress: string | undefined,
    contentType: string,
    body: Uint8Array | null,
  ): Promise<{ status: number; headers: Record<string, string>; json: string }>;
  /** Whether a load context's session is live (read now); rejects when the session store cannot be read. */
  signedIn(context: AppLoadContext): Promise<boolean>;
  /** The signed-in listener of a load context (the session and their library, read now), or null. */
  listenerOf(context: AppLoadContext, parts: Part[]): Promise<Listener | null>;
  /** Cuts a rendered body at `nonce` and at the listener holes; puts one response's body together. */
  toParts(body: Buffer, nonce: string, template: boolean): Part[];
  fillParts(parts: Part[], nonce: string, listener: Listener | null): Bytes;
  /** What one response puts in one hole (fillParts, one part at a time). */
  fillHole(hole: Exclude<Part, Bytes>, nonce: string, listener: Listener | null): Bytes;
  /** Runs `fn` in a timing scope: the app adds data and session time to `timing`. */
  withTiming<T>(timing: RequestTiming, fn: () => T): T;
  /** The app's same-origin rule for writes, and what a refused write is told. */
  isCrossSiteWrite(
    method: string,
    host: string | undefined,
    origin: string | undefined,
    fetchSite: string | undefined,
  ): boolean;
  crossSiteRefusal: string;
  cachePolicy: { private: string; media: string };
  /** The media types of the site's chapters and transcripts files (set by the static file server). */
  episodeFileTypes: { chapters: string; transcript: string };
  /** Query parameters a public page reads: the render cache's key keeps only these. */
  pageQueryParams: ReadonlySet<string>;
}

/** The Remix build's entry module, as the server reads it. Rejects with an `EnvError` on bad env. */
export interface AppEntry {
  createAppServer(): Promise<AppServer>;
}
