/**
 * Offline listening (docs/decisions/063-offline.md): the service worker's address, the caches it
 * and the page share, and the words the download controls and the downloads list say.
 */

export const SERVICE_WORKER_PATH = "/sw.js";
/** The listener's list of episodes kept for offline listening. */
export const DOWNLOADS_PATH = "/downloads";

/** Episode audio the listener chose to keep: only their "Download for offline" fills it. */
export const OFFLINE_AUDIO_CACHE = "offline-audio";
/** Public pages (documents and their data) the listener visited, newest kept. */
export const OFFLINE_PAGES_CACHE = "offline-pages";
export const OFFLINE_PAGES_MAX = 60;
/** Same-origin images (episode art) those pages show. */
export const OFFLINE_IMAGES_CACHE = "offline-images";
export const OFFLINE_IMAGES_MAX = 120;

/** Kept with a download's audio, so the list can name it and link its page without the network. */
export const DOWNLOAD_TITLE_HEADER = "X-Episode-Title";
export const DOWNLOAD_PAGE_HEADER = "X-Episode-Page";

export const DOWNLOAD_FOR_OFFLINE = "Download for offline";
export const REMOVE_DOWNLOAD = "Remove download";
export const AVAILABLE_OFFLINE = "Available offline";
export const DOWNLOADS_EMPTY = "No downloads yet. Use “Download for offline” on an episode's page.";
export const DOWNLOADS_NEED_JS = "Downloads for offline listening need JavaScript, which is off in this browser.";
export const DOWNLOADS_UNSUPPORTED = "This browser cannot keep episodes for offline listening.";
export const DOWNLOAD_NO_SPACE = "There is not enough storage space on this device for this episode.";
export const downloadFailed = (reason: string) => `The download failed (${reason}). Please try again.`;
