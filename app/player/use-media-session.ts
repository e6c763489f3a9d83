import { useEffect, useRef } from "react";
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from "~/rules/player";
import type { PlayerAction, PlayerState } from "./machine";
import { mediaPositionState, mediaSessionInfo, trackActions } from "./media-session";

function session(): MediaSession | null {
  return typeof navigator !== "undefined" && "mediaSession" in navigator ? navigator.mediaSession : null;
}

function setHandler(ms: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    ms.setActionHandler(action, handler);
  } catch {
    // This browser does not know the action.
  }
}

/**
 * Lock-screen / notification / hardware media keys through the Media Session API: metadata and
 * artwork of what plays, play/pause/stop/seek/skip actions dispatched into the reducer, and the
 * position state of episodes (live streams have none).
 */
export function useMediaSession(state: PlayerState, dispatch: (action: PlayerAction) => void) {
  useEffect(() => {
    const ms = session();
    if (!ms) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => dispatch({ type: "play" })],
      ["pause", () => dispatch({ type: "pause" })],
      ["stop", () => dispatch({ type: "pause" })],
      ["seekbackward", (d) => dispatch({ type: "skip", seconds: -(d.seekOffset ?? SKIP_BACK_SECONDS) })],
      ["seekforward", (d) => dispatch({ type: "skip", seconds: d.seekOffset ?? SKIP_FORWARD_SECONDS })],
      ["seekto", (d) => (typeof d.seekTime === "number" ? dispatch({ type: "seek", time: d.seekTime }) : undefined)],
    ];
    for (const [action, handler] of handlers) setHandler(ms, action, handler);
    return () => {
      for (const [action] of handlers) setHandler(ms, action, null);
    };
  }, [dispatch]);

  const latest = useRef(state);
  latest.current = state;

  // Up Next (ADR 034): a button is offered only while it would do something.
  const tracks = trackActions(state);
  useEffect(() => {
    const ms = session();
    if (!ms) return;
    setHandler(ms, "nexttrack", tracks.next ? () => dispatch({ type: "next" }) : null);
    setHandler(ms, "previoustrack", tracks.previous ? () => dispatch({ type: "previous" }) : null);
  }, [tracks.next, tracks.previous, dispatch]);

  const { title, subtext, image, kind, src, playing, duration, playbackRate, pending, chapter } = state;
  useEffect(() => {
    const ms = session();
    if (!ms || typeof MediaMetadata === "undefined") return;
    const info = mediaSessionInfo(latest.current, window.location.origin);
    ms.metadata = info ? new MediaMetadata(info) : null;
  }, [title, subtext, image, kind, src, chapter]);

  useEffect(() => {
    const ms = session();
    if (ms) ms.playbackState = playing ? "playing" : src ? "paused" : "none";
  }, [playing, src]);

  // Position: on every whole second, seek, speed or length change (not on every timeupdate).
  const second = Math.floor(state.currentTime);
  useEffect(() => {
    const ms = session();
    if (!ms || typeof ms.setPositionState !== "function") return;
    try {
      ms.setPositionState(mediaPositionState(latest.current) ?? undefined);
    } catch {
      // An invalid combination for a moment (e.g. during a switch); the next update fixes it.
    }
  }, [second, duration, playbackRate, kind, pending]);
}
