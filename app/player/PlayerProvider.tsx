import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import {
  createPlayerConfig,
  initialPlayerState,
  muted,
  playerReducer,
  type EpisodeMedia,
  type PlayerAction,
  type PlayerState,
} from "./machine";
import { SOURCE_SWITCH_DELAY_MS } from "~/rules/player";

/**
 * The root-level player: one reducer (./machine.ts) and ONE <audio> element for the life of the
 * page. Rendered once in root.tsx outside <Outlet/>, so navigation never unmounts it.
 * The audio element mirrors the state; its events are dispatched back (the effect layer).
 */
interface PlayerApi {
  state: PlayerState;
  dispatch: (action: PlayerAction) => void;
  choose: (media: EpisodeMedia, startTime?: number | null) => void;
  toggle: () => void;
  goLive: () => void;
  audioRef: React.RefObject<HTMLAudioElement>;
}

const PlayerContext = createContext<PlayerApi | null>(null);

export function usePlayer(): PlayerApi {
  const ctx = useContext(PlayerContext);
  if (!ctx) throw new Error("usePlayer must be used inside <PlayerProvider>");
  return ctx;
}

export function PlayerProvider({ liveStreamUrl, children }: { liveStreamUrl: string; children: ReactNode }) {
  const [state, dispatch] = useReducer(playerReducer, liveStreamUrl, (url) => initialPlayerState(createPlayerConfig(url)));
  const audioRef = useRef<HTMLAudioElement>(null);

  // Alerts of SPEC §4 are window.alert with the exact text.
  useEffect(() => {
    if (state.alert) {
      window.alert(state.alert);
      dispatch({ type: "dismissAlert" });
    }
  }, [state.alert]);

  // SPEC §4: after 100 ms the new source and title are set and playback starts.
  const pendingId = state.pending?.id;
  useEffect(() => {
    if (pendingId === undefined) return;
    const t = window.setTimeout(() => dispatch({ type: "switchElapsed", id: pendingId }), SOURCE_SWITCH_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [pendingId]);

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
      audio.play().catch((error: unknown) => {
        // Autoplay refusal or an aborted load: reflect "paused" (media errors arrive via onError).
        if (error instanceof DOMException && error.name === "NotAllowedError") dispatch({ type: "pause" });
      });
    } else if (!state.playing && !audio.paused) {
      audio.pause();
    }
  }, [state.playing, state.src]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.playbackRate = state.playbackRate;
  }, [state.playbackRate]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.muted = muted(state);
  }, [state]);

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
  }, [state.requestedTime, state.src]);

  const choose = useCallback((media: EpisodeMedia, startTime?: number | null) => dispatch({ type: "choose", media, startTime }), []);
  const toggle = useCallback(() => dispatch({ type: "toggle" }), []);
  const goLive = useCallback(() => dispatch({ type: "goLive" }), []);
  const api = useMemo(() => ({ state, dispatch, choose, toggle, goLive, audioRef }), [state, choose, toggle, goLive]);

  return (
    <PlayerContext.Provider value={api}>
      {children}
      <audio
        ref={audioRef}
        id="global-audio"
        preload="none"
        onTimeUpdate={(e) => dispatch({ type: "timeUpdate", time: e.currentTarget.currentTime })}
        onDurationChange={(e) => dispatch({ type: "durationChange", duration: e.currentTarget.duration })}
        onEnded={() => dispatch({ type: "ended" })}
        onPlay={() => dispatch({ type: "play" })}
        onPause={(e) => {
          // Pauses the page did not ask for (OS media keys, headphones unplugged) update the state.
          if (!e.currentTarget.ended && e.currentTarget.getAttribute("src")) dispatch({ type: "pause" });
        }}
        onError={(e) => {
          const el = e.currentTarget;
          dispatch({ type: "audioError", code: el.error?.code ?? null, src: el.getAttribute("src") ?? "" });
        }}
      />
    </PlayerContext.Provider>
  );
}
