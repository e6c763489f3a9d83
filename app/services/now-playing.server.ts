import { NOW_PLAYING_CACHE_MS, type NowPlaying } from "~/rules/now-playing";
import { NOW_PLAYING_FALLBACK } from "~/rules/player";
import { createStateLog } from "~/services/state-log";

/**
 * Live now-playing (docs/product.md §4 "While live is on", §7 "Live now-playing", §8 fallback).
 *
 * The browser polls this app (GET /api/now-playing); this service calls the streaming service
 * at most ONCE per cache window (NOW_PLAYING_CACHE_MS, 3 s) per server process, however many
 * listeners poll: concurrent misses share one in-flight request, and a failed attempt also
 * counts as the window's one call (a failing upstream is not hammered).
 *
 * - Upstream ok → its track, `fallback: false`.
 * - Upstream failed, sent junk or nothing on air (the stream's source stopped) → docs/product.md §8
 *   'The Ham Radio Show' / 'Live Radio', `fallback: true`, from that window on: an old track
 *   would show under ON AIR while the audio has stopped.
 * Failures are logged only (one line when it starts failing and one when it recovers, no
 * payloads), never thrown at the caller.
 */
export interface NowPlayingResult {
  title: string;
  artist: string;
  /** Absolute http(s) URL of the track art, or null (the player shows its default picture). */
  art: string | null;
  /** True when this is the docs/product.md §8 fallback pair, not data from the streaming service. */
  fallback: boolean;
}

export interface NowPlayingService {
  current(): Promise<NowPlayingResult>;
}

/**
 * One upstream call. Resolves with the parsed track, or null when the payload is not a usable
 * now-playing document; rejects on network errors, timeouts and non-2xx answers.
 */
export interface NowPlayingSource {
  readonly name: string;
  fetchCurrent(): Promise<NowPlaying | null>;
}

export interface NowPlayingLogger {
  warn(message: string): void;
}

export interface NowPlayingServiceOptions {
  /** One upstream call per window (ms). Default: NOW_PLAYING_CACHE_MS. */
  ttlMs?: number;
  now?: () => number;
  logger?: NowPlayingLogger;
}

export function fallbackNowPlaying(): NowPlayingResult {
  return { title: NOW_PLAYING_FALLBACK.title, artist: NOW_PLAYING_FALLBACK.artist, art: null, fallback: true };
}

function toResult(track: NowPlaying): NowPlayingResult {
  return { title: track.title, artist: track.artist, art: track.art ?? null, fallback: false };
}

/** NOW_PLAYING_KIND=none: no streaming service to ask; always the docs/product.md §8 fallback. */
export function createStaticNowPlaying(): NowPlayingService {
  return { current: async () => fallbackNowPlaying() };
}

export function createNowPlayingService(
  source: NowPlayingSource,
  options: NowPlayingServiceOptions = {},
): NowPlayingService {
  const ttlMs = options.ttlMs ?? NOW_PLAYING_CACHE_MS;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? console;

  /** Start of the current window (time of the last upstream attempt), or null before the first. */
  let attemptedAt: number | null = null;
  let current: NowPlayingResult = fallbackNowPlaying();
  let inFlight: Promise<void> | null = null;
  const states = createStateLog((m) => logger.warn(m));
  const failedKey = "failed";
  const silentKey = "no track";

  const refresh = (): Promise<void> => {
    attemptedAt = now();
    const attempt = (async () => {
      try {
        const track = await source.fetchCurrent();
        current = track ? toResult(track) : fallbackNowPlaying();
        states.ok(failedKey, `now-playing: ${source.name} recovered`);
        if (track) states.ok(silentKey, `now-playing: ${source.name} is on air again`);
        else states.failed(silentKey, `now-playing: ${source.name} has no track on air; serving the fallback`);
      } catch (error) {
        current = fallbackNowPlaying();
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        states.failed(failedKey, `now-playing: ${source.name} failed (${reason}); serving the fallback`);
      } finally {
        inFlight = null;
      }
    })();
    inFlight = attempt;
    return attempt;
  };

  return {
    async current() {
      if (inFlight) {
        await inFlight;
      } else if (attemptedAt === null || !(now() - attemptedAt >= 0 && now() - attemptedAt < ttlMs)) {
        // First call, window over, or the clock went backwards.
        await refresh();
      }
      return current;
    },
  };
}
