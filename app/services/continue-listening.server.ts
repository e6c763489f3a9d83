import { CONTINUE_LISTENING_MAX, isResumable } from "~/rules/library";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { episodeLink } from "~/rules/episodes";
import type { CardPosition, ContinueItem } from "./types";
import type { Catalog } from "./catalog.server";
import type { EpisodePosition } from "./positions.server";

/** "Continue listening": episodes started and not played, newest first, from the catalog. */
export async function continueItems(
  services: { catalog: Catalog },
  positions: readonly EpisodePosition[],
): Promise<ContinueItem[]> {
  const underWay = positions.filter((p) => !p.played && isResumable(p.position)).slice(0, CONTINUE_LISTENING_MAX);
  return Promise.all(
    underWay.map(async (p): Promise<ContinueItem> => {
      const found =
        (await services.catalog.episodeByTitle(p.audioTitle, "main").catch(() => null)) ??
        (await services.catalog.episodeByTitle(p.audioTitle, "coldcut").catch(() => null));
      const episode = found?.audioUrl === p.audioSrc ? found : null;
      const title = episode?.title ?? p.audioTitle;
      const coldcut = episode?.coldcut ?? false;
      return {
        src: p.audioSrc,
        title,
        image: episode?.image || DEFAULT_EPISODE_IMAGE,
        coldcut,
        href: `${episodeLink(title, coldcut)}&t=${Math.floor(p.position)}`,
        position: p.position,
        duration: p.duration || episode?.duration || 0,
      };
    }),
  );
}

/** A page's cards' positions: the listener's of the episodes it shows (`srcs`), newest first. */
export function positionsShown(positions: readonly EpisodePosition[], srcs: string[]): Record<string, CardPosition> {
  const shown = new Set(srcs);
  return Object.fromEntries(
    positions
      .filter((p) => shown.has(p.audioSrc))
      .map((p) => [p.audioSrc, { position: p.position, duration: p.duration, played: p.played }]),
  );
}
