import { useEffect, useRef } from "react";
import { commandForKey, describeKeyEvent } from "./keyboard";
import type { PlayerAction } from "./machine";

/**
 * Global player shortcuts (./keyboard.ts): Space, ←/→, Shift+←/→ and "?" for help. Ignored
 * while typing in a field, with modifier keys, and for events a control already handled.
 */
export function useKeyboardShortcuts(dispatch: (action: PlayerAction) => void, onHelp: () => void) {
  const help = useRef(onHelp);
  help.current = onHelp;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || (event.repeat && event.key === " ")) return;
      const command = commandForKey(describeKeyEvent(event));
      if (!command) return;
      event.preventDefault();
      if (command.type === "help") help.current();
      else dispatch(command);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [dispatch]);
}
