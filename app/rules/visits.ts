/**
 * "New since your last visit" on the home and era pages, from this browser's memory of its
 * visits. Not in docs/product.md.
 */

/**
 * A visit is a run of page views with less than VISIT_GAP_MS between two; the previous visit
 * ended at the last view before the gap. The first visit has no previous one, so nothing is new.
 */
/** Where this browser keeps its VisitMemory (localStorage, versioned like rules/listener-memory.ts). */
export const VISIT_STORAGE_KEY = "hrs.lastVisit.v1";

export const VISIT_GAP_MS = 30 * 60 * 1000;
export const NEW_TEXT = "New";
export const NEW_LABEL = "New since your last visit";
export const newSinceText = (count: number) =>
  `${count} new ${count === 1 ? "episode" : "episodes"} since your last visit`;

export interface VisitMemory {
  /** When the previous visit ended (ms), or null on the first visit. */
  previous: number | null;
  /** The last page view (ms). */
  seen: number;
}

export function nextVisit(stored: VisitMemory | null, now: number): VisitMemory {
  if (!stored || !Number.isFinite(stored.seen) || stored.seen > now) return { previous: null, seen: now };
  if (now - stored.seen >= VISIT_GAP_MS) return { previous: stored.seen, seen: now };
  return { previous: stored.previous, seen: now };
}

/** Published after the previous visit ended. */
export function isNewSince(pubdate: string | null | undefined, previous: number | null): boolean {
  if (previous === null || !pubdate) return false;
  const at = Date.parse(pubdate);
  return Number.isFinite(at) && at > previous;
}

/** What storage gave back, if it is a visit memory; anything else reads as the first visit. */
export function parseVisit(value: unknown): VisitMemory | null {
  if (typeof value !== "object" || value === null) return null;
  const { previous, seen } = value as Record<string, unknown>;
  if (typeof seen !== "number" || !Number.isFinite(seen)) return null;
  if (previous !== null && (typeof previous !== "number" || !Number.isFinite(previous) || previous > seen)) return null;
  return { previous, seen };
}
