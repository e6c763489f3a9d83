import { describe, expect, it } from "vitest";
import { keeps, listenState, viewLink, withFilter } from "./browse";

describe("listenState", () => {
  it("is unplayed without a position or at 0", () => {
    expect(listenState(undefined)).toBe("unplayed");
    expect(listenState({ position: 0, duration: 600, played: false })).toBe("unplayed");
  });
  it("is in progress once started", () => {
    expect(listenState({ position: 12, duration: 600, played: false })).toBe("in-progress");
  });
  it("is played when marked or within the last 30 s", () => {
    expect(listenState({ position: 0, duration: 600, played: true })).toBe("played");
    expect(listenState({ position: 571, duration: 600, played: false })).toBe("played");
    expect(listenState({ position: 569, duration: 600, played: false })).toBe("in-progress");
  });
  it("filters keep their own state, all keeps every episode", () => {
    expect(keeps("all", "played")).toBe(true);
    expect(keeps("in-progress", "in-progress")).toBe(true);
    expect(keeps("played", "in-progress")).toBe(false);
    expect(keeps("unplayed", "unplayed")).toBe(true);
  });
});

describe("withFilter and viewLink", () => {
  it("sets the filter, drops the page, keeps the rest", () => {
    expect(withFilter("/era", "?station=MLR&page=2", "played")).toBe("/era?station=MLR&filter=played");
    expect(withFilter("/era", "?station=MLR&filter=played", "all")).toBe("/era?station=MLR");
    expect(withFilter("/user", "", "unplayed", 3)).toBe("/user?filter=unplayed&page=3");
    expect(withFilter("/user", "", "all")).toBe("/user");
  });
  it("asks for a view from the same address, at its first page", () => {
    expect(viewLink("/era", "?station=MLR&page=2&filter=played", "list")).toBe(
      "/era?station=MLR&filter=played&view=list",
    );
    expect(viewLink("/up-next", "", "grid")).toBe("/up-next?view=grid");
  });
});
