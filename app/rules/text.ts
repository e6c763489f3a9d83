import { DESCRIPTION_WORD_LIMIT, NEWS_TEXT_CHAR_LIMIT } from "./constants";

/**
 * docs/product.md §5 "Card description: cut to 18 words followed by an ellipsis."
 * Text at or under the limit is returned whole (no ellipsis).
 */
export function truncateWords(text: string, limit = DESCRIPTION_WORD_LIMIT): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= limit) return words.join(" ");
  return `${words.slice(0, limit).join(" ")}...`;
}

const graphemeSegmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;

/**
 * Where the first `limit` user-perceived characters (grapheme clusters; code points where
 * Intl.Segmenter is missing) of `text` end, or null when `text` has no more than `limit`.
 * Stops after `limit + 1` characters: a long excerpt is never segmented whole (this runs for
 * every news card a page renders).
 */
function endOfFirstGraphemes(text: string, limit: number): number | null {
  if (text.length <= limit) return null; // never more graphemes than UTF-16 units
  let count = 0;
  let end = 0;
  for (const g of graphemeSegmenter ? graphemeSegmenter.segment(text) : codePoints(text)) {
    if (count === limit) return end;
    count++;
    end = g.index + g.segment.length;
  }
  return null;
}

function* codePoints(text: string): Generator<{ segment: string; index: number }> {
  let index = 0;
  for (const segment of text) {
    yield { segment, index };
    index += segment.length;
  }
}

/**
 * docs/product.md §5 "News card title and subtext: each cut to 15 characters followed by an ellipsis."
 * Counts user-perceived characters (grapheme clusters), so an emoji, a flag or an accent
 * written as a combining mark is never split. Text at or under the limit is returned whole.
 */
export function truncateChars(text: string, limit = NEWS_TEXT_CHAR_LIMIT): string {
  const trimmed = text.trim();
  const end = endOfFirstGraphemes(trimmed, limit);
  return end === null ? trimmed : `${trimmed.slice(0, end).trimEnd()}...`;
}
