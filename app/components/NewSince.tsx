import { useEffect, useSyncExternalStore } from "react";
import {
  VISIT_STORAGE_KEY,
  NEW_LABEL,
  NEW_TEXT,
  isNewSince,
  newSinceText,
  nextVisit,
  parseVisit,
  type VisitMemory,
} from "~/rules/visits";

// Storage may be missing, refused or full (see app/player/listener-memory.ts): then every visit is a first one.
function readVisit(): VisitMemory | null {
  try {
    return parseVisit(JSON.parse(window.localStorage.getItem(VISIT_STORAGE_KEY) ?? "null"));
  } catch {
    return null;
  }
}
function keepVisit(visit: VisitMemory): void {
  try {
    window.localStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // Not remembered: the next visit shows nothing new.
  }
}

/**
 * This visit, worked out once per page load: later views of the same visit (client navigations)
 * keep the same previous visit, so this one never counts as it.
 */
let visit: VisitMemory | undefined;
function currentVisit(): VisitMemory {
  if (!visit) {
    visit = nextVisit(readVisit(), Date.now());
    keepVisit(visit);
  }
  return visit;
}

const unchanging = () => () => {};
/** The end of the previous visit; null on the server and the first visit (nothing is new). */
function usePreviousVisit(): number | null {
  return useSyncExternalStore(
    unchanging,
    () => currentVisit().previous,
    () => null,
  );
}

export function NewMark({ date }: { date: string | null }) {
  const previous = usePreviousVisit();
  if (!isNewSince(date, previous)) return null;
  return (
    <span className="new-mark">
      <span aria-hidden="true">{NEW_TEXT}</span>
      <span className="visually-hidden">{NEW_LABEL}</span>
    </span>
  );
}

export function NewSince({ dates }: { dates: (string | null)[] }) {
  const previous = usePreviousVisit();
  // Each page view moves the visit's end on; the previous visit stays as it was found.
  useEffect(() => {
    const now = currentVisit();
    keepVisit({ previous: now.previous, seen: Date.now() });
  }, []);
  const count = dates.filter((d) => isNewSince(d, previous)).length;
  if (!count) return null;
  return <p className="new-since">{newSinceText(count)}</p>;
}
