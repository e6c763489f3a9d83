import { Link } from "@remix-run/react";
import { usePlayer } from "./PlayerProvider";
import { LiveIcon, PauseIcon, PlayIcon } from "~/ui/primitives";
import { SkipBackIcon, SkipForwardIcon } from "./player-icons";
import { formatDuration } from "~/ui/time";
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from "~/rules/player";

/**
 * The player's controls, shared by the desktop bar, the mobile bar (./GlobalPlayer.tsx) and the
 * mobile "more" dialog (./PlayerDialogs.tsx). All read the one player state (./PlayerProvider).
 * The desktop bar's extras are in ./extra-controls.tsx.
 */

/** The error clip is a notice about the source, not the listener's playback: the bar shows Play. */
export function isPlayingish(state: ReturnType<typeof usePlayer>["state"]): boolean {
  return (state.playing && state.kind !== "error") || Boolean(state.pending?.autoplay);
}

export function PlayPause({ size = 28, className = "pp-button" }: { size?: number; className?: string }) {
  const { state, toggle, dispatch } = usePlayer();
  const playing = isPlayingish(state);
  // Play after a failure tries the failed source again (as the status's Retry does).
  const onClick = state.kind === "error" && state.failure ? () => dispatch({ type: "retry" }) : toggle;
  return (
    <button type="button" className={className} onClick={onClick} aria-label={playing ? "Pause" : "Play"}>
      {playing ? <PauseIcon size={size} /> : <PlayIcon size={size} />}
    </button>
  );
}

export function useCanSeek(): boolean {
  const { state } = usePlayer();
  return state.kind === "episode" && !state.pending && state.duration > 0;
}

export function SkipButtons({ size = 26 }: { size?: number }) {
  const { dispatch } = usePlayer();
  const canSeek = useCanSeek();
  return (
    <>
      <button
        type="button"
        className="skip-button"
        aria-label={`Back ${SKIP_BACK_SECONDS} seconds`}
        disabled={!canSeek}
        onClick={() => dispatch({ type: "skip", seconds: -SKIP_BACK_SECONDS })}
      >
        <SkipBackIcon seconds={SKIP_BACK_SECONDS} size={size} />
      </button>
      <PlayPause />
      <button
        type="button"
        className="skip-button"
        aria-label={`Forward ${SKIP_FORWARD_SECONDS} seconds`}
        disabled={!canSeek}
        onClick={() => dispatch({ type: "skip", seconds: SKIP_FORWARD_SECONDS })}
      >
        <SkipForwardIcon seconds={SKIP_FORWARD_SECONDS} size={size} />
      </button>
    </>
  );
}

export function LiveButton() {
  const { state, goLive } = usePlayer();
  const onAir = state.live && state.kind === "live";
  return (
    <button
      type="button"
      className={`live-button${onAir ? " live-button--on" : ""}`}
      onClick={goLive}
      aria-label="Go live"
      aria-pressed={onAir}
      title={onAir ? "Listening live" : "Listen to the live show"}
    >
      {onAir ? <span className="live-dot" aria-hidden="true" /> : <LiveIcon size={18} />}
      <span aria-hidden="true">{onAir ? "On air" : "Live"}</span>
    </button>
  );
}

export function SeekBar() {
  const { state, dispatch } = usePlayer();
  const live = state.kind === "live";
  // The error clip's own times (0:00 of 0:04) would read as the episode's.
  const clip = state.kind === "error";
  const canSeek = useCanSeek();
  const max = canSeek ? Math.floor(state.duration) : 0;
  const value = canSeek ? Math.min(max, Math.floor(state.currentTime)) : 0;
  return (
    <div className="seek" style={{ ["--progress" as string]: max > 0 ? `${(value / max) * 100}%` : "0%" }}>
      <span className="seek__time" data-testid="elapsed">
        <span className="visually-hidden">Elapsed </span>
        {live ? "LIVE" : clip ? "" : formatDuration(state.currentTime)}
      </span>
      <input
        type="range"
        className="seek__range"
        aria-label="Seek"
        min={0}
        max={max}
        step={1}
        value={value}
        disabled={!canSeek}
        onChange={(e) => dispatch({ type: "seek", time: Number(e.currentTarget.value) })}
        aria-valuetext={
          live
            ? "Live"
            : clip
              ? "Not playing"
              : `${formatDuration(state.currentTime)} of ${formatDuration(state.duration)}`
        }
      />
      <span className="seek__time" data-testid="total">
        <span className="visually-hidden">Total </span>
        {live || clip ? "" : formatDuration(state.duration)}
      </span>
    </div>
  );
}

export function NowPlayingText({ className }: { className: string }) {
  const { state } = usePlayer();
  return (
    <div className={className}>
      <p className="np__title" data-testid="player-title" title={state.title}>
        {state.title || "Nothing playing"}
      </p>
      <p className="np__subtext" data-testid="player-subtext" title={state.subtext}>
        {state.subtext}
      </p>
    </div>
  );
}

/**
 * What is happening, in words (announced): the reply to a press the page cannot act on (the
 * spec's alerts), a failed source with its reason and a retry, buffering, the resume offer, a
 * session that ended elsewhere.
 */
export function PlayerStatus() {
  const { state, dispatch } = usePlayer();
  const { alert, failure, resume, notice } = state;
  return (
    <div className="player-status" role="status" data-testid="player-status">
      {alert ? (
        <>
          {/* Keyed by the notice: the same text raised again is a new node, announced again. */}
          <span key={alert.id} data-testid="player-notice">
            {alert.text}
          </span>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => dispatch({ type: "dismissAlert" })}
          >
            Dismiss
          </button>
        </>
      ) : failure ? (
        <>
          <span>
            {failure.live ? "Live stream unavailable" : `Could not play ${failure.title}`}: {failure.reason}
          </span>
          <button type="button" className="button button--small" onClick={() => dispatch({ type: "retry" })}>
            Retry
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => dispatch({ type: "dismissFailure" })}
          >
            Dismiss
          </button>
        </>
      ) : state.buffering ? (
        <span>Buffering…</span>
      ) : resume ? (
        <>
          <span>
            Continue {resume.title} at {formatDuration(resume.time)}?
          </span>
          <button type="button" className="button button--small" onClick={() => dispatch({ type: "play" })}>
            Continue
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => dispatch({ type: "dismissResume" })}
          >
            Not now
          </button>
        </>
      ) : notice ? (
        <>
          <span>{notice}</span>
          <Link to="/signin" className="button button--small">
            Sign in
          </Link>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => dispatch({ type: "dismissNotice" })}
          >
            Dismiss
          </button>
        </>
      ) : null}
    </div>
  );
}
