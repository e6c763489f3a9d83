import type { PlayerAction, PlayerState } from "./machine";
import { useMediaSession } from "./use-media-session";
import { useOneTabPlayback } from "./use-one-tab";

/** Media Session and one tab playing at a time: loaded lazily on the first play. */
export function PlaybackExtras({ state, dispatch }: { state: PlayerState; dispatch: (action: PlayerAction) => void }) {
  useMediaSession(state, dispatch);
  useOneTabPlayback(state.playing, dispatch);
  return null;
}
