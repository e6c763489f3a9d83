/**
 * docs/product.md §4 "Lightbox" and §9 lightbox constants, as pure rules (no React, no DOM).
 *
 * The spec counts zoom as a level from 0 to 300 in steps of 100. yet-another-react-lightbox's
 * Zoom plugin works with a scale factor where 1 is "not zoomed". The mapping is linear:
 * factor = 1 + level / 100, so level 0 → 1×, 100 → 2×, 200 → 3×, 300 → 4×
 * (docs/decisions/004-gallery-lightbox.md).
 */

export const ZOOM_MIN_LEVEL = 0;
/** docs/product.md §9 Lightbox: maximum zoom 300, step 100, animation 300 ms, image padding 10. */
export const LIGHTBOX = { maxZoom: 300, zoomStep: 100, animationMs: 300, imagePadding: 10 } as const;
/** docs/product.md §8 "Lightbox image failure". */
export const LIGHTBOX_IMAGE_ERROR = "This image failed to load";

/** docs/product.md §9 "maximum zoom 300". */
export const ZOOM_MAX_LEVEL = LIGHTBOX.maxZoom;
/** docs/product.md §9 "step 100". */
export const ZOOM_STEP = LIGHTBOX.zoomStep;
/** Level points per 1.0 of scale factor. */
const LEVEL_PER_FACTOR = 100;

/** A zoom level forced into 0–300; anything that is not a finite number is 0 (not zoomed). */
export function clampZoomLevel(level: number): number {
  if (!Number.isFinite(level)) return ZOOM_MIN_LEVEL;
  return Math.min(ZOOM_MAX_LEVEL, Math.max(ZOOM_MIN_LEVEL, level));
}

/** Level → the lightbox library's scale factor (0 → 1, 300 → 4). */
export function zoomFactorOf(level: number): number {
  return 1 + clampZoomLevel(level) / LEVEL_PER_FACTOR;
}

/** The library's scale factor → level, rounded to a whole number and clamped to 0–300. */
export function zoomLevelOf(factor: number): number {
  if (!Number.isFinite(factor)) return ZOOM_MIN_LEVEL;
  return clampZoomLevel(Math.round((factor - 1) * LEVEL_PER_FACTOR));
}

/** The largest scale factor the lightbox may reach (level 300 → 4×). */
export const MAX_ZOOM_FACTOR = zoomFactorOf(ZOOM_MAX_LEVEL);

/**
 * "Zoom in": the next step up. A level between steps (after a pinch or ctrl+wheel) goes to the
 * next whole step, so the buttons always land on 0, 100, 200 or 300.
 */
export function zoomInLevel(level: number): number {
  const l = clampZoomLevel(Math.round(level));
  return clampZoomLevel((Math.floor(l / ZOOM_STEP) + 1) * ZOOM_STEP);
}

/** "Zoom out": the next step down (a level between steps goes to the step below it). */
export function zoomOutLevel(level: number): number {
  const l = clampZoomLevel(Math.round(level));
  return clampZoomLevel((Math.ceil(l / ZOOM_STEP) - 1) * ZOOM_STEP);
}

export function canZoomIn(level: number): boolean {
  return clampZoomLevel(Math.round(level)) < ZOOM_MAX_LEVEL;
}

export function canZoomOut(level: number): boolean {
  return clampZoomLevel(Math.round(level)) > ZOOM_MIN_LEVEL;
}

/**
 * docs/product.md §4 "A double click toggles zoom": not zoomed → maximum (300); zoomed at all → back to 0.
 * (Chosen over 0 ↔ 100 so one double click shows the detail the listener asked for.)
 */
export function toggleZoomLevel(level: number): number {
  return clampZoomLevel(Math.round(level)) > ZOOM_MIN_LEVEL ? ZOOM_MIN_LEVEL : ZOOM_MAX_LEVEL;
}

/** docs/product.md §4 "Moving between images resets zoom". */
export function zoomLevelAfterMove(): number {
  return ZOOM_MIN_LEVEL;
}

/** docs/product.md §4/§9 "animation 300 ms": every animation the lightbox runs (open/close fade, slide, zoom). */
export const LIGHTBOX_ANIMATION = {
  fade: LIGHTBOX.animationMs,
  swipe: LIGHTBOX.animationMs,
  navigation: LIGHTBOX.animationMs,
  zoom: LIGHTBOX.animationMs,
} as const;

/** docs/product.md §9 "image padding 10" (pixels around each slide). */
export const LIGHTBOX_PADDING_PX = LIGHTBOX.imagePadding;

/** Screen-reader wording of the current zoom level. */
export function zoomLevelLabel(level: number): string {
  return `Zoom level ${zoomLevelOf(zoomFactorOf(level))} of ${ZOOM_MAX_LEVEL}`;
}
