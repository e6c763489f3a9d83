import { describe, expect, it } from "vitest";
import { clampRate, clampSeek, parseClipEnd, parseShareTime, sanitizeDuration, stepRate } from "./format";

describe("clampSeek", () => {
  it("clamps within 0..duration", () => {
    expect(clampSeek(50, 100)).toBe(50);
    expect(clampSeek(-1, 100)).toBe(0);
    expect(clampSeek(101, 100)).toBe(100);
    expect(clampSeek(Infinity, 100)).toBe(100);
    expect(clampSeek(Number.NaN, 100)).toBe(0);
  });
  it("unknown duration: only the lower bound", () => {
    expect(clampSeek(50, 0)).toBe(50);
    expect(clampSeek(50, Number.NaN)).toBe(50);
    expect(clampSeek(-5, Infinity)).toBe(0);
    expect(clampSeek(Infinity, 0)).toBe(0);
  });
});

describe("sanitizeDuration", () => {
  it("keeps finite positive numbers, else 0", () => {
    expect(sanitizeDuration(12.5)).toBe(12.5);
    for (const bad of [0, -1, Number.NaN, Infinity, "12", null, undefined]) expect(sanitizeDuration(bad)).toBe(0);
  });
});

describe("playback rate", () => {
  it("clampRate snaps to 0.25 within 0.5–3", () => {
    expect(clampRate(1)).toBe(1);
    expect(clampRate(1.1)).toBe(1);
    expect(clampRate(1.2)).toBe(1.25);
    expect(clampRate(0)).toBe(0.5);
    expect(clampRate(99)).toBe(3);
    expect(clampRate(Number.NaN)).toBe(1);
  });
  it("stepRate", () => {
    expect(stepRate(1, 1)).toBe(1.25);
    expect(stepRate(0.5, -1)).toBe(0.5);
    expect(stepRate(3, 1)).toBe(3);
    expect(stepRate(2.9, 1)).toBe(3);
  });
});

describe("parseShareTime (?t=)", () => {
  it.each([
    ["0", 0],
    ["90", 90],
    [" 754 ", 754],
    ["007", 7],
    ["999999999", 999_999_999],
  ])("%j → %d", (raw, out) => {
    expect(parseShareTime(raw)).toBe(out);
  });
  it.each([
    "abc",
    "-5",
    "1e9999",
    "12.5.3",
    "12.5",
    "",
    " ",
    "0x10",
    "+5",
    "Infinity",
    "NaN",
    "1 2",
    "5s",
    "1:30",
    "1234567890",
  ])("junk %j → null", (raw) => {
    expect(parseShareTime(raw)).toBeNull();
  });
  it("missing → null", () => {
    expect(parseShareTime(null)).toBeNull();
    expect(parseShareTime(undefined)).toBeNull();
  });
});

describe("parseClipEnd (&end=)", () => {
  it("is whole seconds after the start, at most five minutes later", () => {
    expect(parseClipEnd(754, "784")).toBe(784);
    expect(parseClipEnd(null, "30")).toBe(30);
    expect(parseClipEnd(0, "300")).toBe(300);
  });
  it("ignores junk, an end not after the start and a clip longer than five minutes", () => {
    for (const [start, raw] of [
      [754, "754"],
      [754, "700"],
      [0, "301"],
      [10, "abc"],
      [10, "20.5"],
      [10, "-20"],
      [10, ""],
      [10, null],
    ] as const)
      expect(parseClipEnd(start, raw), `${start} ${raw}`).toBeNull();
  });
});
