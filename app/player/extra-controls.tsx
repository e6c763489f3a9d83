import { useEffect, useRef, useState } from "react";
import { usePlayer } from "./PlayerProvider";
import { ShareIcon } from "~/ui/primitives";
import { MoonIcon, VolumeIcon, VolumeOffIcon } from "./player-icons";
import { formatDuration } from "~/ui/time";
import { PLAYER_SPEEDS as SPEEDS } from "~/rules/player";
import type { SleepTimerApi } from "./use-sleep-timer";
import type { SleepOption } from "./sleep-timer";

/**
 * The desktop bar's extras (volume, speed, sleep timer, share at the current time), also in the
 * mobile "more" dialog (./PlayerDialogs.tsx): not in the first load (ADR 051).
 */

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

/** The desktop bar's extras, in their order there. */
export function ExtraControls({ sleep }: { sleep: SleepTimerApi }) {
  return (
    <>
      <VolumeControl />
      <SpeedControl />
      <SleepControl sleep={sleep} />
      <ShareAtTimeButton />
    </>
  );
}
