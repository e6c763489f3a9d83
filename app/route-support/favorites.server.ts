import type { AppLoadContext } from "@remix-run/node";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import type { Episode } from "~/services/types";

type Services = AppLoadContext["services"];

/** An episode by title: the main series, then Cold Cut. */
export async function findEpisode(services: Services, title: string): Promise<Episode | null> {
  return (
    (await services.catalog.episodeByTitle(title, "main").catch(() => null)) ??
    (await services.catalog.episodeByTitle(title, "coldcut").catch(() => null))
  );
}

/** The catalog's episode a heart names (its title and audio source), or null: a favorite is one of these. */
export async function catalogEpisode(services: Services, title: string, audioSrc: string): Promise<Episode | null> {
  const episode = await findEpisode(services, title);
  return episode?.audioUrl === audioSrc ? episode : null;
}

/**
 * One page (1-based) of 'My Favorites', newest first: each favorite as a playable card, with the
 * catalog's details when the episode is still in it, else from the favorite itself. Only the
 * page's favorites are looked up.
 */
export async function favoritesPage(
  services: Services,
  uid: string,
  page: number,
  /** Which favorites (by audio source) a filter keeps; all without one. */
  keep?: (srcs: string[]) => Promise<Set<string>>,
) {
  const all = await services.library.favorites(uid);
  const kept = keep ? await keep(all.map((f) => f.audioSrc)) : null;
  const favorites = kept ? all.filter((f) => kept.has(f.audioSrc)) : all;
  const size = services.favorites.pageSize;
  const pageCount = Math.ceil(favorites.length / size);
  const shown = favorites.slice((page - 1) * size, page * size);
  const episodes = await Promise.all(
    shown.map(async (f): Promise<Episode> => {
      const found = await catalogEpisode(services, f.audioTitle, f.audioSrc);
      return (
        found ?? {
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
          chaptersUrl: null,
          transcriptUrl: null,
          soundbites: [],
        }
      );
    }),
  );
  return { episodes, total: favorites.length, page, pageCount };
}
