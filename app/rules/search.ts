/**
 * Episode search (docs/product.md §2 Search; ADR 022): what a search forgives, how results are
 * ranked and paged, and the texts of the results page.
 */

/**
 * The words of a text as full-text search sees them: letters and digits only, lower-cased, with
 * accents removed (what SQLite's unicode61 tokenizer with remove_diacritics does), so no query
 * syntax can leak in and "Café" finds "cafe".
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Typos forgiven in a word: 1 from this many letters… */
export const ONE_TYPO_FROM = 4;
/** …and 2 from this many (the common engines' defaults). */
export const TWO_TYPOS_FROM = 8;

/** How many typos a query word may carry: none in short words or in numbers ("Episode 777"). */
export function typoBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const letters = [...word].length;
  return letters >= TWO_TYPOS_FROM ? 2 : letters >= ONE_TYPO_FROM ? 1 : 0;
}

/**
 * Typos a "Did you mean" may correct in a word no episode holds: one in three letters at most (two
 * at most), so "hsm" → "ham" and "frquncy" → "frequency" are offered but "zzzz" → "jazz" is not.
 */
export function correctionBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  return Math.min(2, Math.floor([...word].length / 3));
}

/** Words of a query that count; the rest are ignored. */
export const SEARCH_WORDS_MAX = 8;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 24;
/** Pages a search lists at most (a listener refines long before). */
export const SEARCH_PAGES_MAX = 20;
/**
 * Episodes a search counts; past it the page says "more than" (counting every match of a common
 * word costs PostgreSQL a read of each one; a listener refines long before).
 */
export const SEARCH_COUNT_MAX = 1000;
/** Suggestions under the search box while typing. */
export const SUGGESTIONS_MAX = 6;
/** Letters typed before suggestions are asked for. */
export const SUGGEST_MIN_LENGTH = 2;
/** Quiet time after the last keystroke before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Words of a description shown around its first matched word. */
export const EXCERPT_WORDS = 30;

/** docs/product.md §2 Search: the heading. */
export const searchHeading = (term: string) => `Search: ${term}`;
/** docs/product.md §2 Search: nothing matched. */
export const noResultsText = (term: string) => `No Results for "${term}"`;
/** An empty search: what to do, not 'No Results for ""'. */
export const EMPTY_SEARCH_TEXT = "Type a word from an episode's title or description in the search box.";
export const resultCountText = (total: number, more = false) =>
  more
    ? `More than ${total.toLocaleString("en")} episodes`
    : total === 1
      ? "1 episode"
      : `${total.toLocaleString("en")} episodes`;
export const DID_YOU_MEAN = "Did you mean";
export const suggestionCountText = (n: number) =>
  n === 0 ? "No suggestions" : n === 1 ? "1 suggestion" : `${n} suggestions`;

export const searchLink = (term: string, page = 1) =>
  `/search?term=${encodeURIComponent(term)}${page > 1 ? `&page=${page}` : ""}`;
/** Where the search box asks for suggestions (JSON). */
export const suggestionsLink = (term: string) => `/search-suggestions?term=${encodeURIComponent(term)}`;
