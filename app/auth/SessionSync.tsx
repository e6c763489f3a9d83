import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { markSessionStale, SESSION_CHANNEL, type SessionMessage } from "~/player/session-events";
import { firebaseSignedIn } from "./popup-sign-in";

/**
 * The auth-state listener: each tab says which account it now sees; a tab that sees another one
 * (signed out, or in, elsewhere) loads the root data again, so its header and player follow
 * (the session bridge restores or clears the player). Signing out also signs the Firebase
 * client out when this page used it.
 */
export function SessionSync({ uid }: { uid: string | null }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const seen = useRef(uid);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent<SessionMessage>) => {
      if (event.data?.type !== "session" || event.data.uid === seen.current) return;
      markSessionStale();
      revalidate.current();
    };
    return () => channel.close();
  }, []);

  useEffect(() => {
    if (uid === seen.current) return;
    seen.current = uid;
    if (typeof BroadcastChannel !== "undefined") {
      const channel = new BroadcastChannel(SESSION_CHANNEL);
      channel.postMessage({ type: "session", uid } satisfies SessionMessage);
      channel.close();
    }
    if (!uid && firebaseSignedIn()) void import("./firebase-popup.client").then((m) => m.firebaseSignOut());
  }, [uid]);

  return null;
}
