import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { usePlayer } from "./PlayerProvider";
import { LiveIcon } from "~/ui/primitives";
import { LIVE_PAGE_PATH, PLAYER_TARGETS } from "~/rules/player";
import { useKeyboardShortcuts } from "./use-keyboard-shortcuts";
// In the first load: a press on play before the load event must not be lost.
import { PlayerBars } from "./PlayerBars";
// The keyboard help loads when first opened, not with the page.
const ShortcutHelp = lazy(() => import("./PlayerDialogs").then((m) => ({ default: m.ShortcutHelp })));

/**
 * The player comes after the footer in the page (it is fixed to the bottom): "Skip to player",
 * right after "Skip to content", reaches it in two Tab stops, in whichever layout is shown.
 */
export function SkipToPlayer() {
  return (
    <>
      <a className="skip-link skip-link--desktop js-only" href={`#${PLAYER_TARGETS.desktop}`}>
        Skip to player
      </a>
      <a className="skip-link skip-link--mobile js-only" href={`#${PLAYER_TARGETS.mobile}`}>
        Skip to player
      </a>
      <noscript>
        <a className="skip-link" href={`#${PLAYER_TARGETS.nojs}`}>
          Skip to player
        </a>
      </noscript>
    </>
  );
}

/**
 * docs/product.md §2: wider screens show the desktop global player; below 550 px the mobile player text
 * banner and mobile controls, followed by a 103 px spacer (with or without JavaScript). Both views
 * read the one player state; CSS shows one of them. Rendered once in root.tsx, outside <Outlet/>.
 */
export function GlobalPlayer() {
  const { dispatch } = usePlayer();
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useKeyboardShortcuts(dispatch, openHelp);
  // The wrapper has no box (.player-root: display: contents): it only hides both players without JavaScript.
  return (
    <>
      <div className="player-root js-only">
        <PlayerBars onHelp={openHelp} />
      </div>
      {/* Outside the wrapper: without JavaScript the link bar below is fixed to the bottom too. */}
      <div className="mobile-spacer" aria-hidden="true" />
      <noscript>
        <nav id={PLAYER_TARGETS.nojs} tabIndex={-1} className="nojs-player" aria-label="Player">
          <Link to={LIVE_PAGE_PATH} className="live-button">
            <LiveIcon size={18} /> Listen live
          </Link>
          <span className="nojs-player__note">Episodes play on their own pages.</span>
        </nav>
      </noscript>
      {helpOpen ? (
        <Suspense fallback={null}>
          <ShortcutHelp onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
