import { parseLive365 } from "./parse.server";
import { nowPlayingApiUrl } from "~/rules/player";
import type { NowPlayingSource } from "~/services/now-playing.server";
import { createHttpJsonSource, type FetchLike } from "./http-json.server";

/**
 * Live365 station API (docs/product.md §7 "Live now-playing", §9 station a93581):
 * `GET https://api.live365.com/station/<id>` → `{"current-track": {title, artist, art}}`.
 */
export function createLive365Source(
  options: { url?: string; timeoutMs?: number; fetch?: FetchLike } = {},
): NowPlayingSource {
  return createHttpJsonSource({
    name: "live365",
    url: options.url ?? nowPlayingApiUrl(),
    parse: parseLive365,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  });
}
