import SearchableMap from "minisearch/SearchableMap";
import { stemmer } from "stemmer";
import {
  SEARCH_COUNT_MAX,
  SEARCH_PAGES_MAX,
  SEARCH_WORDS_MAX,
  correctionBudget,
  searchWords,
  typoBudget,
} from "~/rules/search";
import type { SearchResults } from "~/services/catalog.server";
import type { Episode } from "~/services/types";

/**
 * Forgiving, ranked episode search (ADR 022), the same on every engine: the engine answers
 * exact-word and word-start queries from its full-text index; what a query word stands for
 * (its stem's family, its typo'd neighbours) is decided here, from the engine's vocabulary.
 */

/**
 * One query word as the index is asked: any of these indexed words, or any word starting with
 * `prefix`; in the title only, or anywhere.
 */
export interface WordMatch {
  words: string[];
  prefix: string | null;
  inTitle: boolean;
}
/** Episodes holding every word of at least one clause. */
export type MatchExpr = WordMatch[][];

/** What an engine provides. */
export interface SearchIndex {
  /** Every indexed word and the number of episodes holding it. */
  vocabulary(): Promise<Iterable<[string, number]>>;
  /** Matching episodes, counted up to `atMost` when given. */
  count(match: MatchExpr, atMost?: number): Promise<number>;
  /**
   * Newest first. `dense`: at least DENSE episodes match, so walking the newest episodes and
   * testing each fills the page after a few; else the matches are looked up and sorted.
   */
  newest(match: MatchExpr, limit: number, dense: boolean): Promise<Episode[]>;
  /** The newest episode whose title is exactly these words. */
  exactTitle(words: string[]): Promise<Episode | null>;
}

interface Dictionary {
  docs: SearchableMap<number>;
  /** Stem → the indexed words with that stem. */
  stems: SearchableMap<string[]>;
}

/**
 * Matches from which listing the newest walks the catalog newest first rather than sorting the
 * matches (ADR 011): 500 of 20,000 episodes fill a page of 24 after about a thousand rows.
 */
export const DENSE = 500;

/** Typo'd neighbours kept per query word (the most common first), so a query stays small. */
const VARIANTS_MAX = 24;

const stemOf = (word: string) => (/\p{N}/u.test(word) ? word : stemmer(word));

function dictionary(vocabulary: Iterable<[string, number]>): Dictionary {
  const docs = new SearchableMap<number>();
  const stems = new SearchableMap<string[]>();
  // In one order whatever order the engine lists them in, so both engines build the same queries.
  for (const [word, n] of [...vocabulary].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    docs.set(word, n);
    const stem = stemOf(word);
    const family = stems.get(stem);
    if (family) family.push(word);
    else stems.set(stem, [word]);
  }
  return { docs, stems };
}

/**
 * Typos between two words: insertions, deletions, substitutions and swaps of neighbours
 * (optimal string alignment), as the common engines count them.
 */
export function typos(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const same = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + same);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = previous;
    previous = row;
  }
  return previous[y.length]!;
}

/** The indexed words a query word stands for, each with its typo count (0: itself or its stem's family). */
function variants(word: string, dict: Dictionary): Map<string, number> {
  const found = new Map<string, number>();
  const add = (w: string, cost: number) => {
    if (!(found.get(w)! <= cost)) found.set(w, cost);
  };
  const stem = stemOf(word);
  for (const w of dict.stems.get(stem) ?? []) add(w, 0);
  if (dict.docs.has(word)) add(word, 0);
  const budget = typoBudget(word);
  if (budget === 0) return found;
  const typod = new Map<string, number>();
  const near = (w: string, cost: number) => {
    if (!found.has(w) && !(typod.get(w)! <= cost)) typod.set(w, cost);
  };
  // Levenshtein counts a swap as two: ask one more, then count swaps as one.
  for (const w of dict.docs.fuzzyGet(word, budget + 1).keys()) {
    const cost = typos(word, w);
    if (cost <= budget) for (const sibling of dict.stems.get(stemOf(w)) ?? [w]) near(sibling, cost);
  }
  for (const [family, cost] of dict.stems.fuzzyGet(stem, budget).values()) for (const w of family) near(w, cost);
  const common = [...typod].sort(
    (a, b) => a[1] - b[1] || dict.docs.get(b[0])! - dict.docs.get(a[0])! || (a[0] < b[0] ? -1 : 1),
  );
  for (const [w, cost] of common.slice(0, VARIANTS_MAX)) found.set(w, cost);
  return found;
}

