import { describe, expect, it } from "vitest";
import { commandForKey, describeKeyEvent, type KeyDescriptor } from "./keyboard";
import { createPlayerConfig, initialPlayerState, playerReducer, type PlayerAction } from "./machine";

const key = (k: string, extra: Partial<KeyDescriptor> = {}): KeyDescriptor => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: "BODY",
  targetIsContentEditable: false,
  ...extra,
});

describe("commandForKey", () => {
  it("space toggles play/pause", () => {
    expect(commandForKey(key(" "))).toEqual({ type: "toggle" });
    expect(commandForKey(key("Spacebar"))).toEqual({ type: "toggle" });
  });
  it("←/→ seek −15/+30 like the skip buttons", () => {
    expect(commandForKey(key("ArrowLeft"))).toEqual({ type: "skip", seconds: -15 });
    expect(commandForKey(key("ArrowRight"))).toEqual({ type: "skip", seconds: 30 });
  });
  it("Shift+←/→ change speed", () => {
    expect(commandForKey(key("ArrowLeft", { shiftKey: true }))).toEqual({ type: "stepRate", direction: -1 });
    expect(commandForKey(key("ArrowRight", { shiftKey: true }))).toEqual({ type: "stepRate", direction: 1 });
  });
  it("? opens help (typed with Shift on most layouts)", () => {
    expect(commandForKey(key("?", { shiftKey: true }))).toEqual({ type: "help" });
    expect(commandForKey(key("?"))).toEqual({ type: "help" });
  });
  it.each(["INPUT", "input", "TEXTAREA", "SELECT"])("never fires while typing in %s", (targetTag) => {
    for (const k of [" ", "ArrowLeft", "ArrowRight", "?"]) {
      expect(commandForKey(key(k, { targetTag }))).toBeNull();
    }
  });
  it("never fires in contentEditable", () => {
    expect(commandForKey(key(" ", { targetTag: "DIV", targetIsContentEditable: true }))).toBeNull();
  });
  it.each(["ctrlKey", "metaKey", "altKey"] as const)("never fires with %s", (mod) => {
    for (const k of [" ", "ArrowLeft", "ArrowRight", "?"]) {
      expect(commandForKey(key(k, { [mod]: true }))).toBeNull();
    }
  });
  it("space on a focused button or link is left to the element; arrows still work there", () => {
    expect(commandForKey(key(" ", { targetTag: "BUTTON" }))).toBeNull();
    expect(commandForKey(key(" ", { targetTag: "a" }))).toBeNull();
    expect(commandForKey(key("ArrowRight", { targetTag: "BUTTON" }))).toEqual({ type: "skip", seconds: 30 });
  });
  it("other keys and Shift+Space do nothing", () => {
    expect(commandForKey(key("k"))).toBeNull();
    expect(commandForKey(key("Enter"))).toBeNull();
    expect(commandForKey(key(" ", { shiftKey: true }))).toBeNull();
  });
  it("works without a target", () => {
    expect(commandForKey(key(" ", { targetTag: null }))).toEqual({ type: "toggle" });
  });
  it("commands other than help are player actions (speed stays within 0.5–3)", () => {
    let s = initialPlayerState(createPlayerConfig("https://live"));
    for (let i = 0; i < 20; i++)
      s = playerReducer(s, commandForKey(key("ArrowRight", { shiftKey: true })) as PlayerAction);
    expect(s.playbackRate).toBe(3);
    for (let i = 0; i < 20; i++)
      s = playerReducer(s, commandForKey(key("ArrowLeft", { shiftKey: true })) as PlayerAction);
    expect(s.playbackRate).toBe(0.5);
  });
});

describe("describeKeyEvent", () => {
  it("reads the target's tag and contentEditable", () => {
    const e = { key: " ", shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };
    const target = { tagName: "TEXTAREA", isContentEditable: false } as unknown as EventTarget;
    expect(describeKeyEvent({ ...e, target })).toMatchObject({ targetTag: "TEXTAREA", targetIsContentEditable: false });
    expect(describeKeyEvent({ ...e, target: null })).toMatchObject({ targetTag: null, targetIsContentEditable: false });
  });
});
