// The server's half of the player bars (./GlobalPlayer.tsx): rendered in full on the server only.
import { createElement } from "react";
import { markupOnce } from "~/ui/later-markup.server";
import { PlayerBars } from "./PlayerBars";
import { PlayerContext, usePlayer } from "./PlayerProvider";

export { PlayerBars };

const noHelp = () => {};

/**
 * The bars' markup, made once per player state (ADR 057): all they show on the server is the
 * state (nothing has played there, so no cast button or chapters). One state per live stream
 * URL in practice.
 */
export function usePlayerBarsMarkup(): string | null {
  const api = usePlayer();
  if (api.everPlayed) return null;
  return markupOnce(`player-bars ${JSON.stringify(api.state)}`, () =>
    createElement(PlayerContext.Provider, { value: api }, createElement(PlayerBars, { onHelp: noHelp })),
  );
}
