import { useEffect, useRef, useState } from "react";
import { usePlayer } from "./PlayerProvider";
import { AppLink, LiveIcon, PauseIcon, PlayIcon, ShareIcon } from "~/ui/primitives";
import { MoonIcon, SkipBackIcon, SkipForwardIcon, VolumeIcon, VolumeOffIcon } from "./player-icons";
import { formatDuration } from "~/ui/time";
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, SPEED_MAX, SPEED_MIN, SPEED_STEP } from "~/rules/player";
import type { SleepTimerApi } from "./use-sleep-timer";
import type { SleepOption } from "./sleep-timer";

/**
 * The player's controls, shared by the desktop bar, the mobile bar (./GlobalPlayer.tsx) and the
 * mobile "more" dialog (./PlayerDialogs.tsx). All read the one player state (./PlayerProvider).
 */
const SPEEDS: number[] = [];
for (let r = SPEED_MIN; r <= SPEED_MAX + 1e-9; r += SPEED_STEP) SPEEDS.push(Math.round(r * 100) / 100);

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

/** Desktop only: phones have their own volume buttons. */
export function VolumeControl() {
  const { state, dispatch } = usePlayer();
  const level = state.userMuted ? 0 : Math.round(state.volume * 100);
  return (
    <div className="volume" role="group" aria-label="Volume">
      <button
        type="button"
        className="icon-button"
        aria-label="Mute"
        aria-pressed={state.userMuted}
        title={state.userMuted ? "Unmute" : "Mute"}
        onClick={() => dispatch({ type: "toggleMute" })}
      >
        {level === 0 ? <VolumeOffIcon size={20} /> : <VolumeIcon size={20} />}
      </button>
      <input
        type="range"
        className="seek__range volume__range"
        aria-label="Volume"
        min={0}
        max={100}
        step={5}
        value={level}
        style={{ ["--progress" as string]: `${level}%` }}
        aria-valuetext={level === 0 ? "Muted" : `${level}%`}
        onChange={(e) => dispatch({ type: "setVolume", volume: Number(e.currentTarget.value) / 100 })}
      />
    </div>
  );
}

export function SpeedControl() {
  const { state, dispatch } = usePlayer();
  return (
    <label className="select-control" title="Playback speed">
      <span className="visually-hidden">Playback speed</span>
      <select
        aria-label="Playback speed"
        value={String(state.playbackRate)}
        onChange={(e) => dispatch({ type: "setPlaybackRate", rate: Number(e.currentTarget.value) })}
      >
        {SPEEDS.map((r) => (
          <option key={r} value={String(r)}>
            {r}×
          </option>
        ))}
      </select>
    </label>
  );
}

const SLEEP_LABEL: Record<string, string> = {
  "15": "15 min",
  "30": "30 min",
  "60": "60 min",
  "end-of-episode": "End of episode",
};

export function SleepControl({ sleep }: { sleep: SleepTimerApi }) {
  const value =
    sleep.timer.mode === "off"
      ? "off"
      : sleep.timer.mode === "minutes"
        ? String(sleep.timer.minutes)
        : "end-of-episode";
  const status =
    sleep.timer.mode === "minutes"
      ? `Sleep in ${sleep.minutesLeft} min`
      : sleep.timer.mode === "end-of-episode"
        ? "Sleep at end"
        : "";
  return (
    <label
      className={`select-control sleep-control${sleep.timer.mode !== "off" ? " sleep-control--on" : ""}`}
      title={status || "Sleep timer"}
    >
      <MoonIcon size={16} />
      <select
        aria-label="Sleep timer"
        value={value}
        onChange={(e) => {
          const v = e.currentTarget.value;
          sleep.set(v === "off" ? "off" : v === "end-of-episode" ? "end-of-episode" : (Number(v) as SleepOption));
        }}
      >
        <option value="off">Off</option>
        {sleep.options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {SLEEP_LABEL[String(o)]}
          </option>
        ))}
        {value === "end-of-episode" && !sleep.options.includes("end-of-episode") ? (
          <option value="end-of-episode">End of episode</option>
        ) : null}
      </select>
      <span className="visually-hidden" aria-live="polite">
        {status}
      </span>
    </label>
  );
}

export function ShareAtTimeButton({ withText = false }: { withText?: boolean }) {
  const { state } = usePlayer();
  const [note, setNote] = useState("");
  const noteTimer = useRef<number>();
  useEffect(() => () => window.clearTimeout(noteTimer.current), []);
  const canShare = state.kind === "episode" && !state.pending;
  return (
    <>
      <button
        type="button"
        className={withText ? "button button--ghost" : "icon-button"}
        aria-label="Share at current time"
        title="Share a link that starts at this moment"
        disabled={!canShare}
        onClick={async () => {
          // The share helpers load on the first click (not part of the first load).
          const { shareAtTimeUrl, shareLink } = await import("./share");
          const url = shareAtTimeUrl(state, window.location.origin);
          if (!url) return;
          const outcome = await shareLink(url, `${state.title} — The Ham Radio Show`);
          const text = outcome === "copied" ? "Link copied" : outcome === "failed" ? "Could not share the link" : "";
          setNote(text);
          window.clearTimeout(noteTimer.current);
          noteTimer.current = window.setTimeout(() => setNote(""), 4_000);
        }}
      >
        <ShareIcon size={20} />
        {withText ? <span>Share at {formatDuration(state.currentTime)}</span> : null}
      </button>
      <span className="share-note" role="status">
        {note}
      </span>
    </>
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
 * What is happening, in words (announced): a failed source with its reason and a retry,
 * buffering, the resume offer after sign-in, a session that ended elsewhere.
 */
export function PlayerStatus() {
  const { state, dispatch } = usePlayer();
  const { failure, resume, notice } = state;
  return (
    <div className="player-status" role="status" data-testid="player-status">
      {failure ? (
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
          <AppLink to="/signin" className="button button--small">
            Sign in
          </AppLink>
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
