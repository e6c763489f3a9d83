import { useEffect, useRef } from "react";
import { UP_NEXT_PATH } from "~/rules/library";
import { usePlayer } from "./PlayerProvider";
import { pageSender } from "./page-sender";
import type { UpNextEntry } from "./up-next";

/**
 * Up Next's edge (ADR 034): the player gets the listener's queue when the page starts and again
 * when the tab comes back (another device may have changed it), and each episode the player
 * takes out of it to play is removed on the server too, kept until the server has it.
 */
export function UpNextSync({ userId }: { userId: string }) {
  const { state, dispatch } = usePlayer();
  useEffect(() => {
    let live = true;
    const load = () =>
      fetch("/api/up-next", { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ items?: UpNextEntry[] }>) : null))
        .then((data) => {
          if (live && data?.items) dispatch({ type: "queueSync", items: data.items });
        })
        .catch(() => {});
    void load();
    const onVisible = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [userId, dispatch]);

  const sent = useRef(state.taken?.id);
  useEffect(() => {
    const taken = state.taken;
    if (!taken || taken.id === sent.current) return;
    sent.current = taken.id;
    pageSender().add({
      uid: userId,
      kind: "upNext",
      src: taken.src,
      url: UP_NEXT_PATH,
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ intent: "remove", audioSrc: taken.src, js: "1" }).toString(),
      at: Date.now(),
    });
  }, [state.taken, userId]);
  return null;
}
