import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOW_PLAYING_PUSH } from "~/rules/now-playing";
import { pushedNowPlaying, watchLiveStream } from "./use-now-playing-poll";

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

describe("pushedNowPlaying", () => {
  class FakeEventSource {
    static readonly CLOSED = 2;
    static opened: FakeEventSource[] = [];
    readyState = 1;
    onmessage: ((event: { data: string }) => void) | null = null;
    constructor(readonly url: string) {
      FakeEventSource.opened.push(this);
    }
    close() {
      this.readyState = FakeEventSource.CLOSED;
    }
  }
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("holds one stream only while wanted (paused, visible), and passes each event on", () => {
    let wanted = false;
    const received = vi.fn();
    const push = pushedNowPlaying(() => wanted, received);
    push.update();
    expect(FakeEventSource.opened).toHaveLength(0);
    wanted = true;
    push.update();
    push.update();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([NOW_PLAYING_PUSH.path]);
    const [stream] = FakeEventSource.opened;
    stream!.onmessage!({ data: '{"title":"Off","artist":"Air"}' });
    stream!.onmessage!({ data: "{not json" });
    expect(received.mock.calls).toEqual([[{ title: "Off", artist: "Air" }], [null]]);
    wanted = false;
    push.update();
    expect(stream!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("a stream the server refused or ended for good is opened again at the next update; closing ends it", () => {
    const push = pushedNowPlaying(() => true, vi.fn());
    push.update();
    FakeEventSource.opened[0]!.readyState = FakeEventSource.CLOSED;
    push.update();
    expect(FakeEventSource.opened).toHaveLength(2);
    push.close();
    expect(FakeEventSource.opened[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });
});
