// Relevance of a search engine on bench/relevance.json: recall@8 (the share of the expected
// episodes among the first 8 results, out of at most 8) and MRR (1 / the rank of the first
// expected episode among the first 8; 0 when none is there), averaged over the queries.
import fs from "node:fs";
import path from "node:path";
import MiniSearch from "minisearch";

export const TOP = 8;
export const relevanceSet = JSON.parse(fs.readFileSync(new URL("./relevance.json", import.meta.url), "utf8")).queries;

/** The episodes (both series) of a catalog directory, as the app seeds them. */
export function corpus(dir) {
  const read = (name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
  return [...read("episodes.json"), ...read("coldcut.json")].map((e) => ({
    id: `${e.objectID}`,
    title: e.title,
    description: e.description ?? "",
    pubdate: e.pubdate,
  }));
}

function expected(entry, titles) {
  if (Array.isArray(entry.expect)) return new Set(entry.expect);
  const pattern = new RegExp(entry.expect.title);
  return new Set(titles.filter((t) => pattern.test(t)));
}

/**
 * Scores `search(corpusName, query) → titles, best first` on the set's queries of the given
 * corpora (`titles`: corpus name → every title in it).
 */
export async function score(search, titles) {
  const rows = [];
  for (const entry of relevanceSet) {
    if (!titles[entry.corpus]) continue;
    const want = expected(entry, titles[entry.corpus]);
    if (want.size === 0) throw new Error(`relevance.json: nothing in ${entry.corpus} is expected for ${entry.query}`);
    const top = (await search(entry.corpus, entry.query)).slice(0, TOP);
    const hits = top.filter((t) => want.has(t)).length;
    const first = top.findIndex((t) => want.has(t));
    rows.push({ ...entry, recall: hits / Math.min(want.size, TOP), rr: first < 0 ? 0 : 1 / (first + 1), top });
  }
  const mean = (list, key) => list.reduce((s, r) => s + r[key], 0) / (list.length || 1);
  const byKind = {};
  for (const kind of [...new Set(rows.map((r) => r.kind))]) {
    const of = rows.filter((r) => r.kind === kind);
    byKind[kind] = { queries: of.length, recall: mean(of, "recall"), mrr: mean(of, "rr") };
  }
  return {
    queries: rows.length,
    recall: mean(rows, "recall"),
    mrr: mean(rows, "rr"),
    byKind,
    misses: rows
      .filter((r) => r.recall < 1)
      .map((r) => ({ corpus: r.corpus, query: r.query, recall: r.recall, top: r.top })),
  };
}

/**
 * The peer: MiniSearch over the same episodes, as its documentation sets it up for a search
 * box (every word a prefix, fuzzy 0.2, title boosted), with the app's own word folding.
 */
export function miniSearch(episodes, searchWords) {
  const index = new MiniSearch({
    fields: ["title", "description"],
    storeFields: ["title"],
    tokenize: (text) => searchWords(text),
    processTerm: (term) => term,
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 } },
  });
  index.addAll(episodes);
  return (query) => index.search(query).map((r) => r.title);
}
