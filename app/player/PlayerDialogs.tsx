import { useEffect, useId, useRef, type ReactNode } from "react";
import { usePlayer } from "./PlayerProvider";
import { CastButton } from "./CastButton";
import { PlayerChapters } from "./PlayerChapters";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from "~/rules/player";
import { SeekBar, SkipButtons } from "./controls";
import { ShareAtTimeButton, SleepControl, SpeedControl } from "./extra-controls";
import type { SleepTimerApi } from "./use-sleep-timer";
import { holdModal } from "~/ui/modal-open";

/** The mobile "more" menu and the keyboard help; lazy, so only a listener who opens one downloads them. */
/** Focus stays inside an open modal: Tab from the last control goes to the first, and back. */
function trapTab(e: React.KeyboardEvent<HTMLElement>) {
  if (e.key !== "Tab") return;
  const focusable = [
    ...e.currentTarget.querySelectorAll<HTMLElement>("button:not([disabled]), select, input:not([disabled]), a[href]"),
  ];
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

function Modal({
  titleId,
  onClose,
  children,
  className = "",
}: {
  titleId: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  useEffect(() => {
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = "hidden";
    const release = holdModal();
    return () => {
      body.style.overflow = previous;
      release();
    };
  }, []);
  return (
    // Clicking beside the dialog is a mouse shortcut; Escape and Close are the keyboard's way out.
    <div className="modal-backdrop" data-testid="modal-backdrop" onClick={onClose} role="presentation">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- keeps a click inside from closing it */}
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

/** docs/product.md §2 "A 'more' dots menu opens a modal. A click on the backdrop or on Close closes it." */
export function MoreModal({ sleep, onClose }: { sleep: SleepTimerApi; onClose: () => void }) {
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
      {state.kind === "episode" && state.chaptersUrl ? <PlayerChapters /> : null}
      <div className="more-modal__row">
        <SpeedControl />
        <SleepControl sleep={sleep} />
        <CastButton />
      </div>
      <div className="more-modal__row">
        <ShareAtTimeButton withText />
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog takes the focus */}
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
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
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
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog takes the focus */}
      <button type="button" className="button" onClick={onClose} autoFocus>
        Close
      </button>
    </Modal>
  );
}
