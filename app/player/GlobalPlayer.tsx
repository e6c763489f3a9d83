import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { usePlayer } from "./PlayerProvider";
import { CloseIcon, DotsIcon, LiveIcon, MicIcon, PauseIcon, PlayIcon, ShareIcon } from "~/components/icons";
import { KeyboardIcon, MoonIcon, SkipBackIcon, SkipForwardIcon } from "./player-icons";
import { CastButton } from "./CastButton";
import { formatDuration } from "~/utils/time";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { MOBILE_VOICE_ALERT, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, SPEED_MAX, SPEED_MIN, SPEED_STEP } from "~/rules/player";
import { useSleepTimer, type SleepTimerApi } from "./use-sleep-timer";
import { useKeyboardShortcuts } from "./use-keyboard-shortcuts";
import { shareAtTimeUrl, shareLink } from "./share";
import type { SleepOption } from "./sleep-timer";

/**
 * SPEC §2: wider screens show the desktop global player; below 550 px the mobile player text
 * banner and mobile controls, followed by a 103 px spacer. Both views read the one player state;
 * CSS shows one of them. Rendered once in root.tsx, outside <Outlet/>.
 */
export function GlobalPlayer() {
  const { state, dispatch } = usePlayer();
  const sleep = useSleepTimer(state, dispatch);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useKeyboardShortcuts(dispatch, openHelp);
  return (
    <>
      <DesktopPlayer sleep={sleep} onHelp={openHelp} />
      <MobilePlayer sleep={sleep} />
      {helpOpen ? <ShortcutHelp onClose={() => setHelpOpen(false)} /> : null}
    </>
  );
}

const SPEEDS: number[] = [];
for (let r = SPEED_MIN; r <= SPEED_MAX + 1e-9; r += SPEED_STEP) SPEEDS.push(Math.round(r * 100) / 100);

function isPlayingish(state: ReturnType<typeof usePlayer>["state"]): boolean {
  return state.playing || Boolean(state.pending?.autoplay);
}

function PlayPause({ size = 28, className = "pp-button" }: { size?: number; className?: string }) {
  const { state, toggle } = usePlayer();
  const playing = isPlayingish(state);
  return (
    <button type="button" className={className} onClick={toggle} aria-label={playing ? "Pause" : "Play"}>
      {playing ? <PauseIcon size={size} /> : <PlayIcon size={size} />}
    </button>
  );
}

function useCanSeek(): boolean {
  const { state } = usePlayer();
  return state.kind === "episode" && !state.pending && state.duration > 0;
}

function SkipButtons({ size = 26 }: { size?: number }) {
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
      title={onAir ? "Listening live" : "Listen to the live show"}
    >
      {onAir ? <span className="live-dot" aria-hidden="true" /> : <LiveIcon size={18} />}
      <span aria-hidden="true">{onAir ? "On air" : "Live"}</span>
    </button>
  );
}

function SeekBar() {
  const { state, dispatch } = usePlayer();
  const live = state.kind === "live";
  const canSeek = useCanSeek();
  const max = canSeek ? Math.floor(state.duration) : 0;
  const value = canSeek ? Math.min(max, Math.floor(state.currentTime)) : 0;
  return (
    <div className="seek" style={{ ["--progress" as string]: max > 0 ? `${(value / max) * 100}%` : "0%" }}>
      <span className="seek__time" data-testid="elapsed">
        <span className="visually-hidden">Elapsed </span>
        {live ? "LIVE" : formatDuration(state.currentTime)}
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
        aria-valuetext={live ? "Live" : `${formatDuration(state.currentTime)} of ${formatDuration(state.duration)}`}
      />
      <span className="seek__time" data-testid="total">
        <span className="visually-hidden">Total </span>
        {live ? "" : formatDuration(state.duration)}
      </span>
    </div>
  );
}

