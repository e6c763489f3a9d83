/**
 * Bounds of a listener's library (docs/product.md §3 Favorite and ActiveAudioSync, §4 Favorites): what one
 * account may keep, so that no account can grow its pages, or the root data every page carries,
 * without end (docs/decisions/023-bounded-accounts.md). Lists added later (a queue, positions per
 * episode) take their caps here too.
 */

/** §4 Favorites: the most favorites one account keeps. */
export const FAVORITES_MAX = 250;
export const favoritesFull = (max = FAVORITES_MAX) =>
  `You have ${max} favorites, the most an account can keep. Remove one to add another.`;
/** /user's count under 'My Favorites': how many are kept, and the cap, in plain words. */
export const favoritesCount = (total: number, max = FAVORITES_MAX) =>
  `${total} ${total === 1 ? "favorite" : "favorites"} saved (you can keep up to ${max})`;
/** The notice code (?error=) a full account's heart without JavaScript is sent to /user with. */
export const FAVORITES_FULL_NOTICE = "favorites-full";
/** §5: a favorite names an episode of the catalog; anything else is refused. */
export const FAVORITE_NOT_IN_CATALOG = "That episode is not in the catalog, so it can't be a favorite.";
/** §2 Favorites page: favorites per page of 'My Favorites'. */
export const FAVORITES_PAGE_SIZE = 24;

/** §3 text a library stores: a title, and a URL (audio source, image). */
export const LIBRARY_TITLE_MAX = 300;
export const LIBRARY_URL_MAX = 2000;

/** Up Next (ADR 034): the most episodes one listener's queue keeps. */
export const UP_NEXT_MAX = 100;
export const upNextFull = (max = UP_NEXT_MAX) =>
  `Up Next is full: it keeps ${max} episodes. Remove one to add another.`;
export const UP_NEXT_NOT_IN_CATALOG = "That episode is not in the catalog, so it can't go in Up Next.";
/** Up Next's page. */
export const UP_NEXT_PATH = "/up-next";
/** Episodes the player remembers having left for the next one, for "previous track". */
export const UP_NEXT_HISTORY_MAX = 20;
/** "Previous track" this far into an episode (seconds) starts it again instead of going back. */
export const PREVIOUS_RESTARTS_AFTER_S = 3;

/** The largest progress write read (a position and its episode's title and URLs fit in far less). */
export const PROGRESS_BODY_MAX_BYTES = 8 * 1024;

/**
 * "A position for every episode": the most episode positions one account keeps; a
 * write past it drops the least recently written (docs/decisions/033-episode-positions.md).
 */
export const POSITIONS_MAX = 500;
/** "At the end, or past the last 30 s, an episode counts as played." */
export const PLAYED_WITHIN_END_S = 30;
export const isPlayed = (position: number, duration: number) =>
  duration > 0 && position >= duration - PLAYED_WITHIN_END_S;
/**
 * Less than a second in is where an episode starts: offering to "continue at 0:00" says nothing,
 * so no prompt and no "Continue listening" entry offers a place before this.
 */
export const RESUME_FROM_S = 1;
export const isResumable = (position: number) => Number.isFinite(position) && position >= RESUME_FROM_S;
/** "Continue listening": how many started episodes lead the home page and /user. */
export const CONTINUE_LISTENING_MAX = 6;
export const CONTINUE_LISTENING_TITLE = "Continue listening";
export const PLAYED_TEXT = "Played";
/** "n min left" on a card: whole minutes, rounded up, so the last seconds still say "1 min left". */
export const minutesLeft = (position: number, duration: number) =>
  `${Math.max(1, Math.ceil((duration - position) / 60))} min left`;
/** A played mark names an episode of the catalog. */
export const EPISODE_NOT_IN_CATALOG = "That episode is not in the catalog.";
