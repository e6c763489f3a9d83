import { describe, expect, it } from "vitest";
import {
  createForgivingSearch,
  type MatchExpr,
  type SearchIndex,
  type WordMatch,
} from "~/search/forgiving-search.server";
import { SEARCH_COUNT_MAX } from "~/rules/search";

/** An index over a vocabulary alone: every query matches `matches` episodes; the counts asked are kept. */
function fakeIndex(vocabulary: [string, number][], matches: number) {
  const counted: { match: MatchExpr; atMost?: number }[] = [];
  const index: SearchIndex = {
    vocabulary: async () => vocabulary,
    async count(match, atMost) {
      counted.push({ match, atMost });
      return Math.min(matches, atMost ?? matches);
    },
    newest: async () => [],
    exactTitle: async () => null,
  };
  return { index, counted };
}

describe("the result count", () => {
  it("stops at SEARCH_COUNT_MAX and says there are more", async () => {
    const { index, counted } = fakeIndex(
      [
        ["bunker", 600],
        ["door", 600],
      ],
      5000,
    );
    const results = await createForgivingSearch(index).search("bunker door", 1, 24);
    expect(results).toMatchObject({ total: SEARCH_COUNT_MAX, more: true, pageCount: 20 });
    expect(counted[0]!.atMost).toBe(SEARCH_COUNT_MAX + 1);
  });

  it("is not counted for a word more episodes than that hold", async () => {
    const { index, counted } = fakeIndex([["crew", SEARCH_COUNT_MAX + 1]], 20_000);
    const results = await createForgivingSearch(index).search("crew", 1, 24);
    expect(results).toMatchObject({ total: SEARCH_COUNT_MAX, more: true });
    // The plan counts of the title ranks only (up to the dense mark), never the whole match.
    expect(counted.every((c) => c.atMost !== undefined && c.atMost < SEARCH_COUNT_MAX)).toBe(true);
  });

  it("is exact below it", async () => {
    const { index } = fakeIndex([["yogurt", 40]], 40);
    expect(await createForgivingSearch(index).search("yogurt", 1, 24)).toMatchObject({
      total: 40,
      more: false,
      pageCount: 2,
    });
  });
});

describe("Did you mean", () => {
  /** Episodes match a clause when each of its words is an indexed word or starts one. */
  function vocabularyIndex(vocabulary: string[]): SearchIndex {
    const holds = (m: WordMatch) =>
      m.words.some((w) => vocabulary.includes(w)) ||
      (m.prefix !== null && vocabulary.some((w) => w.startsWith(m.prefix!)));
    return {
      vocabulary: async () => vocabulary.map((w) => [w, 5] as [string, number]),
      count: async (match) => (match.some((clause) => clause.every(holds)) ? 5 : 0),
      newest: async () => [],
      exactTitle: async () => null,
    };
  }
  const suggest = async (term: string) =>
    (await createForgivingSearch(vocabularyIndex(["ham", "jazz", "frequency", "radio"])).search(term, 1, 24))
      .suggestion;

  it("offers a correction of one typo in three letters", async () => {
    expect(await suggest("hsm")).toBe("ham");
    expect(await suggest("frquncy")).toBe("frequency");
  });

  it("offers none that changes half a word", async () => {
    expect(await suggest("zzzz")).toBeNull();
    expect(await suggest("zz")).toBeNull();
    expect(await suggest("xqzy")).toBeNull();
  });
});
