import { useEffect, useRef } from "react";
import type { PlayerAction } from "./machine";
import { createOneTabPlayback, newTabId, PLAYER_CHANNEL_NAME, type OneTabPlayback } from "./one-tab";

/** One tab playing at a time: this tab's play pauses the others (BroadcastChannel). */
export function useOneTabPlayback(playing: boolean, dispatch: (action: PlayerAction) => void) {
  const tab = useRef<OneTabPlayback | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const coordinator = createOneTabPlayback(new BroadcastChannel(PLAYER_CHANNEL_NAME), newTabId(), () =>
      dispatch({ type: "pause" }),
    );
    tab.current = coordinator;
    return () => {
      coordinator.close();
      tab.current = null;
    };
  }, [dispatch]);
  useEffect(() => {
    if (playing) tab.current?.announcePlaying();
  }, [playing]);
}
