import { describe, expect, it } from "vitest";
import {
  LIGHTBOX,
  LIGHTBOX_ANIMATION,
  LIGHTBOX_PADDING_PX,
  MAX_ZOOM_FACTOR,
  ZOOM_MAX_LEVEL,
  ZOOM_STEP,
  canZoomIn,
  canZoomOut,
  clampZoomLevel,
  toggleZoomLevel,
  zoomFactorOf,
  zoomInLevel,
  zoomLevelAfterMove,
  zoomLevelLabel,
  zoomLevelOf,
  zoomOutLevel,
} from "./lightbox";

describe("lightbox zoom rules (docs/product.md §4, §9)", () => {
  it("uses the spec constants: 0–300 in steps of 100, 300 ms, padding 10", () => {
    expect(ZOOM_MAX_LEVEL).toBe(300);
    expect(ZOOM_STEP).toBe(100);
    expect(LIGHTBOX_ANIMATION).toEqual({ fade: 300, swipe: 300, navigation: 300, zoom: 300 });
    expect(LIGHTBOX_PADDING_PX).toBe(10);
    expect(LIGHTBOX.maxZoom).toBe(ZOOM_MAX_LEVEL);
  });

  it("clamps levels into 0–300 and treats junk as 0", () => {
    expect(clampZoomLevel(-50)).toBe(0);
    expect(clampZoomLevel(150)).toBe(150);
    expect(clampZoomLevel(301)).toBe(300);
    expect(clampZoomLevel(Number.NaN)).toBe(0);
    expect(clampZoomLevel(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("maps level ↔ library scale factor linearly (0 → 1×, 300 → 4×)", () => {
    expect([0, 100, 200, 300].map(zoomFactorOf)).toEqual([1, 2, 3, 4]);
    expect(MAX_ZOOM_FACTOR).toBe(4);
    expect(zoomFactorOf(999)).toBe(4);
    expect(zoomFactorOf(-1)).toBe(1);
    expect([1, 2, 3, 4].map(zoomLevelOf)).toEqual([0, 100, 200, 300]);
    // The library rounds to 5 decimals and pinch zoom lands between steps.
    expect(zoomLevelOf(2.00001)).toBe(100);
    expect(zoomLevelOf(1.503)).toBe(50);
    expect(zoomLevelOf(0.5)).toBe(0);
    expect(zoomLevelOf(9)).toBe(300);
    expect(zoomLevelOf(Number.NaN)).toBe(0);
    for (const level of [0, 100, 200, 300]) expect(zoomLevelOf(zoomFactorOf(level))).toBe(level);
  });

  it("zoom in climbs one step of 100 and stops at 300", () => {
    expect(zoomInLevel(0)).toBe(100);
    expect(zoomInLevel(100)).toBe(200);
    expect(zoomInLevel(200)).toBe(300);
    expect(zoomInLevel(300)).toBe(300);
    expect(zoomInLevel(150)).toBe(200);
    expect(zoomInLevel(99.999)).toBe(200);
    expect(zoomInLevel(Number.NaN)).toBe(100);
  });

  it("zoom out goes down one step of 100 and stops at 0", () => {
    expect(zoomOutLevel(300)).toBe(200);
    expect(zoomOutLevel(200)).toBe(100);
    expect(zoomOutLevel(100)).toBe(0);
    expect(zoomOutLevel(0)).toBe(0);
    expect(zoomOutLevel(150)).toBe(100);
    expect(zoomOutLevel(50)).toBe(0);
  });

  it("three zoom-ins reach the maximum, three zoom-outs return to 0", () => {
    let level = 0;
    for (let i = 0; i < 3; i++) level = zoomInLevel(level);
    expect(level).toBe(300);
    expect(canZoomIn(level)).toBe(false);
    expect(canZoomOut(level)).toBe(true);
    for (let i = 0; i < 3; i++) level = zoomOutLevel(level);
    expect(level).toBe(0);
    expect(canZoomOut(level)).toBe(false);
    expect(canZoomIn(level)).toBe(true);
  });

  it("double click toggles 0 ↔ maximum; any zoom goes back to 0", () => {
    expect(toggleZoomLevel(0)).toBe(300);
    expect(toggleZoomLevel(300)).toBe(0);
    expect(toggleZoomLevel(100)).toBe(0);
    expect(toggleZoomLevel(0.2)).toBe(300);
    expect(toggleZoomLevel(toggleZoomLevel(0))).toBe(0);
  });

  it("moving between images resets zoom to 0", () => {
    expect(zoomLevelAfterMove()).toBe(0);
  });

  it("describes the level for screen readers", () => {
    expect(zoomLevelLabel(200)).toBe("Zoom level 200 of 300");
    expect(zoomLevelLabel(-5)).toBe("Zoom level 0 of 300");
  });
});
