import { describe, expect, it } from "vitest";
import { formatDate, formatDuration, formatShortDate } from "./time";

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

describe("formatDate and formatShortDate", () => {
  it.each([
    ["2016-03-04T23:30:00.000Z", "March 4, 2016", "Mar 4, 2016"],
    ["2025-12-31", "December 31, 2025", "Dec 31, 2025"],
    ["not a date", "", ""],
  ])("%s, in UTC", (iso, long, short) => {
    expect(formatDate(iso)).toBe(long);
    expect(formatShortDate(iso)).toBe(short);
  });
});
