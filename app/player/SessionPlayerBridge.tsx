import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { usePlayer } from "./PlayerProvider";
import {
  progressDue,
  progressPayload,
  type ListenSpan,
  type ProgressPayload,
  type SyncMark,
  type SyncReason,
} from "./progress-sync";
import { shouldSyncProgress } from "./machine";
import { heardBetween } from "~/rules/listening";
import type { PendingWrite } from "./pending-writes";
import { FAVORITE_STORED_EVENT, pageSender } from "./page-sender";
import type { ActiveAudioSync, UserRecord } from "~/services/types";

import { LOGOUT_EVENT } from "./session-events";
import { UpNextSync } from "./UpNextSync";

const orUndefined = (s: string | undefined | null) => (s ? s : undefined);
/** A span's id: unguessable is not needed (it is the listener's own tally), unique per page and episode is. */
const spanId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** A position this browser has not got stored yet is newer than the server's: it is what resumes. */
function unsentSync(write: PendingWrite | null): ActiveAudioSync | null {
  if (!write) return null;
  try {
    const p = JSON.parse(write.body) as ProgressPayload;
    return {
      AudioTitle: p.AudioTitle,
      AudioSrc: p.AudioSrc,
      AudioImg: p.AudioImg ?? "",
      Duration: p.Duration,
      currentTime: p.currentTime,
    };
  } catch {
    return null;
  }
}

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
  // What this page heard of each episode (rules/listening.ts), and the last time update seen.
  const spans = useRef(new Map<string, ListenSpan>());
  const explicitLogout = useRef(false);

  useEffect(() => {
    const onLogout = () => {
      explicitLogout.current = true;
      dispatch({ type: "logout" });
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, [dispatch]);

  // A favorite the queue got to the server after the page was rendered: the hearts follow.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const again = () => revalidate.current();
    window.addEventListener(FAVORITE_STORED_EVENT, again);
    return () => window.removeEventListener(FAVORITE_STORED_EVENT, again);
  }, []);

  useEffect(() => {
    // What was heard before is not the next listener's.
    spans.current.clear();
    pageSender().start(userId);
    const online = () => pageSender().flush();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      pageSender().stop();
    };
  }, [userId]);

  useEffect(() => {
    const before = previousUser.current;
    previousUser.current = userId;
    if (userId && before !== userId) {
      const u = restore?.user;
      const s = unsentSync(pageSender().unsentPosition(userId)) ?? restore?.sync;
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

  const heard = useRef<{ src: string; time: number } | null>(null);
  const hear = () => {
    const s = stateRef.current;
    const listening = s.playing && s.requestedTime === null && shouldSyncProgress(s);
    const seconds = heardBetween(heard.current, { src: s.src, time: s.currentTime, listening });
    heard.current = { src: s.src, time: s.currentTime };
    if (seconds <= 0) return;
    const span = spans.current.get(s.src) ?? { id: spanId(), seconds: 0 };
    spans.current.set(s.src, { ...span, seconds: span.seconds + seconds });
  };

  // Progress sync (signed in only).
  const last = useRef<SyncMark | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const send = (reason: SyncReason) => {
    const s = stateRef.current;
    const now = Date.now();
    if (!userId || !progressDue(s, last.current, reason, now)) return;
    last.current = { src: s.src, position: s.currentTime, at: now };
    // Kept until the server has it: a blip, a reload or a closed tab loses nothing.
    pageSender().add({
      uid: userId,
      kind: "progress",
      src: s.src,
      url: "/api/progress",
      contentType: "application/json",
      body: JSON.stringify(progressPayload(s, now, spans.current.get(s.src))),
      at: now,
    });
  };

  useEffect(() => {
    hear();
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

  return userId ? <UpNextSync userId={userId} /> : null;
}