function SpeedControl() {
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

const SLEEP_LABEL: Record<string, string> = { "15": "15 min", "30": "30 min", "60": "60 min", "end-of-episode": "End of episode" };

function SleepControl({ sleep }: { sleep: SleepTimerApi }) {
  const value = sleep.timer.mode === "off" ? "off" : sleep.timer.mode === "minutes" ? String(sleep.timer.minutes) : "end-of-episode";
  const status =
    sleep.timer.mode === "minutes" ? `Sleep in ${sleep.minutesLeft} min` : sleep.timer.mode === "end-of-episode" ? "Sleep at end" : "";
  return (
    <label className={`select-control sleep-control${sleep.timer.mode !== "off" ? " sleep-control--on" : ""}`} title={status || "Sleep timer"}>
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
        {value === "end-of-episode" && !sleep.options.includes("end-of-episode") ? <option value="end-of-episode">End of episode</option> : null}
      </select>
      <span className="visually-hidden" aria-live="polite">
        {status}
      </span>
    </label>
  );
}

function ShareAtTimeButton({ withText = false }: { withText?: boolean }) {
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

function NowPlayingText({ className }: { className: string }) {
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

function DesktopPlayer({ sleep, onHelp }: { sleep: SleepTimerApi; onHelp: () => void }) {
  const { state, everPlayed } = usePlayer();
  return (
    <section className="desktop-player" aria-label="Player">
      <img className="desktop-player__art" src={state.image || DEFAULT_EPISODE_IMAGE} alt="" width="56" height="56" />
      <NowPlayingText className="np" />
      <div className="transport" role="group" aria-label="Playback">
        <SkipButtons />
      </div>
      <SeekBar />
      <div className="player-extras" role="group" aria-label="More player controls">
        <SpeedControl />
        <SleepControl sleep={sleep} />
        <ShareAtTimeButton />
        {everPlayed ? <CastButton /> : null}
        <button type="button" className="icon-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={onHelp}>
          <KeyboardIcon size={20} />
        </button>
        <LiveButton />
      </div>
    </section>
  );
}

function MobilePlayer({ sleep }: { sleep: SleepTimerApi }) {
  const { state } = usePlayer();
  const [collapsed, setCollapsed] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const floatingRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<"floating" | "close" | null>(null);
  useEffect(() => {
    // Keep the keyboard focus on the control that replaced the one just pressed.
    if (focusNext.current === "floating") floatingRef.current?.focus();
    if (focusNext.current === "close") closeRef.current?.focus();
    focusNext.current = null;
  }, [collapsed]);
  const playing = isPlayingish(state);
  const banner = `${state.title || "Nothing playing"}${state.subtext ? ` — ${state.subtext}` : ""}`;
  return (
    <div className="mobile-player">
      {collapsed ? (
        <button
          ref={floatingRef}
          type="button"
          className={`floating-play${playing ? " floating-play--playing" : ""}`}
          onClick={() => {
            focusNext.current = "close";
            setCollapsed(false);
          }}
          aria-label={playing ? "Open player (playing)" : "Open player"}
          data-testid="floating-play"
        >
          {playing ? <PauseIcon size={28} /> : <PlayIcon size={28} />}
        </button>
      ) : (
        <section className="mobile-player__bar" aria-label="Mobile player">
          <div className="mobile-player__banner" data-testid="mobile-banner" title={banner}>
            <span className="mobile-player__marquee">{banner}</span>
          </div>
          <div className="mobile-player__controls">
            <PlayPause size={26} />
            <LiveButton />
            <button type="button" className="icon-button" aria-label="Voice message" onClick={() => window.alert(MOBILE_VOICE_ALERT)}>
              <MicIcon size={22} />
            </button>
            <button ref={moreRef} type="button" className="icon-button" aria-label="More" aria-haspopup="dialog" onClick={() => setMoreOpen(true)}>
              <DotsIcon size={22} />
            </button>
            <button
              ref={closeRef}
              type="button"
              className="icon-button"
              aria-label="Close player"
              onClick={() => {
                focusNext.current = "floating";
                setCollapsed(true);
              }}
            >
              <CloseIcon size={22} />
            </button>
          </div>
        </section>
      )}
      {moreOpen ? (
        <MoreModal
          sleep={sleep}
          onClose={() => {
            setMoreOpen(false);
            moreRef.current?.focus();
          }}
        />
      ) : null}
      <div className="mobile-spacer" aria-hidden="true" />
    </div>
  );
}

/** Focus stays inside an open modal: Tab from the last control goes to the first, and back. */
function trapTab(e: React.KeyboardEvent<HTMLElement>) {
  if (e.key !== "Tab") return;
  const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>("button:not([disabled]), select, input:not([disabled]), a[href]")];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function Modal({ titleId, onClose, children, className = "" }: { titleId: string; onClose: () => void; children: ReactNode; className?: string }) {
  useEffect(() => {
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = "hidden";
    return () => {
      body.style.overflow = previous;
    };
  }, []);
  return (
    <div className="modal-backdrop" data-testid="modal-backdrop" onClick={onClose} role="presentation">
      <div
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.stopPropagation();
            onClose();
          } else trapTab(e);
        }}
      >
        {children}
      </div>
    </div>
  );
}

/** SPEC §2 "A 'more' dots menu opens a modal. A click on the backdrop or on Close closes it." */
function MoreModal({ sleep, onClose }: { sleep: SleepTimerApi; onClose: () => void }) {
  const { state } = usePlayer();
  const titleId = useId();
  return (
    <Modal titleId={titleId} onClose={onClose} className="more-modal">
      <h2 id={titleId} className="more-modal__heading">
        Now playing
      </h2>
      <img className="more-modal__art" src={state.image || DEFAULT_EPISODE_IMAGE} alt="" width="120" height="120" />
      <p className="np__title more-modal__title">{state.title || "Nothing playing"}</p>
      <p className="np__subtext">{state.subtext}</p>
      <SeekBar />
      <div className="transport transport--modal" role="group" aria-label="Playback">
        <SkipButtons />
      </div>
      <div className="more-modal__row">
        <SpeedControl />
        <SleepControl sleep={sleep} />
        <CastButton />
      </div>
      <div className="more-modal__row">
        <ShareAtTimeButton withText />
      </div>
      <button type="button" className="button more-modal__close" onClick={onClose} autoFocus>
        Close
      </button>
    </Modal>
  );
}

const SHORTCUTS: [string, string][] = [
  ["Space", "Play / pause"],
  ["←", `Back ${SKIP_BACK_SECONDS} seconds`],
  ["→", `Forward ${SKIP_FORWARD_SECONDS} seconds`],
  ["Shift + ←", "Slower"],
  ["Shift + →", "Faster"],
  ["?", "Show this help"],
];

/** The "?" help: which keys do what. Not while typing in a field (see ./keyboard.ts). */
function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const previous = useRef<Element | null>(null);
  useEffect(() => {
    previous.current = document.activeElement;
    return () => {
      if (previous.current instanceof HTMLElement) previous.current.focus();
    };
  }, []);
  return (
    <Modal titleId={titleId} onClose={onClose} className="shortcut-help">
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <dl className="shortcut-list">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">Shortcuts are off while you type in a field.</p>
      <button type="button" className="button" onClick={onClose} autoFocus>
        Close
      </button>
    </Modal>
  );
}
