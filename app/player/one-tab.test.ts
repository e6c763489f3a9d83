import { describe, expect, it, vi } from "vitest";
import { createOneTabPlayback, type ChannelLike } from "./one-tab";

/** In-memory BroadcastChannel: a message reaches every other channel of the same bus. */
function bus() {
  const channels = new Set<FakeChannel>();
  class FakeChannel implements ChannelLike {
    listeners = new Set<(e: { data: unknown }) => void>();
    closed = false;
    constructor() {
      channels.add(this);
    }
    postMessage(data: unknown) {
      for (const c of channels)
        if (c !== this && !c.closed) for (const l of c.listeners) l({ data: structuredClone(data) });
    }
    addEventListener(_: "message", l: (e: { data: unknown }) => void) {
      this.listeners.add(l);
    }
    removeEventListener(_: "message", l: (e: { data: unknown }) => void) {
      this.listeners.delete(l);
    }
    close() {
      this.closed = true;
      channels.delete(this);
    }
  }
  return () => new FakeChannel();
}

describe("one tab playing at a time", () => {
  it("a tab that starts playing pauses every other tab, not itself", () => {
    const channel = bus();
    const pauseA = vi.fn();
    const pauseB = vi.fn();
    const pauseC = vi.fn();
    const a = createOneTabPlayback(channel(), "a", pauseA);
    createOneTabPlayback(channel(), "b", pauseB);
    createOneTabPlayback(channel(), "c", pauseC);
    a.announcePlaying();
    expect(pauseA).not.toHaveBeenCalled();
    expect(pauseB).toHaveBeenCalledTimes(1);
    expect(pauseC).toHaveBeenCalledTimes(1);
  });
  it("ignores foreign or malformed messages and its own id", () => {
    const channel = bus();
    const pause = vi.fn();
    createOneTabPlayback(channel(), "a", pause);
    const raw = channel();
    raw.postMessage("playing");
    raw.postMessage({ type: "paused", tab: "x" });
    raw.postMessage({ type: "playing" });
    raw.postMessage({ type: "playing", tab: 7 });
    raw.postMessage(null);
    raw.postMessage({ type: "playing", tab: "a" });
    expect(pause).not.toHaveBeenCalled();
    raw.postMessage({ type: "playing", tab: "b" });
    expect(pause).toHaveBeenCalledTimes(1);
  });
  it("a closed tab hears nothing", () => {
    const channel = bus();
    const pause = vi.fn();
    const a = createOneTabPlayback(channel(), "a", pause);
    const b = createOneTabPlayback(channel(), "b", vi.fn());
    a.close();
    b.announcePlaying();
    expect(pause).not.toHaveBeenCalled();
  });
});
