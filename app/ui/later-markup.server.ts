import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * Server markup of later parts (./later.tsx, ADR 051) made once per key and handed out again
 * (ADR 057). Hydration never reads a later part's markup, so it need not come from this render.
 * A key must name everything the part's markup depends on; a part whose markup depends on the
 * listener or the address is not memoised here.
 */
const made = new Map<string, string>();
/** Far above the keys the code makes (one per part and server-side player state); a bound, not a cache. */
const MAX_ENTRIES = 64;

/** The markup of `part()` for `key`, rendered on the first use only; null once the bound is reached. */
export function markupOnce(key: string, part: () => ReactElement): string | null {
  let html = made.get(key);
  if (html === undefined) {
    if (made.size >= MAX_ENTRIES) return null;
    // A nested render: React's server renderer keeps its hooks' state in module variables, which
    // this resets, so it runs only where no hook is called after it (ui/later.tsx's MarkupOf).
    html = renderToString(part());
    made.set(key, html);
  }
  return html;
}
