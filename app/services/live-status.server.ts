import { nextLiveStatus, type LiveStatus } from "~/rules/podcast";
import type { NowPlayingService } from "./now-playing.server";

/**
 * The live stream's broadcasts as this server sees them through now-playing (the feed's
 * `podcast:liveItem`): on the air while the streaming service names a track, off it when it
 * names none or fails. Each instance keeps its own record of when that last changed.
 */
export interface LiveStatusService {
  current(): Promise<LiveStatus | null>;
}

export function createLiveStatus(nowPlaying: NowPlayingService, now: () => Date = () => new Date()): LiveStatusService {
  let status: LiveStatus | null = null;
  return {
    async current() {
      const track = await nowPlaying.current();
      status = nextLiveStatus(status, !track.fallback, now());
      return status;
    },
  };
}
