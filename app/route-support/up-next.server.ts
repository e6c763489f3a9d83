import { servedChaptersUrl } from "~/rules/chapters";
import type { AppLoadContext } from "@remix-run/node";
import { episodeLink } from "~/rules/episodes";
import type { UpNextItem } from "~/services/up-next.server";
import type { UpNextEntry } from "~/player/up-next";
import { catalogEpisode } from "./favorites.server";
import { formatShortDate } from "~/ui/time";

type Services = AppLoadContext["services"];

/** Queued episodes as pages and the player get them: the catalog's details where it still has them. */
export function upNextEntries(services: Services, items: UpNextItem[]): Promise<UpNextEntry[]> {
  return Promise.all(
    items.map(async (item): Promise<UpNextEntry> => {
      const episode = await catalogEpisode(services, item.title, item.audioSrc).catch(() => null);
      const coldcut = episode?.coldcut ?? item.coldcut;
      return {
        src: item.audioSrc,
        title: item.title,
        image: episode?.image ?? item.image,
        backgroundImage: episode?.backgroundImage ?? item.image,
        coldcut,
        duration: episode?.duration ?? item.duration,
        chaptersUrl: episode?.chaptersUrl ? servedChaptersUrl(episode.chaptersUrl) : null,
        href: episodeLink(item.title, coldcut),
        date:
          episode && Date.parse(episode.pubdate) > 0
            ? { iso: episode.pubdate, text: formatShortDate(episode.pubdate) }
            : null,
      };
    }),
  );
}
