import { useEffect, useRef } from "react";
import { afterLoad } from "~/ui/after-load";
import type { PlayerAction } from "./machine";

/**
 * Global player shortcuts (./keyboard.ts): Space, ←/→, Shift+←/→ and "?" for help. Ignored
 * while typing in a field, with modifier keys, and for events a control already handled. The
 * key map loads after the window's load event (not part of the first load, ADR 008).
 */
export function useKeyboardShortcuts(dispatch: (action: PlayerAction) => void, onHelp: () => void) {
  const help = useRef(onHelp);
  help.current = onHelp;
  useEffect(() => {
    let stopped = false;
    let onKeyDown: ((event: KeyboardEvent) => void) | undefined;
    const cancelWait = afterLoad(() => {
      import("./keyboard")
        .then(({ commandForKey, describeKeyEvent }) => {
          if (stopped) return;
          onKeyDown = (event) => {
            if (event.defaultPrevented || event.isComposing || (event.repeat && event.key === " ")) return;
            const command = commandForKey(describeKeyEvent(event));
            if (!command) return;
            event.preventDefault();
            if (command.type === "help") help.current();
            else dispatch(command);
          };
          document.addEventListener("keydown", onKeyDown);
        })
        .catch((error: unknown) => console.warn("keyboard shortcuts: could not load", error));
    });
    return () => {
      stopped = true;
      cancelWait();
      if (onKeyDown) document.removeEventListener("keydown", onKeyDown);
    };
  }, [dispatch]);
}
