import { DEFAULT_EPISODE_IMAGE, DEFAULT_EPISODE_SUBTITLE } from "./constants";

/** docs/product.md §2 route table: /episode?title= and /coldcut/?title= (a path containing coldcut selects Cold Cut). */
export function episodeLink(title: string, coldcut = false): string {
  return `${coldcut ? "/coldcut/" : "/episode"}?title=${encodeURIComponent(title)}`;
}

/** Cold Cut's own list page: /coldcut without a title (with one, the episode's details). */
export const COLD_CUT_PAGE_PATH = "/coldcut";

/** How many of the newest Cold Cut episodes the home page's shelf shows. */
export const COLD_CUT_SHELF_COUNT = 4;

/** docs/product.md §2 route table: "a path containing coldcut selects the Cold Cut data". */
export function isColdCutPath(pathname: string): boolean {
  return pathname.toLowerCase().includes("coldcut");
}

/** docs/product.md §2 Episode details: the subtitle, with its default. */
export function episodeSubtitle(subtext: string | null | undefined): string {
  const s = (subtext ?? "").trim();
  return s === "" ? DEFAULT_EPISODE_SUBTITLE : s;
}

/** docs/product.md §3 "PodcastImage or backgroundImage"; docs/product.md §9 default episode image. */
export function episodeImage(podcastImage?: string | null, backgroundImage?: string | null): string {
  return podcastImage?.trim() || backgroundImage?.trim() || DEFAULT_EPISODE_IMAGE;
}

/** docs/product.md §7 "The Download button links the episode file under its file name." */
export function downloadFileName(url: string): string {
  try {
    const path = new URL(url, "http://x").pathname;
    const name = decodeURIComponent(path.split("/").filter(Boolean).pop() ?? "")
      // An encoded separator or a control character never reaches the saved file's name.
      .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, "_")
      .trim();
    return name && name !== "." && name !== ".." ? name : "episode.mp3";
  } catch {
    return "episode.mp3";
  }
}
