import type { AppLoadContext } from "@remix-run/node";
import type { RateLimitStore } from "./rate-limit";

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
    RATE_LIMIT_AUTH_PER_MIN: number;
    RATE_LIMIT_POST_PER_MIN: number;
    RATE_LIMIT_GET_PER_MIN: number;
    RENDER_CONCURRENCY: number;
    RENDER_PER_TURN: number;
    RENDER_QUEUE: number;
    REQUEST_BODY_MAX_KB: number;
    REQUEST_TIMEOUT_MS: number;
    BODIES_PER_CLIENT: number;
    CONNECTIONS_PER_ADDRESS: number;
    /** Firebase popup sign-in: popups keep their opener. */
    FIREBASE_AUTH_DOMAIN?: string;
  };
  /**
   * The Content-Security-Policy of an answer to `path` that allows exactly these inline scripts
   * (a nonce's source, their hashes, or none).
   */
  contentSecurityPolicy(path: string, scripts: string[]): string;
  /** Lines the server logs once at start: how this configuration differs from a deployment's. */
  startNotices: string[];
  services: {
    health(): Promise<{ ok: boolean; ready: boolean; checks: Record<string, string> }>;
    /** Drops cached reads and tells every `onInvalidate` listener. */
    invalidate(reason: string): void;
    onInvalidate(listener: (reason: string) => void): () => void;
    close(): Promise<void>;
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
  /** The load context of one request: its cookie, this response's CSP nonce and the client's address. */
  getLoadContext(
    cookie: string | undefined,
    nonce: string,
    clientAddress: string | undefined,
    allowScripts?: (sources: string[]) => void,
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
  /** The app's same-origin rule for writes, and what a refused write is told. */
  isCrossSiteWrite(
    method: string,
    host: string | undefined,
    origin: string | undefined,
    fetchSite: string | undefined,
  ): boolean;
  crossSiteRefusal: string;
  cachePolicy: { private: string; media: string; serviceWorker: string };
  /** The media types of the site's chapters and transcripts files (set by the static file server). */
  episodeFileTypes: { chapters: string; transcript: string };
}

/** The Remix build's entry module, as the server reads it. Rejects with an `EnvError` on bad env. */
export interface AppEntry {
  createAppServer(): Promise<AppServer>;
}
