import { useEffect } from "react";
import { NOW_PLAYING_POLL_MS } from "~/rules/player";
import type { PlayerAction } from "./machine";
import { NOW_PLAYING_RECHECK_MS, parseNowPlayingApiResponse } from "~/rules/now-playing";
import { AUDIO_ELEMENT_ID } from "./audio-element";

export const NOW_PLAYING_ENDPOINT = "/api/now-playing";
const STREAM_STOPPED = new Set(["ended", "error", "stalled", "emptied"]);
const WATCHED = [...STREAM_STOPPED, "suspend"];

/**
 * Whether an event of the live audio element may mean that its source went away. `suspend` (the
 * download stopped) comes long before `ended`: Icecast closes its listeners the moment the source
 * goes, but the player still holds the burst Icecast sent on connecting (64 KB: 16 s at 32 kbps)
 * and ends only once that is played. It counts only while the length is unknown (a stream still
 * being sent): a file of known length also suspends once it is all downloaded.
 */
export function meansStreamStopped(type: string, duration: number): boolean {
  return STREAM_STOPPED.has(type) || (type === "suspend" && duration === Infinity);
}

/**
 * docs/product.md §4 "While live is on: now-playing data is fetched immediately and then every 10,000 ms."
 * Also at once when the live stream stops (its source went off air: its download stops, or the
 * element ends, errs or stalls), and again once the caches in between have expired, so the page
 * says so within NOW_PLAYING_OFF_AIR_WITHIN_MS rather than a poll later.
 * Polls this app's /api/now-playing (never the streaming service directly) while `active`, and
 * stops — aborting a request in flight — as soon as it is not. A failed or unusable answer keeps
 * what the player shows (goLive already shows the docs/product.md §8 fallback) and is logged only.
 */
export function useNowPlayingPoll(
  active: boolean,
  dispatch: (action: PlayerAction) => void,
  intervalMs: number = NOW_PLAYING_POLL_MS,
) {
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let controller: AbortController | null = null;
    const poll = async () => {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      try {
        // `no-cache`: ask the server every time, never a copy the browser kept from the last poll.
        const response = await fetch(NOW_PLAYING_ENDPOINT, {
          signal: mine.signal,
          cache: "no-cache",
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const info = parseNowPlayingApiResponse(await response.json());
        if (stopped || mine.signal.aborted) return;
        if (info) dispatch({ type: "nowPlaying", info });
        else console.warn("now-playing: unusable answer from", NOW_PLAYING_ENDPOINT);
      } catch (error) {
        if (stopped || mine.signal.aborted) return;
        console.warn("now-playing: poll failed", error);
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), intervalMs);
    const audio = document.getElementById(AUDIO_ELEMENT_ID);
    let recheck: number | undefined;
    const streamStopped = (event: Event) => {
      if (!meansStreamStopped(event.type, (event.target as HTMLMediaElement).duration)) return;
      void poll();
      window.clearTimeout(recheck);
      recheck = window.setTimeout(() => void poll(), NOW_PLAYING_RECHECK_MS);
    };
    for (const event of WATCHED) audio?.addEventListener(event, streamStopped);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.clearTimeout(recheck);
      for (const event of WATCHED) audio?.removeEventListener(event, streamStopped);
      controller?.abort();
    };
  }, [active, dispatch, intervalMs]);
}
