import {
  startTransition,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import {
  createPlayerConfig,
  initialPlayerState,
  muted,
  playerReducer,
  shouldPollNowPlaying,
  type EpisodeMedia,
  type PlayerAction,
  type PlayerState,
} from "./machine";
import { PLAYER_NOTICE_MS, SOURCE_SWITCH_DELAY_MS } from "~/rules/player";
import { AUDIO_ELEMENT_ID } from "./audio-element";
import type { CastApi } from "./use-cast";

// Media Session, one-tab playback and the live now-playing poll load on the first play
// (./PlaybackExtras.tsx): going live is a play.
const PlaybackExtras = lazy(() => import("./PlaybackExtras").then((m) => ({ default: m.PlaybackExtras })));
// Casting's session logic loads when a cast button first asks for it (after the load event).
const CastSession = lazy(() => import("./use-cast").then((m) => ({ default: m.CastSession })));
const noCast = async () => {};

/**
 * The player: one reducer (./machine.ts) and one <audio> element for the life of the page,
 * outside <Outlet/> so navigation never unmounts it. The element mirrors the state and its
 * events are dispatched back.
 */
export type PlayerListener = (state: PlayerState) => void;

export interface PlayerApi {
  state: PlayerState;
  dispatch: (action: PlayerAction) => void;
  choose: (media: EpisodeMedia, startTime?: number | null, clipEnd?: number | null) => void;
  toggle: () => void;
  goLive: () => void;
  audioRef: React.RefObject<HTMLAudioElement>;
  /**
   * Called after every committed state change (e.g. progress sync for signed-in users: check
   * `shouldSyncProgress(state)` and throttle). Returns the unsubscribe function.
   */
  subscribe: (listener: PlayerListener) => () => void;
  /** Whether playback has started at least once on this page (lazy features wait for it). */
  everPlayed: boolean;
  cast: CastApi;
}

/** Exported for the bars' server markup (player-bars.server.ts), which renders them apart. */
export const PlayerContext = createContext<PlayerApi | null>(null);

export function usePlayer(): PlayerApi {
  const ctx = useContext(PlayerContext);
  if (!ctx) throw new Error("usePlayer must be used inside <PlayerProvider>");
  return ctx;
}

export function PlayerProvider({ liveStreamUrl, children }: { liveStreamUrl: string; children: ReactNode }) {
  const [state, dispatchNow] = useReducer(playerReducer, liveStreamUrl, (url) =>
    initialPlayerState(createPlayerConfig(url)),
  );
  // As transitions: a part of the page still waiting for its code (a Suspense boundary not yet
  // hydrated) keeps its server markup through them, where an urgent update would make React throw
  // that markup away and render the part again from scratch.
  const dispatch = useCallback((action: PlayerAction) => startTransition(() => dispatchNow(action)), []);
  const audioRef = useRef<HTMLAudioElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // The seam for other features (accounts: progress sync): listeners see every committed state.
  const listeners = useRef(new Set<PlayerListener>());
  const subscribe = useCallback((listener: PlayerListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  useEffect(() => {
    for (const listener of [...listeners.current]) listener(state);
  }, [state]);

  const [everPlayed, setEverPlayed] = useState(false);
  useEffect(() => {
    if (state.playing) startTransition(() => setEverPlayed(true));
  }, [state.playing]);

  const [castRequested, setCastRequested] = useState(false);
  const [castApi, setCastApi] = useState<CastApi | null>(null);
  const requestCast = useCallback(() => startTransition(() => setCastRequested(true)), []);
  const cast = useMemo<CastApi>(
    () =>
      castApi ?? {
        status: castRequested ? "loading" : "idle",
        request: requestCast,
        connect: noCast,
        disconnect: noCast,
      },
    [castApi, castRequested, requestCast],
  );

  // The page is hydrated and the player's effects run: controls work from here on (also what
  // browser tests wait for before pressing play).
  useEffect(() => {
    audioRef.current?.setAttribute("data-ready", "true");
  }, []);

  // The spec's alerts are notices in the status strip (./controls.tsx PlayerStatus), never a
  // window.alert that would block the page; each goes by itself after a while.
  const alertId = state.alert?.id;
  useEffect(() => {
    if (alertId === undefined) return;
    const t = window.setTimeout(() => dispatch({ type: "dismissAlert" }), PLAYER_NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [alertId, dispatch]);

  // docs/product.md §4: after 100 ms the new source and title are set and playback starts.
  const pendingId = state.pending?.id;
  useEffect(() => {
    if (pendingId === undefined) return;
    const t = window.setTimeout(() => dispatch({ type: "switchElapsed", id: pendingId }), SOURCE_SWITCH_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [pendingId, dispatch]);

  // Mirror the source.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const current = audio.getAttribute("src") ?? "";
    if (current === state.src) return;
    audio.pause();
    if (state.src === "") {
      audio.removeAttribute("src");
      audio.load();
    } else {
      audio.src = state.src;
    }
  }, [state.src]);

  // Mirror playing / paused.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !state.src) return;
    if (state.playing && audio.paused) {
      // A retry after a network or decode error: the element only fetches again after a load().
      if (audio.error) audio.load();
      audio.play().catch((error: unknown) => {
        // Autoplay refusal or an aborted load: reflect "paused" (media errors arrive via onError).
        if (error instanceof DOMException && error.name === "NotAllowedError") dispatch({ type: "pause" });
      });
    } else if (!state.playing && !audio.paused) {
      audio.pause();
    }
  }, [state.playing, state.src, dispatch]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.playbackRate = state.playbackRate;
  }, [state.playbackRate]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.muted = muted(state);
  }, [state]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = state.volume;
  }, [state.volume]);

  // Apply a requested position (seek, resume, share ?t=) once the element can seek.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || state.requestedTime === null) return;
    const apply = () => {
      if (state.requestedTime === null) return;
      audio.currentTime = state.requestedTime;
      dispatch({ type: "seekApplied" });
    };
    if (audio.readyState >= 1) apply();
    else {
      audio.addEventListener("loadedmetadata", apply, { once: true });
      return () => audio.removeEventListener("loadedmetadata", apply);
    }
  }, [state.requestedTime, state.src, dispatch]);

  const choose = useCallback(
    (media: EpisodeMedia, startTime?: number | null, clipEnd?: number | null) =>
      dispatch({ type: "choose", media, startTime, clipEnd }),
    [dispatch],
  );
  const toggle = useCallback(() => dispatch({ type: "toggle" }), [dispatch]);
  const goLive = useCallback(() => dispatch({ type: "goLive" }), [dispatch]);
  const api = useMemo(
    () => ({ state, dispatch, choose, toggle, goLive, audioRef, subscribe, everPlayed, cast }),
    [state, dispatch, choose, toggle, goLive, subscribe, everPlayed, cast],
  );

  return (
    <PlayerContext.Provider value={api}>
      {children}
      {everPlayed ? (
        <Suspense fallback={null}>
          <PlaybackExtras state={state} dispatch={dispatch} pollNowPlaying={shouldPollNowPlaying(state)} />
        </Suspense>
      ) : null}
      {castRequested ? (
        <Suspense fallback={null}>
          <CastSession state={state} dispatch={dispatch} onApi={setCastApi} />
        </Suspense>
      ) : null}
      <audio
        ref={audioRef}
        id={AUDIO_ELEMENT_ID}
        preload="none"
        onTimeUpdate={(e) => dispatch({ type: "timeUpdate", time: e.currentTarget.currentTime })}
        onDurationChange={(e) => dispatch({ type: "durationChange", duration: e.currentTarget.duration })}
        onEnded={() => dispatch({ type: "ended" })}
        onWaiting={() => dispatch({ type: "waiting" })}
        onPlaying={() => dispatch({ type: "canPlay" })}
        onCanPlay={() => dispatch({ type: "canPlay" })}
        onPlay={() => dispatch({ type: "play" })}
        onPause={(e) => {
          // Pauses the page did not ask for (OS media keys, headphones unplugged) update the state.
          // Not the pause a media error causes (the error handler decides), nor a late pause of a
          // source the state has already left.
          const el = e.currentTarget;
          const src = el.getAttribute("src");
          if (el.ended || el.error || !src || src !== stateRef.current.src) return;
          dispatch({ type: "pause" });
        }}
        onError={(e) => {
          const el = e.currentTarget;
          dispatch({ type: "audioError", code: el.error?.code ?? null, src: el.getAttribute("src") ?? "" });
        }}
      />
    </PlayerContext.Provider>
  );
}
