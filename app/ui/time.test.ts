import { describe, expect, it } from "vitest";
import { formatDuration } from "./time";

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.99, "0:59"],
    [60, "1:00"],
    [754, "12:34"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3661, "1:01:01"],
    [36_000 + 62, "10:01:02"],
  ])("%d → %s", (s, out) => {
    expect(formatDuration(s)).toBe(out);
  });
  it("NaN, negatives and Infinity → 0:00", () => {
    expect(formatDuration(Number.NaN)).toBe("0:00");
    expect(formatDuration(-12)).toBe("0:00");
    expect(formatDuration(Infinity)).toBe("0:00");
  });
});
