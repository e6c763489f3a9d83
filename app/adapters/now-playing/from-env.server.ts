import type { Env } from "~/config/env.server";
import { createNowPlayingService, createStaticNowPlaying, type NowPlayingService } from "~/services/now-playing.server";
import { createIcecastSource } from "./icecast.server";
import { createLive365Source } from "./live365.server";

/** The Icecast mount of the live stream URL ("/live" of https://radio.example/live), if any. */
function mountOf(streamUrl: string): string | undefined {
  try {
    const path = new URL(streamUrl).pathname;
    return path && path !== "/" ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * NOW_PLAYING_KIND picks the adapter: live365 (default; NOW_PLAYING_URL defaults to the Live365
 * API of station a93581), icecast (Icecast or AzuraCast status JSON at NOW_PLAYING_URL), none.
 */
export function createNowPlayingFromEnv(
  env: Pick<Env, "NOW_PLAYING_KIND" | "NOW_PLAYING_URL" | "LIVE_STREAM_URL">,
): NowPlayingService {
  switch (env.NOW_PLAYING_KIND) {
    case "none":
      return createStaticNowPlaying();
    case "icecast":
      if (!env.NOW_PLAYING_URL) {
        console.warn("now-playing: NOW_PLAYING_KIND=icecast needs NOW_PLAYING_URL; showing the fallback title");
        return createStaticNowPlaying();
      }
      return createNowPlayingService(
        createIcecastSource({ url: env.NOW_PLAYING_URL, mount: mountOf(env.LIVE_STREAM_URL) }),
      );
    case "live365":
    default:
      return createNowPlayingService(createLive365Source({ url: env.NOW_PLAYING_URL }));
  }
}
