/**
 * The form titles and names are compared in when the exact (ASCII case-insensitive) lookup
 * misses: Unicode-normalised (NFKC, so a decomposed "é" equals a composed one), lower-cased
 * for every script (SQLite's NOCASE folds only A–Z), curly quotes as straight ones.
 */
export function foldTitle(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .trim();
}
