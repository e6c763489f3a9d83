import { describe, expect, it } from "vitest";
import { meansStreamStopped } from "./use-now-playing-poll";

describe("meansStreamStopped", () => {
  it("a live stream's download stopping: Icecast dropped the listener, long before the burst it sent is played", () => {
    expect(meansStreamStopped("suspend", Infinity)).toBe(true);
  });

  it("not a file of known length that is all downloaded, nor a stream before its metadata", () => {
    expect(meansStreamStopped("suspend", 58.07)).toBe(false);
    expect(meansStreamStopped("suspend", NaN)).toBe(false);
  });

  it("the element ending, erring, stalling or emptied, whatever its length", () => {
    for (const type of ["ended", "error", "stalled", "emptied"]) {
      expect(meansStreamStopped(type, Infinity)).toBe(true);
      expect(meansStreamStopped(type, 58.07)).toBe(true);
    }
  });

  it("not a pause, a wait for data or progress", () => {
    for (const type of ["pause", "waiting", "progress", "durationchange"])
      expect(meansStreamStopped(type, Infinity)).toBe(false);
  });
});
