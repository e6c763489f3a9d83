import type { Services } from "./services.server";
import type { Episode } from "./types";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";

/**
 * The 'My Favorites' grid: each favorite as a playable card, with the catalog's details when the
 * episode is still in it (by title, main series then Cold Cut), else from the favorite itself.
 */
export async function favoriteEpisodes(services: Services, uid: string): Promise<Episode[]> {
  const favorites = await services.library.favorites(uid);
  return Promise.all(
    favorites.map(async (f) => {
      const found =
        (await services.catalog.episodeByTitle(f.audioTitle, "main").catch(() => null)) ??
        (await services.catalog.episodeByTitle(f.audioTitle, "coldcut").catch(() => null));
      if (found && found.audioUrl === f.audioSrc) return found;
      return {
        id: f.id,
        title: f.audioTitle,
        description: "",
        subtext: "",
        audioUrl: f.audioSrc,
        image: DEFAULT_EPISODE_IMAGE,
        backgroundImage: DEFAULT_EPISODE_IMAGE,
        pubdate: new Date(0).toISOString(),
        canbashow: false,
        era: null,
        duration: f.Duration,
        fileSize: null,
        coldcut: false,
      };
    }),
  );
}
