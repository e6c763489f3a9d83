import { describe, expect, it } from "vitest";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import {
  NOW_PLAYING_CACHE_MS,
  NOW_PLAYING_OFF_AIR_WITHIN_MS,
  NOW_PLAYING_PUSH,
  NOW_PLAYING_RECHECK_MS,
  NOW_PLAYING_SHARED_CACHE_S,
  nowPlayingOffAirWorstCaseMs,
} from "./now-playing";
import { NOW_PLAYING_POLL_MS } from "./player";

describe("the off-air title on the page", () => {
  it("for a paused page without the push adds the poll, an instance's window and a shared cache: 14 s, and 20 s with the old 10 s window", () => {
    expect(
      nowPlayingOffAirWorstCaseMs({
        listening: false,
        push: false,
        pollMs: 10_000,
        instanceCacheMs: 10_000,
        sharedCacheS: 0,
      }),
    ).toBe(20_000);
    expect(nowPlayingOffAirWorstCaseMs({ listening: false, push: false })).toBe(
      NOW_PLAYING_POLL_MS + NOW_PLAYING_CACHE_MS + NOW_PLAYING_SHARED_CACHE_S * 1000,
    );
    expect(nowPlayingOffAirWorstCaseMs({ listening: false, push: false })).toBeGreaterThan(
      NOW_PLAYING_OFF_AIR_WITHIN_MS,
    );
  });

  it("for a paused page is the instance's window plus one check of the push, within 10 s with a second to spare", () => {
    expect(NOW_PLAYING_PUSH.checkMs).toBeLessThanOrEqual(NOW_PLAYING_CACHE_MS);
    expect(nowPlayingOffAirWorstCaseMs({ listening: false })).toBe(NOW_PLAYING_CACHE_MS + NOW_PLAYING_PUSH.checkMs);
    expect(nowPlayingOffAirWorstCaseMs({ listening: false }) + 1000).toBeLessThanOrEqual(NOW_PLAYING_OFF_AIR_WITHIN_MS);
  });

  it("the push outlives no proxy's idle cut: a heartbeat well inside nginx's 60 s, a lifetime of many", () => {
    expect(NOW_PLAYING_PUSH.heartbeatMs * 2).toBeLessThanOrEqual(60_000);
    expect(NOW_PLAYING_PUSH.lifetimeMs).toBeGreaterThan(NOW_PLAYING_PUSH.heartbeatMs * 4);
  });

  it("for a listener of the stream is the recheck after the caches, within 10 s with a second to spare", () => {
    expect(NOW_PLAYING_POLL_MS).toBe(10_000);
    expect(NOW_PLAYING_RECHECK_MS).toBeGreaterThan(NOW_PLAYING_CACHE_MS + NOW_PLAYING_SHARED_CACHE_S * 1000);
    expect(nowPlayingOffAirWorstCaseMs() + 1000).toBeLessThanOrEqual(NOW_PLAYING_OFF_AIR_WITHIN_MS);
  });

  it("is what the now-playing cache policy lets a shared cache keep, and never a stale copy", () => {
    expect(CACHE_POLICY.nowPlaying).toContain(`s-maxage=${NOW_PLAYING_SHARED_CACHE_S}`);
    expect(CACHE_POLICY.nowPlaying).not.toMatch(/stale-/);
  });
});
