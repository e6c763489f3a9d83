import { useEffect, useRef } from "react";
import { usePlayer } from "./PlayerProvider";
import { progressDue, progressPayload, type SyncMark, type SyncReason } from "./progress-sync";
import type { ActiveAudioSync, UserRecord } from "~/services/types";

import { LOGOUT_EVENT } from "./session-events";

const orUndefined = (s: string | undefined | null) => (s ? s : undefined);

/**
 * Connects the session to the player (docs/product.md §4 "Session"): restore on sign-in, clear on sign-out,
 * live default on explicit logout; and progress sync while a signed-in listener plays.
 */
export function SessionPlayerBridge({
  userId,
  restore,
}: {
  userId: string | null;
  restore: { user: UserRecord | null; sync: ActiveAudioSync | null } | null;
}) {
  const { state, dispatch } = usePlayer();
  const previousUser = useRef<string | null | undefined>(undefined);
  const explicitLogout = useRef(false);

  useEffect(() => {
    const onLogout = () => {
      explicitLogout.current = true;
      dispatch({ type: "logout" });
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, [dispatch]);

  useEffect(() => {
    const before = previousUser.current;
    previousUser.current = userId;
    if (userId && before !== userId) {
      const u = restore?.user;
      const s = restore?.sync;
      dispatch({
        type: "restore",
        user: u
          ? {
              audioTitle: orUndefined(u.audioTitle),
              audioSrc: orUndefined(u.audioSrc),
              duration: u.duration || undefined,
            }
          : null,
        sync: s
          ? {
              AudioTitle: orUndefined(s.AudioTitle),
              AudioSrc: orUndefined(s.AudioSrc),
              AudioImg: orUndefined(s.AudioImg),
              Duration: s.Duration || undefined,
              currentTime: s.currentTime || undefined,
            }
          : null,
      });
    } else if (!userId && before) {
      if (explicitLogout.current) explicitLogout.current = false;
      else dispatch({ type: "signedOut" });
    }
  }, [userId, restore, dispatch]);

  // Progress sync (signed in only).
  const last = useRef<SyncMark | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const send = (reason: SyncReason) => {
    const s = stateRef.current;
    if (!userId || !progressDue(s, last.current, reason)) return;
    last.current = { src: s.src, position: s.currentTime };
    const body = JSON.stringify(progressPayload(s, Date.now()));
    if (reason === "hide" && typeof navigator.sendBeacon === "function") {
      navigator.sendBeacon("/api/progress", new Blob([body], { type: "text/plain" }));
      return;
    }
    fetch("/api/progress", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => {
      last.current = null; // try again on the next tick
    });
  };

  useEffect(() => {
    send("tick");
  }, [state.currentTime]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!state.playing) send("pause");
  }, [state.playing]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (state.requestedTime !== null) send("seek");
  }, [state.requestedTime]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const onHide = () => send("hide");
    const onVisibility = () => document.visibilityState === "hidden" && send("hide");
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [userId]); // eslint-disable-line react-hooks/exhaustive-deps

  return null;
}