/** The index sets of `size` out of `n`, earlier words kept first. */
function subsets(n: number, size: number): number[][] {
  if (size === 0) return [[]];
  if (size > n) return [];
  return [...subsets(n - 1, size - 1).map((s) => [...s, n - 1]), ...subsets(n - 1, size)].sort((a, b) => {
    for (let i = 0; i < size; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return 0;
  });
}

/** Query words up to which each count of them in the title is its own rank. */
const TITLE_RANKED_WORDS = 3;

/** Clauses (sets of query words) tried when no episode holds every word. */
const CLAUSES_MAX = 28;

const key = (e: Episode) => `${e.coldcut ? "c" : "m"}:${e.id}`;

export function createForgivingSearch(index: SearchIndex) {
  // The catalog is written at seeding only, so its vocabulary is read once per process.
  let loading: Promise<Dictionary> | null = null;
  const load = () =>
    (loading ??= index
      .vocabulary()
      .then(dictionary)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));

  /**
   * Ranked by: words matched (most first), then typos (fewest first), then words matched in the
   * title (most first), then newest; an episode titled exactly as typed comes first. Each rank
   * is one query, newest first, that stops once the page is full.
   */
  async function ranked(words: string[], dict: Dictionary, page: number, pageSize: number, all: string[]) {
    const last = words.length - 1;
    const perWord = words.map((w, i) => ({ costs: variants(w, dict), prefix: i === last ? w : null }));
    const maxCost = Math.max(0, ...perWord.flatMap((p) => [...p.costs.values()]));
    /** Word `i` as matched up to `level` typos; the last word's start only when `prefixed`. */
    const at = (i: number, level: number, prefixed = true): WordMatch | null => {
      const p = perWord[i]!;
      const ws = [...p.costs].filter(([, c]) => c <= level).map(([w]) => w);
      const prefix = prefixed ? p.prefix : null;
      return ws.length || prefix ? { words: ws, prefix, inTitle: false } : null;
    };
    // Which words must match: all, else as many as any episode holds. Counted up to one past
    // SEARCH_COUNT_MAX; a clause of one word holding a word that common needs no count at all.
    let chosen: number[][] = [];
    let total = 0;
    for (let size = words.length; size >= 1 && total === 0; size--) {
      chosen = subsets(words.length, size)
        .filter((s) => s.every((i) => at(i, maxCost)))
        .slice(0, CLAUSES_MAX);
      const common = chosen.some(
        (s) => s.length === 1 && [...perWord[s[0]!]!.costs.keys()].some((w) => dict.docs.get(w)! > SEARCH_COUNT_MAX),
      );
      if (common) total = SEARCH_COUNT_MAX + 1;
      else if (chosen.length) total = await index.count(expr(maxCost, 0), SEARCH_COUNT_MAX + 1);
    }
    /**
     * Every chosen clause at this typo level, with `inTitle` of its words in the title; without
     * the last word's other completions unless `prefixed`.
     */
    function expr(level: number, inTitle: number, prefixed = true): MatchExpr {
      return chosen.flatMap((s) => {
        const clause = s.map((i) => at(i, level, prefixed));
        if (!clause.every(Boolean)) return [];
        return subsets(s.length, inTitle).map((titled) =>
          (clause as WordMatch[]).map((m, i) => (titled.includes(i) ? { ...m, inTitle: true } : m)),
        );
      });
    }
    const matched = expr(maxCost, 0).flat();
    const highlight = {
      words: [...new Set(matched.flatMap((m) => m.words))],
      prefixes: [...new Set(matched.flatMap((m) => (m.prefix ? [m.prefix] : [])))],
    };
    const pageCount = Math.max(1, Math.min(SEARCH_PAGES_MAX, Math.ceil(total / pageSize)));
    const more = total > SEARCH_COUNT_MAX;
    const p = Math.min(Math.max(1, page), pageCount);
    // Every match found ends the search as a full page does (the total is exact when not `more`).
    const need = Math.min(p * pageSize, total);
    const found: Episode[] = [];
    const seen = new Set<string>();
    const take = (list: Episode[]) => {
      for (const e of list) {
        if (found.length < need && !seen.has(key(e))) {
          seen.add(key(e));
          found.push(e);
        }
      }
    };
    const size = chosen[0]?.length ?? 0;
    if (total > 0 && size === words.length) {
      const exact = await index.exactTitle(all);
      if (exact) take([exact]);
    }
    // A clause of many words ranks all-in-title or not (each count between is more queries).
    const titleRanks = size <= TITLE_RANKED_WORDS ? [...Array(size + 1).keys()].reverse() : [size, 0];
    const asked = new Set<string>();
    for (let level = 0; total > 0 && level <= maxCost; level++)
      for (const inTitle of titleRanks)
        // A word typed whole before its longer completions: "episode 777" before "Episode 7770".
        for (const prefixed of [false, true]) {
          const match = expr(level, inTitle, prefixed);
          const query = JSON.stringify(match);
          if (found.length >= need || match.length === 0 || asked.has(query)) continue;
          asked.add(query);
          // Its matches counted (up to DENSE) to pick the plan, unless known: all of them, or few.
          const all = level === maxCost && inTitle === 0 && prefixed;
          const n = all ? total : total >= DENSE ? await index.count(match, DENSE) : null;
          if (n !== 0) take(await index.newest(match, need, n !== null && n >= DENSE));
        }
    return {
      items: found.slice((p - 1) * pageSize),
      total: Math.min(total, SEARCH_COUNT_MAX),
      more,
      page: p,
      pageCount,
      highlight,
    };
  }

  /** The closest common indexed word for each word no episode holds, within its correction budget. */
  function corrected(words: string[], dict: Dictionary): string[] {
    return words.map((w) => {
      const budget = correctionBudget(w);
      if (dict.docs.has(w) || dict.stems.has(stemOf(w)) || budget === 0) return w;
      let best = { word: w, cost: budget + 1, docs: 0 };
      // Levenshtein counts a swap as two: ask one more, then count swaps as one.
      for (const [c, [docs]] of dict.docs.fuzzyGet(w, budget + 1)) {
        const cost = typos(w, c);
        if (cost > budget) continue;
        if (cost < best.cost || (cost === best.cost && docs > best.docs)) best = { word: c, cost, docs };
      }
      return best.word;
    });
  }

  return {
    async search(term: string, page: number, pageSize: number): Promise<SearchResults> {
      const all = searchWords(term);
      const words = [...new Set(all)].slice(0, SEARCH_WORDS_MAX);
      if (words.length === 0)
        return {
          items: [],
          total: 0,
          more: false,
          page: 1,
          pageCount: 1,
          highlight: { words: [], prefixes: [] },
          suggestion: null,
        };
      const dict = await load();
      const results = await ranked(words, dict, page, pageSize, all);
      let suggestion: string | null = null;
      if (results.total === 0) {
        const fixed = corrected(words, dict);
        if (fixed.join(" ") !== words.join(" ") && (await ranked(fixed, dict, 1, 1, fixed)).total > 0)
          suggestion = fixed.join(" ");
      }
      return { ...results, suggestion };
    },
  };
}

/** A results page over episodes a remote service found and ordered itself (no counts, no corrections of its own). */
export function resultsPage(term: string, found: Episode[], page: number, pageSize: number): SearchResults {
  const pageCount = Math.max(1, Math.ceil(found.length / pageSize));
  const p = Math.min(Math.max(1, page), pageCount);
  return {
    items: found.slice((p - 1) * pageSize, p * pageSize),
    total: found.length,
    more: false,
    page: p,
    pageCount,
    highlight: { words: [...new Set(searchWords(term))], prefixes: [] },
    suggestion: null,
  };
}
