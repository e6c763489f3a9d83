/** docs/product.md §5 "A sponsor is chosen at random from the list." */
export function pickSponsor<T>(sponsors: readonly T[], random: () => number = Math.random): T | null {
  if (sponsors.length === 0) return null;
  const raw = random();
  // A broken random source (NaN, ±Infinity) must not leave the banner empty: fall back to the first.
  const r = Number.isFinite(raw) ? raw : 0;
  const index = Math.min(sponsors.length - 1, Math.max(0, Math.floor(r * sponsors.length)));
  return sponsors[index] ?? null;
}
