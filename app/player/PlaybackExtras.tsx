import { shouldPollNowPlaying, type PlayerAction, type PlayerState } from "./machine";
import { useMediaSession } from "./use-media-session";
import { useNowPlayingPoll } from "./use-now-playing-poll";
import { useOneTabPlayback } from "./use-one-tab";

/** Media Session, one tab playing at a time and the live now-playing poll: loaded lazily on the first play. */
export function PlaybackExtras({ state, dispatch }: { state: PlayerState; dispatch: (action: PlayerAction) => void }) {
  useMediaSession(state, dispatch);
  useOneTabPlayback(state.playing, dispatch);
  useNowPlayingPoll(shouldPollNowPlaying(state), dispatch);
  return null;
}
