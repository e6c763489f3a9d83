import { createPendingSender, type PendingSender } from "./pending-writes";

const PENDING_KEY = "hrs:pending-writes";
let sender: PendingSender | undefined;

/**
 * The page's one queue of unsent writes (positions from the player, favorites from the hearts):
 * localStorage, and fetch kept alive past a page hide. Loaded on demand.
 */
export function pageSender(): PendingSender {
  return (sender ??= createPendingSender({
    load: () => localStorage.getItem(PENDING_KEY),
    store: (text) => localStorage.setItem(PENDING_KEY, text),
    send: (w) =>
      fetch(w.url, {
        method: "POST",
        headers: { "Content-Type": w.contentType },
        body: w.body,
        keepalive: true,
        credentials: "same-origin",
      }).then((r) => r.status),
    now: Date.now,
    random: Math.random,
    log: (m) => console.warn(m),
    stored: (w) => {
      if (w.kind === "favorite") window.dispatchEvent(new Event(FAVORITE_STORED_EVENT));
    },
  }));
}

/**
 * Dispatched on the window when the queue got a favorite to the server: the page's hearts were
 * rendered without it (a change sent again after a blip, or from the page before).
 */
export const FAVORITE_STORED_EVENT = "hrs:favorite-stored";

/** The heart's change the server answered "not now" (503): kept, sent again as the heart's form would be. */
export function keepFavorite(uid: string, audioSrc: string, title: string, duration: number, favorite: boolean) {
  const fields: Record<string, string> = favorite
    ? { intent: "add", audioSrc, title, duration: String(duration), js: "1" }
    : { intent: "remove", audioSrc, js: "1" };
  pageSender().add({
    uid,
    kind: "favorite",
    src: audioSrc,
    url: "/favorites",
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams(fields).toString(),
    at: Date.now(),
  });
}
