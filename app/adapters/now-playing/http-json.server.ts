import type { NowPlaying } from "~/rules/now-playing";
import type { NowPlayingSource } from "~/services/now-playing.server";

/** Upstream answers are small; anything bigger is not a now-playing document. */
export const NOW_PLAYING_MAX_BYTES = 256 * 1024;
/** docs/product.md §9 leaves timeouts open; the poll is every 10 s, so the upstream gets 2 s at most. */
export const NOW_PLAYING_TIMEOUT_MS = 2_000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpJsonSourceOptions {
  name: string;
  url: string;
  parse: (payload: unknown) => NowPlaying | null;
  timeoutMs?: number;
  fetch?: FetchLike;
}

export class UpstreamError extends Error {
  name = "UpstreamError";
}

/** UTF-8, or, when the bytes are not UTF-8, Latin-1 (as windows-1252): older servers send their titles as they got them. */
export function decodeBody(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * GET a JSON now-playing document with a hard timeout (AbortSignal.timeout), a size cap and no
 * cookies or credentials; parse it with one of the pure parsers of app/player/now-playing.ts.
 */
export function createHttpJsonSource(options: HttpJsonSourceOptions): NowPlayingSource {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? NOW_PLAYING_TIMEOUT_MS;
  return {
    name: options.name,
    async fetchCurrent() {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await doFetch(options.url, {
        signal,
        redirect: "follow",
        credentials: "omit",
        headers: { accept: "application/json" },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new UpstreamError(`HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get("content-length") ?? "0");
      if (declared > NOW_PLAYING_MAX_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        throw new UpstreamError(`answer too large (${declared} bytes)`);
      }
      const bytes = new Uint8Array(await response.arrayBuffer()); // the timeout signal also bounds reading the body
      if (bytes.length > NOW_PLAYING_MAX_BYTES) throw new UpstreamError(`answer too large (${bytes.length} bytes)`);
      const text = decodeBody(bytes);
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        return null; // junk → the caller's last good copy or fallback
      }
      return options.parse(payload);
    },
  };
}
