/**
 * Player keyboard shortcuts: Space play/pause; ← / → skip back / forward; Shift+← / → speed;
 * ? help. Never while typing or with Ctrl/Meta/Alt (browser and OS shortcuts keep working);
 * Space on a focused button or link is left to the element.
 */
import type { PlayerAction } from "./machine";
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from "../rules/player";

export interface KeyDescriptor {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The event target's tagName (any case), e.g. "INPUT". */
  targetTag?: string | null;
  targetIsContentEditable?: boolean;
}

export type KeyCommand = Extract<PlayerAction, { type: "toggle" | "skip" | "stepRate" }> | { type: "help" };

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const ACTIVATABLE_TAGS = new Set(["BUTTON", "A", "SUMMARY"]);

/** Builds the descriptor from a DOM KeyboardEvent (kept here so the view stays one line). */
export function describeKeyEvent(
  e: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey" | "target">,
): KeyDescriptor {
  const target = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  return {
    key: e.key,
    shiftKey: e.shiftKey,
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
    targetTag: target?.tagName ?? null,
    targetIsContentEditable: target?.isContentEditable ?? false,
  };
}

export function commandForKey(e: KeyDescriptor): KeyCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const tag = (e.targetTag ?? "").toUpperCase();
  if (TYPING_TAGS.has(tag) || e.targetIsContentEditable) return null;

  switch (e.key) {
    case " ":
    case "Spacebar":
      return e.shiftKey || ACTIVATABLE_TAGS.has(tag) ? null : { type: "toggle" };
    case "ArrowLeft":
    case "Left":
      return e.shiftKey ? { type: "stepRate", direction: -1 } : { type: "skip", seconds: -SKIP_BACK_SECONDS };
    case "ArrowRight":
    case "Right":
      return e.shiftKey ? { type: "stepRate", direction: 1 } : { type: "skip", seconds: SKIP_FORWARD_SECONDS };
    case "?":
      return { type: "help" };
    default:
      return null;
  }
}
