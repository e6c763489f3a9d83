import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { usePlayer } from "./PlayerProvider";
import { CloseIcon, DotsIcon, MicIcon, PauseIcon, PlayIcon } from "~/ui/primitives";
import { KeyboardIcon } from "./player-icons";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { MOBILE_VOICE_ALERT, PLAYER_TARGETS } from "~/rules/player";
import { useSleepTimer, type SleepTimerApi } from "./use-sleep-timer";
import { isPlayingish, LiveButton, NowPlayingText, PlayerStatus, PlayPause, SeekBar, SkipButtons } from "./controls";
import { ExtraControls } from "./extra-controls";

// The dialogs load when first opened (or when the pointer nears their button), not with the bars.
const loadDialogs = () => import("./PlayerDialogs");
const MoreModal = lazy(() => loadDialogs().then((m) => ({ default: m.MoreModal })));
const preloadDialogs = () => void loadDialogs();
// The cast icon shows once something has played (and a device is reachable).
const CastButton = lazy(() => import("./CastButton").then((m) => ({ default: m.CastButton })));
// Chapter controls load only for an episode that has chapters.
const PlayerChapters = lazy(() => import("./PlayerChapters").then((m) => ({ default: m.PlayerChapters })));

/**
 * The desktop bar and the mobile bar (./GlobalPlayer.tsx): both read the one player state and
 * share the sleep timer; CSS shows one of them.
 */
export function PlayerBars({ onHelp }: { onHelp: () => void }) {
  const { state, dispatch } = usePlayer();
  const sleep = useSleepTimer(state, dispatch);
  return (
    <>
      <DesktopPlayer sleep={sleep} onHelp={onHelp} />
      <MobilePlayer sleep={sleep} />
    </>
  );
}

function DesktopPlayer({ sleep, onHelp }: { sleep: SleepTimerApi; onHelp: () => void }) {
  const { state, everPlayed } = usePlayer();
  return (
    <section id={PLAYER_TARGETS.desktop} tabIndex={-1} className="desktop-player" aria-label="Player">
      <PlayerStatus />
      <img className="desktop-player__art" src={state.image || DEFAULT_EPISODE_IMAGE} alt="" width="56" height="56" />
      <NowPlayingText className="np" />
      <div className="transport" role="group" aria-label="Playback">
        <SkipButtons />
        {state.kind === "episode" && state.chaptersUrl ? (
          <Suspense fallback={null}>
            <PlayerChapters />
          </Suspense>
        ) : null}
      </div>
      <SeekBar />
      <div className="player-extras" role="group" aria-label="More player controls">
        <ExtraControls sleep={sleep} />
        {everPlayed ? (
          <Suspense fallback={null}>
            <CastButton />
          </Suspense>
        ) : null}
        <button
          type="button"
          className="icon-button shortcuts-button"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={onHelp}
          onPointerEnter={preloadDialogs}
          onFocus={preloadDialogs}
        >
          <KeyboardIcon size={20} />
        </button>
        <LiveButton />
      </div>
    </section>
  );
}

function MobilePlayer({ sleep }: { sleep: SleepTimerApi }) {
  const { state, dispatch } = usePlayer();
  const [collapsed, setCollapsed] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [still, setStill] = useState(false);
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
  // docs/product.md §4: the banner carries the episode's subtext; the current chapter follows it.
  const banner = [state.title || "Nothing playing", state.subtext, state.chapter?.title].filter(Boolean).join(" — ");
  return (
    <div className="mobile-player">
      {/* One dock at the bottom: the status strip (also over the round button) above the bar. */}
      <div
        id={PLAYER_TARGETS.mobile}
        tabIndex={-1}
        className={`mobile-player__dock${collapsed ? " mobile-player__dock--collapsed" : ""}`}
      >
        <PlayerStatus />
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
              <span className="mobile-player__window">
                <span className={`mobile-player__marquee${still ? " is-still" : ""}`}>{banner}</span>
              </span>
              {/* Moving text needs a way to stop it (WCAG 2.2.2); under reduced motion it never moves. */}
              <button
                type="button"
                className="marquee-toggle"
                aria-label="Stop scrolling the title"
                aria-pressed={still}
                onClick={() => setStill(!still)}
              >
                {still ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
              </button>
            </div>
            <div className="mobile-player__controls">
              <PlayPause size={26} />
              <LiveButton />
              <button
                type="button"
                className="icon-button"
                aria-label="Voice message"
                onClick={() => dispatch({ type: "notify", text: MOBILE_VOICE_ALERT })}
              >
                <MicIcon size={22} />
              </button>
              <button
                ref={moreRef}
                type="button"
                className="icon-button"
                aria-label="More"
                aria-haspopup="dialog"
                onClick={() => setMoreOpen(true)}
                onPointerDown={preloadDialogs}
                onFocus={preloadDialogs}
              >
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
      </div>
      {moreOpen ? (
        <Suspense fallback={null}>
          <MoreModal
            sleep={sleep}
            onClose={() => {
              setMoreOpen(false);
              moreRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
