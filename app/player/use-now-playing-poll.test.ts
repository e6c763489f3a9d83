import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchLiveStream } from "./use-now-playing-poll";

const QUIET_MS = 4_500;
const element = (duration: number) => Object.assign(new EventTarget(), { duration });
const fire = (target: EventTarget, type: string) => target.dispatchEvent(new Event(type));

describe("watchLiveStream", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a live stream's download stopping for good: Icecast dropped the listener, long before the burst it sent is played", () => {
    const audio = element(Infinity);
    const stopped = vi.fn();
    watchLiveStream(audio, stopped, QUIET_MS);
    fire(audio, "suspend");
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(stopped).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it("not a download the browser only paused: progress follows the suspend, every time", () => {
    const audio = element(Infinity);
    const stopped = vi.fn();
    watchLiveStream(audio, stopped, QUIET_MS);
    for (let i = 0; i < 10; i++) {
      fire(audio, "suspend");
      vi.advanceTimersByTime(2_000);
      fire(audio, "progress");
    }
    vi.advanceTimersByTime(QUIET_MS * 2);
    expect(stopped).not.toHaveBeenCalled();
  });

  it("not a file of known length that is all downloaded, nor a stream before its metadata", () => {
    for (const duration of [58.07, NaN]) {
      const audio = element(duration);
      const stopped = vi.fn();
      watchLiveStream(audio, stopped, QUIET_MS);
      fire(audio, "suspend");
      vi.advanceTimersByTime(QUIET_MS * 2);
      expect(stopped).not.toHaveBeenCalled();
    }
  });

  it("the element ending, erring, stalling or emptied, at once; not a pause or a wait for data", () => {
    const audio = element(58.07);
    const stopped = vi.fn();
    watchLiveStream(audio, stopped, QUIET_MS);
    for (const type of ["pause", "waiting", "progress", "durationchange"]) fire(audio, type);
    expect(stopped).not.toHaveBeenCalled();
    for (const type of ["ended", "error", "stalled", "emptied"]) fire(audio, type);
    expect(stopped).toHaveBeenCalledTimes(4);
  });

  it("nothing once unwatched, not even a suspend's timer", () => {
    const audio = element(Infinity);
    const stopped = vi.fn();
    const unwatch = watchLiveStream(audio, stopped, QUIET_MS);
    fire(audio, "suspend");
    unwatch();
    fire(audio, "ended");
    vi.advanceTimersByTime(QUIET_MS * 2);
    expect(stopped).not.toHaveBeenCalled();
  });
});
