import { EXCERPT_WORDS, searchWords } from "~/rules/search";
import type { SearchResults } from "~/services/catalog.server";
import type { EpisodeExtras } from "~/services/episode-extras.server";
import type { Episode, Marked } from "~/services/types";

type Highlight = SearchResults["highlight"];

/** A text cut where its words matched: plain and matched parts alternate, plain first. */
export function marked(text: string, highlight: Highlight): Marked {
  const parts: Marked = [];
  let plain = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = searchWords(m[0]).join("");
    const hit = highlight.words.includes(word) || highlight.prefixes.some((p) => word.startsWith(p));
    if (!hit) continue;
    parts.push(text.slice(plain, m.index), m[0]);
    plain = m.index + m[0].length;
  }
  parts.push(text.slice(plain));
  return parts;
}

/** Words of a description around its first matched word (its start when none matched), marked. */
export function excerpt(description: string, highlight: Highlight): Marked {
  const words = description.trim().split(/\s+/).filter(Boolean);
  const first = words.findIndex((w) => marked(w, highlight).length > 1);
  const from = Math.max(0, Math.min(first - 6, words.length - EXCERPT_WORDS));
  const to = from + EXCERPT_WORDS;
  const text = `${from > 0 ? "… " : ""}${words.slice(from, to).join(" ")}${to < words.length ? " …" : ""}`;
  return marked(text, highlight);
}

/** What a result card shows of the episode: its title and an excerpt marked, and the moment it links to. */
export interface ResultMarks {
  title: Marked;
  text: Marked;
  /** Seconds: the match is in the transcript only, and the card links to the line that holds it. */
  at: number | null;
}

/**
 * The marks of each result. An episode found by its transcript alone shows the first line
 * holding a matched word, and links there (`?t=`).
 */
export async function resultMarks(
  items: Episode[],
  highlight: Highlight,
  extras: EpisodeExtras,
): Promise<ResultMarks[]> {
  return Promise.all(
    items.map(async (e) => {
      const title = marked(e.title, highlight);
      const text = excerpt(e.description, highlight);
      if (title.length > 1 || text.length > 1 || !e.transcriptUrl) return { title, text, at: null };
      const line = (await extras.transcript(e.transcriptUrl)).find((cue) => marked(cue.text, highlight).length > 1);
      return line
        ? { title, text: excerpt(line.text, highlight), at: Math.floor(line.start) }
        : { title, text, at: null };
    }),
  );
}
