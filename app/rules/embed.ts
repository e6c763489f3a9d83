import { isColdCutPath } from "./episodes";

/**
 * The embeddable player (an episode in someone else's page) and its oEmbed discovery. Only these
 * pages may be framed by other sites (server/security.ts FRAMABLE_PATH); /embed/coldcut is the
 * Cold Cut twin, as /coldcut/ is of /episode.
 */
export const EMBED_PATH_PREFIX = "/embed/";
export const OEMBED_PATH = "/oembed";

export function embedLink(title: string, coldcut = false): string {
  return `${EMBED_PATH_PREFIX}${coldcut ? "coldcut" : "episode"}?title=${encodeURIComponent(title)}`;
}

/** The iframe's size: art, title and a native audio control in one row; narrower when asked. */
export const EMBED_SIZE = { width: 600, height: 170, minWidth: 200, minHeight: 120 } as const;

/** The frame a blog post gets: the size asked for, within the player's bounds. */
export function embedSize(maxWidth: number | null, maxHeight: number | null): { width: number; height: number } {
  const fit = (wanted: number, max: number | null, min: number) =>
    max === null ? wanted : Math.max(min, Math.min(wanted, max));
  return {
    width: fit(EMBED_SIZE.width, maxWidth, EMBED_SIZE.minWidth),
    height: fit(EMBED_SIZE.height, maxHeight, EMBED_SIZE.minHeight),
  };
}

/**
 * The episode an oEmbed `url` names: an episode page of this site (/episode?title= or
 * /coldcut/?title=, on `origin`), else null.
 */
export function episodeOfPageUrl(raw: string, origin: string): { title: string; coldcut: boolean } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname.replace(/\/+$/, "").toLowerCase();
  if (path !== "/episode" && path !== "/coldcut") return null;
  const title = url.searchParams.get("title")?.trim();
  return title ? { title, coldcut: isColdCutPath(path) } : null;
}

const ATTR_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const attr = (s: string) => s.replace(/[&<>"']/g, (c) => ATTR_ESCAPES[c]!);

/** The oEmbed `html`: the player in a frame, titled for screen readers. */
export function embedIframe(src: string, title: string, size: { width: number; height: number }): string {
  return `<iframe src="${attr(src)}" title="${attr(`${title} — The Ham Radio Show`)}" width="${size.width}" height="${size.height}" style="border:0;max-width:100%" loading="lazy" allow="autoplay; encrypted-media"></iframe>`;
}
