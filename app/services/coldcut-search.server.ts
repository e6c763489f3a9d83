import { searchWords } from "~/adapters/shapes/search-text.server";
import type { Catalog } from "./catalog.server";
import type { Episode } from "./types";

/**
 * Search finds Cold Cut episodes too. The catalogs search the main show's table; the second
 * series is a dozen short episodes, matched here the way the main search matches (every word of
 * the term starts a word of the episode): title matches first, then the main show's results,
 * then Cold Cut episodes that match in their description.
 */
export function withColdCutInSearch(catalog: Catalog): Catalog {
  return {
    ...catalog,
    async searchEpisodes(term, limit) {
      const words = searchWords(term);
      const [main, coldcut] = await Promise.all([
        catalog.searchEpisodes(term, limit),
        words.length ? catalog.allEpisodes("coldcut") : Promise.resolve([]),
      ]);
      const matches = (text: string) => {
        const own = searchWords(text);
        return words.every((w) => own.some((o) => o.startsWith(w)));
      };
      const inTitle: Episode[] = [];
      const inText: Episode[] = [];
      for (const e of coldcut) {
        if (matches(e.title)) inTitle.push(e);
        else if (matches(`${e.title} ${e.description}`)) inText.push(e);
      }
      return [...inTitle, ...main, ...inText].slice(0, limit);
    },
  };
}
