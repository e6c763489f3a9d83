import type { PlayerAction, PlayerState } from "./machine";
import { useMediaSession } from "./use-media-session";
import { useOneTabPlayback } from "./use-one-tab";

/**
 * Effects that matter once something has played on the page: the Media Session (lock screen,
 * media keys) and one tab playing at a time. PlayerProvider loads this lazily on the first play,
 * so a visitor who only reads never downloads it (ADR 007, first-load budget).
 */
export function PlaybackExtras({ state, dispatch }: { state: PlayerState; dispatch: (action: PlayerAction) => void }) {
  useMediaSession(state, dispatch);
  useOneTabPlayback(state.playing, dispatch);
  return null;
}
