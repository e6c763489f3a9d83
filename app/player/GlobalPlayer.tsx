import { useState } from "react";
import { usePlayer } from "./PlayerProvider";
import { CloseIcon, DotsIcon, LiveIcon, MicIcon, PauseIcon, PlayIcon } from "~/components/icons";
import { formatDuration } from "~/utils/time";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { MOBILE_VOICE_ALERT } from "~/rules/player";

/**
 * SPEC §2: wider screens show the desktop global player; below 550 px the mobile player text
 * banner and mobile controls, followed by a 103 px spacer. Both views read the one player state.
 */
export function GlobalPlayer() {
  return (
    <>
      <DesktopPlayer />
      <MobilePlayer />
    </>
  );
}

function PlayPause({ size = 28, className = "pp-button" }: { size?: number; className?: string }) {
  const { state, toggle } = usePlayer();
  const playing = state.playing || Boolean(state.pending?.autoplay);
  return (
    <button type="button" className={className} onClick={toggle} aria-label={playing ? "Pause" : "Play"}>
      {playing ? <PauseIcon size={size} /> : <PlayIcon size={size} />}
    </button>
  );
}

function LiveButton() {
  const { state, goLive } = usePlayer();
  const onAir = state.live && state.kind === "live";
  return (
    <button
      type="button"
      className={`live-button${onAir ? " live-button--on" : ""}`}
      onClick={goLive}
      aria-label="Go live"
      aria-pressed={onAir}
    >
      <LiveIcon size={18} /> <span>{onAir ? "On air" : "Live"}</span>
    </button>
  );
}

function SeekBar() {
  const { state, dispatch } = usePlayer();
  const live = state.kind === "live";
  const canSeek = state.kind === "episode" && state.duration > 0;
  return (
    <div className="seek">
      <span className="seek__time" aria-label="Elapsed">
        {live ? "LIVE" : formatDuration(state.currentTime)}
      </span>
      <input
        type="range"
        className="seek__range"
        aria-label="Seek"
        min={0}
        max={canSeek ? Math.floor(state.duration) : 0}
        step={1}
        value={canSeek ? Math.floor(state.currentTime) : 0}
        disabled={!canSeek}
        onChange={(e) => dispatch({ type: "seek", time: Number(e.currentTarget.value) })}
        aria-valuetext={`${formatDuration(state.currentTime)} of ${formatDuration(state.duration)}`}
      />
      <span className="seek__time" aria-label="Total">
        {live ? "" : formatDuration(state.duration)}
      </span>
    </div>
  );
}

function NowPlayingText({ className }: { className: string }) {
  const { state } = usePlayer();
  return (
    <div className={className}>
      <p className="np__title">{state.title || "Nothing playing"}</p>
      <p className="np__subtext">{state.subtext}</p>
    </div>
  );
}

function DesktopPlayer() {
  const { state } = usePlayer();
  return (
    <section className="desktop-player" aria-label="Player">
      <img className="desktop-player__art" src={state.image || DEFAULT_EPISODE_IMAGE} alt="" width="56" height="56" />
      <NowPlayingText className="np" />
      <PlayPause />
      <SeekBar />
      <LiveButton />
    </section>
  );
}

function MobilePlayer() {
  const { state } = usePlayer();
  const [collapsed, setCollapsed] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const playing = state.playing || Boolean(state.pending?.autoplay);
  return (
    <div className="mobile-player">
      {collapsed ? (
        <MobileFloatingButton playing={playing} onOpen={() => setCollapsed(false)} />
      ) : (
        <section className="mobile-player__bar" aria-label="Mobile player">
          <div className="mobile-player__banner" aria-live="off">
            <span className="mobile-player__marquee">
              {state.title || "Nothing playing"}
              {state.subtext ? ` — ${state.subtext}` : ""}
            </span>
          </div>
          <div className="mobile-player__controls">
            <PlayPause size={26} />
            <LiveButton />
            <button type="button" className="icon-button" aria-label="Voice message" onClick={() => window.alert(MOBILE_VOICE_ALERT)}>
              <MicIcon size={22} />
            </button>
            <button type="button" className="icon-button" aria-label="More" aria-haspopup="dialog" onClick={() => setMoreOpen(true)}>
              <DotsIcon size={22} />
            </button>
            <button type="button" className="icon-button" aria-label="Close player" onClick={() => setCollapsed(true)}>
              <CloseIcon size={22} />
            </button>
          </div>
        </section>
      )}
      {moreOpen ? <MoreModal onClose={() => setMoreOpen(false)} /> : null}
      <div className="mobile-spacer" aria-hidden="true" />
    </div>
  );
}

/** SPEC §2 "A close button collapses the controls to a floating round play/pause button. Tapping it reopens them." */
function MobileFloatingButton({ playing, onOpen }: { playing: boolean; onOpen: () => void }) {
  return (
    <button type="button" className="floating-play" onClick={onOpen} aria-label={playing ? "Open player (playing)" : "Open player"}>
      {playing ? <PauseIcon size={28} /> : <PlayIcon size={28} />}
    </button>
  );
}

/** SPEC §2 "A 'more' dots menu opens a modal. A click on the backdrop or on Close closes it." */
function MoreModal({ onClose }: { onClose: () => void }) {
  const { state } = usePlayer();
  return (
    <div className="modal-backdrop" data-testid="modal-backdrop" onClick={onClose} role="presentation">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="more-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === "Escape" && onClose()}
      >
        <h2 id="more-title">Now playing</h2>
        <img src={state.image || DEFAULT_EPISODE_IMAGE} alt="" width="120" height="120" />
        <p className="np__title">{state.title || "Nothing playing"}</p>
        <p className="np__subtext">{state.subtext}</p>
        <SeekBar />
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
