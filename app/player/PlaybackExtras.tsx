import type { PlayerAction, PlayerState } from "./machine";
import { useMediaSession } from "./use-media-session";
import { useNowPlayingPoll } from "./use-now-playing-poll";
import { useOneTabPlayback } from "./use-one-tab";

/**
 * Media Session, one tab playing at a time and the live now-playing poll (while `pollNowPlaying`):
 * loaded lazily on the first play.
 */
export function PlaybackExtras({
  state,
  dispatch,
  pollNowPlaying,
}: {
  state: PlayerState;
  dispatch: (action: PlayerAction) => void;
  pollNowPlaying: boolean;
}) {
  useMediaSession(state, dispatch);
  useOneTabPlayback(state.playing, dispatch);
  useNowPlayingPoll(pollNowPlaying, dispatch);
  return null;
}
