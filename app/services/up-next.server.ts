/**
 * Up Next (ADR 034): one ordered list of catalog episodes per signed-in listener, shared by their
 * devices. Every change is one edit applied under the listener's lock (or a conditional write),
 * so edits from several instances at once never lose one another nor pass the cap.
 */
export interface UpNextItem {
  audioSrc: string;
  title: string;
  image: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  coldcut: boolean;
}

export type UpNextEdit =
  /** "Play next" (`next`) or "Add to Up Next" (`last`); an episode already queued moves there. */
  | { op: "add"; item: UpNextItem; at: "next" | "last" }
  /** To position `to` (0-based, clamped). */
  | { op: "move"; audioSrc: string; to: number }
  | { op: "remove"; audioSrc: string }
  | { op: "clear" };

export interface UpNextStore {
  list(uid: string): Promise<UpNextItem[]>;
  /** The queue after the edit, or null when an add would pass the cap (nothing changed). */
  edit(uid: string, edit: UpNextEdit): Promise<UpNextItem[] | null>;
  /** The listener's queue as plain JSON, for "Download my data". */
  exportFor(uid: string): Promise<{ upNext: UpNextItem[] }>;
  /** Forgets the listener's queue (account deletion). */
  deleteAllFor(uid: string): Promise<void>;
}

/** The one rule every engine applies: the queue after `edit`, or null when it would pass `max`. */
export function applyUpNextEdit(items: UpNextItem[], edit: UpNextEdit, max: number): UpNextItem[] | null {
  switch (edit.op) {
    case "add": {
      const rest = items.filter((i) => i.audioSrc !== edit.item.audioSrc);
      // Re-adding a queued episode moves it, so it never counts twice.
      if (edit.at === "last" && rest.length < items.length) return items;
      if (rest.length >= max) return null;
      return edit.at === "next" ? [edit.item, ...rest] : [...rest, edit.item];
    }
    case "move": {
      const from = items.findIndex((i) => i.audioSrc === edit.audioSrc);
      if (from === -1) return items;
      const rest = items.filter((_, i) => i !== from);
      const to = Math.min(Math.max(0, Math.trunc(edit.to)), rest.length);
      return [...rest.slice(0, to), items[from]!, ...rest.slice(to)];
    }
    case "remove":
      return items.filter((i) => i.audioSrc !== edit.audioSrc);
    case "clear":
      return [];
  }
}

/** Stored rows read back tolerantly: an entry without a source is dropped, missing fields default. */
export function readUpNextItems(raw: unknown): UpNextItem[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === "object"
      ? Object.entries(raw as Record<string, unknown>)
          .filter(([k]) => /^\d+$/.test(k))
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, v]) => v)
      : [];
  const seen = new Set<string>();
  return list.flatMap((v): UpNextItem[] => {
    if (!v || typeof v !== "object") return [];
    const r = v as Record<string, unknown>;
    const audioSrc = typeof r.audioSrc === "string" ? r.audioSrc : "";
    if (!audioSrc || seen.has(audioSrc)) return [];
    seen.add(audioSrc);
    const duration = typeof r.duration === "number" && Number.isFinite(r.duration) && r.duration > 0 ? r.duration : 0;
    return [
      {
        audioSrc,
        title: typeof r.title === "string" ? r.title : "",
        image: typeof r.image === "string" ? r.image : "",
        duration,
        coldcut: r.coldcut === true,
      },
    ];
  });
}
