import { describe, expect, it } from "vitest";
import { VISIT_GAP_MS, isNewSince, newSinceText, nextVisit, parseVisit } from "./visits";

describe("visits", () => {
  const t0 = Date.UTC(2026, 0, 1);
  it("a first visit has no previous one", () => {
    expect(nextVisit(null, t0)).toEqual({ previous: null, seen: t0 });
  });
  it("views within the gap are the same visit: the previous visit stays", () => {
    const first = nextVisit(null, t0);
    const again = nextVisit(first, t0 + VISIT_GAP_MS - 1);
    expect(again).toEqual({ previous: null, seen: t0 + VISIT_GAP_MS - 1 });
    const later = { previous: t0 - 1000, seen: t0 };
    expect(nextVisit(later, t0 + 5000).previous).toBe(t0 - 1000);
  });
  it("after the gap the previous visit ended at its last view", () => {
    expect(nextVisit({ previous: null, seen: t0 }, t0 + VISIT_GAP_MS)).toEqual({
      previous: t0,
      seen: t0 + VISIT_GAP_MS,
    });
  });
  it("a memory from the future is read as a first visit", () => {
    expect(nextVisit({ previous: null, seen: t0 + 1 }, t0)).toEqual({ previous: null, seen: t0 });
  });
  it("new means published after the previous visit", () => {
    expect(isNewSince("2026-01-02T00:00:00Z", t0)).toBe(true);
    expect(isNewSince("2025-12-31T00:00:00Z", t0)).toBe(false);
    expect(isNewSince("2026-01-02T00:00:00Z", null)).toBe(false);
    expect(isNewSince("not a date", t0)).toBe(false);
    expect(isNewSince(null, t0)).toBe(false);
  });
  it("reads back only a well-formed memory", () => {
    expect(parseVisit({ previous: 1, seen: 2 })).toEqual({ previous: 1, seen: 2 });
    expect(parseVisit({ previous: null, seen: 2 })).toEqual({ previous: null, seen: 2 });
    expect(parseVisit({ previous: 3, seen: 2 })).toBeNull();
    expect(parseVisit({ previous: "1", seen: 2 })).toBeNull();
    expect(parseVisit({ seen: Number.NaN })).toBeNull();
    expect(parseVisit("x")).toBeNull();
    expect(parseVisit(null)).toBeNull();
  });
  it("counts in words", () => {
    expect(newSinceText(1)).toBe("1 new episode since your last visit");
    expect(newSinceText(3)).toBe("3 new episodes since your last visit");
  });
});
