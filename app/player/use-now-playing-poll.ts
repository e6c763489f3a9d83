import { useEffect } from "react";
import { NOW_PLAYING_POLL_MS } from "~/rules/player";
import type { PlayerAction } from "./machine";
import { NOW_PLAYING_PUSH, NOW_PLAYING_RECHECK_MS, parseNowPlayingApiResponse } from "~/rules/now-playing";
import { AUDIO_ELEMENT_ID } from "./audio-element";

export const NOW_PLAYING_ENDPOINT = "/api/now-playing";
const STREAM_STOPPED = ["ended", "error", "stalled", "emptied"] as const;

/**
 * Calls `stopped` when the live stream may have lost its source; returns the unsubscribe. The
 * element ending, erring, stalling or emptied says so, but late: Icecast closes its listeners the
 * moment the source goes, and the player ends only once it has played the burst Icecast sent on
 * connecting (64 KB: 16 s at 32 kbps). What comes at once is `suspend` (the download stopped). A
 * stream also suspends whenever the browser has read far enough ahead (Chromium: every 2 s or so
 * at 128 kbps), then goes on with `progress`: so a `suspend` counts only once `quietMs` have passed
 * without `progress`, and only while the length is unknown (a file of known length suspends once
 * it is all downloaded).
 */
export function watchLiveStream(
  audio: EventTarget & { readonly duration: number },
  stopped: () => void,
  quietMs: number,
): () => void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const suspended = () => {
    clearTimeout(quiet);
    if (audio.duration === Infinity) quiet = setTimeout(stopped, quietMs);
  };
  const progressed = () => clearTimeout(quiet);
  for (const event of STREAM_STOPPED) audio.addEventListener(event, stopped);
  audio.addEventListener("suspend", suspended);
  audio.addEventListener("progress", progressed);
  return () => {
    clearTimeout(quiet);
    for (const event of STREAM_STOPPED) audio.removeEventListener(event, stopped);
    audio.removeEventListener("suspend", suspended);
    audio.removeEventListener("progress", progressed);
  };
}

/**
 * Opens the push stream of now-playing changes while `wanted()` (asked again on every `update()`),
 * and closes it when not; a stream the server refused or ended for good is opened again at the
 * next `update()`. Returns the stream's closer. Each event is /api/now-playing's answer.
 */
export function pushedNowPlaying(wanted: () => boolean, received: (payload: unknown) => void) {
  let source: EventSource | null = null;
  const update = () => {
    if (!wanted()) {
      source?.close();
      source = null;
    } else if (!source || source.readyState === EventSource.CLOSED) {
      source?.close();
      source = new EventSource(NOW_PLAYING_PUSH.path);
      source.onmessage = (event: MessageEvent<string>) => {
        try {
          received(JSON.parse(event.data));
        } catch {
          received(null);
        }
      };
    }
  };
  return { update, close: () => source?.close() };
}

/**
 * docs/product.md §4 "While live is on: now-playing data is fetched immediately and then every 10,000 ms."
 * Also at once when the live stream stops (its source went off air: its download stops, or the
 * element ends, errs or stalls), and again once the caches in between have expired, so the page
 * says so within NOW_PLAYING_OFF_AIR_WITHIN_MS rather than a poll later. A page whose stream
 * says nothing (paused) holds the push stream instead while it is visible (ADR 056).
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
    const show = (payload: unknown) => {
      const info = parseNowPlayingApiResponse(payload);
      if (info) dispatch({ type: "nowPlaying", info });
      else console.warn("now-playing: unusable answer from", NOW_PLAYING_ENDPOINT);
    };
    const audio = document.getElementById(AUDIO_ELEMENT_ID);
    const push =
      typeof EventSource === "function"
        ? pushedNowPlaying(
            () => audio instanceof HTMLMediaElement && audio.paused && document.visibilityState === "visible",
            show,
          )
        : null;
    const listeners = new AbortController();
    for (const [target, type] of [
      [audio, "play"],
      [audio, "pause"],
      [document, "visibilitychange"],
    ] as const)
      target?.addEventListener(type, () => push?.update(), { signal: listeners.signal });
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
        const payload: unknown = await response.json();
        if (stopped || mine.signal.aborted) return;
        show(payload);
      } catch (error) {
        if (stopped || mine.signal.aborted) return;
        console.warn("now-playing: poll failed", error);
      }
    };
    void poll();
    // A stream the server refused is asked for again with each poll.
    const timer = window.setInterval(() => {
      push?.update();
      void poll();
    }, intervalMs);
    // After this commit's effects, so Go live's play() has run: a playing page needs no push.
    const first = window.setTimeout(() => push?.update());
    let recheck: number | undefined;
    const streamStopped = () => {
      void poll();
      window.clearTimeout(recheck);
      recheck = window.setTimeout(() => void poll(), NOW_PLAYING_RECHECK_MS);
    };
    // A quiet download has lasted as long as the caches: one poll would do; the recheck costs one.
    const unwatch =
      audio instanceof HTMLMediaElement ? watchLiveStream(audio, streamStopped, NOW_PLAYING_RECHECK_MS) : null;
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.clearTimeout(first);
      window.clearTimeout(recheck);
      unwatch?.();
      listeners.abort();
      push?.close();
      controller?.abort();
    };
  }, [active, dispatch, intervalMs]);
}
