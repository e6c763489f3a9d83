import { DEFAULT_EPISODE_IMAGE } from "./constants";

/**
 * Raster art for places that refuse SVG (ADR 017a). Podcast directories take square JPEG or PNG
 * covers of 1400–3000 px; link previews want a raster image of at least 1200 × 630. The sample
 * pipeline (scripts/sample/make-art.mjs) renders both from every bundled SVG, mirrored under
 * /media/img/podcast/ and /media/img/share/; the pages keep the SVGs. An image that already is a
 * JPEG or PNG (a production catalog's art) is used as it is.
 */
export const PODCAST_ART_PX = 1400;
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** The show's own cover and its wide card (home, and any page without art of its own). */
export const SHOW_ART = DEFAULT_EPISODE_IMAGE;
export const SHOW_SHARE_CARD = "/media/img/share/show-card.jpg";
export const COLD_CUT_ART = "/media/img/coldcut.svg";

const BUNDLED_SVG = /^\/media\/img\/([\w/-]+)\.svg$/;
const RASTER = /^(?:https?:\/\/[^\s"<>]+|\/[^\s"<>]*)\.(?:jpe?g|png)(?:[?#][^\s"<>]*)?$/i;

export function isRasterImage(url: string): boolean {
  return RASTER.test(url);
}

/** The square raster cover of `image` for a podcast feed, or null when there is none. */
export function podcastArt(image: string | null | undefined): string | null {
  const bundled = BUNDLED_SVG.exec(image ?? "");
  if (bundled) return `/media/img/podcast/${bundled[1]}.jpg`;
  return image && isRasterImage(image) ? image : null;
}

export interface ShareImage {
  url: string;
  /** Known for the generated cards only. */
  width?: number;
  height?: number;
}

/** The link-preview image of `image`, falling back to the show's card. */
export function shareImage(image: string | null | undefined): ShareImage {
  const bundled = BUNDLED_SVG.exec(image ?? "");
  if (bundled) return { url: `/media/img/share/${bundled[1]}.jpg`, ...SHARE_CARD };
  if (image && isRasterImage(image)) return { url: image };
  return { url: SHOW_SHARE_CARD, ...SHARE_CARD };
}

/** The widths the sample pipeline (scripts/sample/make-art.mjs) renders each bundled slide at. */
export const SLIDE_WIDTHS = [640, 1200] as const;
const BUNDLED_SLIDE = /^\/media\/img\/slider\/([\w-]+)\.jpg$/;

export interface ImageSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/**
 * Smaller encodings of a bundled slide for `<picture>`, AVIF first, each at SLIDE_WIDTHS; a slide
 * from elsewhere (a production site's media) has none and is shown as it is.
 */
export function slideSources(image: string): ImageSource[] {
  const bundled = BUNDLED_SLIDE.exec(image);
  if (!bundled) return [];
  const set = (ext: string) => SLIDE_WIDTHS.map((w) => `/media/img/slider/${bundled[1]}-${w}.${ext} ${w}w`).join(", ");
  return [
    { type: "image/avif", srcSet: set("avif") },
    { type: "image/webp", srcSet: set("webp") },
  ];
}
