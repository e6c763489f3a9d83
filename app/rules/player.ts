/**
 * Player constants of docs/product.md §4 "Player", §8 and §9, each defined once.
 * Shared texts that other screens use too live in ./constants.ts and are re-exported here.
 */
import { COMING_SOON_ALERT, DEFAULT_EPISODE_SUBTEXT } from "./constants";

/** docs/product.md §4 Player "Initial state" / §9 "Default live title 'The Ham Radio Show'". */
export const DEFAULT_PLAYER_TITLE = "The Ham Radio Show";

/** docs/product.md §4 Player "the subtext becomes 'Why? Because We Can!'" / §9 default episode subtext. */
export { DEFAULT_EPISODE_SUBTEXT };

/** docs/product.md §4 Player: pressing play on the episode that is already playing. */
export const ALREADY_PLAYING_ALERT = "Use the player buttons to control the audio playback";

/**
 * How long a notice in reply to a press ('Use the player buttons…', 'Coming Soon!') stays in the
 * player's status strip before it goes by itself; Dismiss removes it at once. Long enough to read
 * twice at a slow pace, short enough not to hide the resume offer or a failure for long.
 */
export const PLAYER_NOTICE_MS = 8_000;

/** docs/product.md §4 Player "after 100 ms the new source and title are set" / §9 "Source switch delay". */
export const SOURCE_SWITCH_DELAY_MS = 100;

/** docs/product.md §4 Player "While live is on ... every 10,000 ms" / §9 "Now-playing poll interval". */
export const NOW_PLAYING_POLL_MS = 10_000;

/** docs/product.md §9 "Live stream: a fixed stream with station id a93581". */
export const LIVE_STATION_ID = "a93581";

/** docs/product.md §9 live stream (default; the deployment may configure another URL). */
export const DEFAULT_LIVE_STREAM_URL = `https://streaming.live365.com/${LIVE_STATION_ID}`;

/** docs/product.md §7 "Live now-playing: GET on the show's streaming service" (Live365 station API). */
export function nowPlayingApiUrl(stationId: string = LIVE_STATION_ID): string {
  return `https://api.live365.com/station/${encodeURIComponent(stationId)}`;
}

/** docs/product.md §8 "Live now-playing failure or invalid data": the fallback pair (title, artist). */
export const NOW_PLAYING_FALLBACK = Object.freeze({
  title: DEFAULT_PLAYER_TITLE,
  artist: "Live Radio",
});

/** docs/product.md §2 Mobile player "A voice icon alerts a coming-soon message". */
export const MOBILE_VOICE_ALERT = COMING_SOON_ALERT;

/** The page that plays the live stream in the browser's own player (no JavaScript needed). */
export const LIVE_PAGE_PATH = "/live";

/** Skip buttons (and ←/→ keys): back 15 s, forward 30 s. Not in docs/product.md; see the player module. */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;

/** Playback speeds offered: 0.5× to 3× in steps of 0.25. Not in docs/product.md. */
export const SPEED_MIN = 0.5;
export const SPEED_MAX = 3;
export const SPEED_STEP = 0.25;
export const SPEED_DEFAULT = 1;
/** Every speed offered, slowest first: the only ones a listener's account keeps. */
export const PLAYER_SPEEDS: readonly number[] = Object.freeze(
  Array.from({ length: Math.round((SPEED_MAX - SPEED_MIN) / SPEED_STEP) + 1 }, (_, i) => SPEED_MIN + i * SPEED_STEP),
);
export const isPlayerSpeed = (n: number) => PLAYER_SPEEDS.includes(n);

/** docs/product.md §4 Player / §8 "Audio without a source, or source aborted: the error audio file plays". */
export const ERROR_AUDIO_PATH = "/media/audio/error.mp3";

/** /live without JavaScript: the browser's own control only greys out when the stream is off the air. */
export const LIVE_NOSCRIPT_HINT = "Not playing? The stream may be off the air right now.";
export const LIVE_RETRY = "Try again";

/**
 * docs/product.md §4 Session "Progress sync": while an episode plays, its position is saved at
 * most once per this many ms (and at once on pause, seek and page hide), so a reload or a crash
 * loses at most this much listening and 10,000 players cost at most 1,000 writes a second.
 */
export const PROGRESS_SAVE_EVERY_MS = 10_000;

/**
 * A position or favorite the server could not take (a database blip: 503, or no network) is kept
 * in the browser and sent again after a delay that doubles from the first to the last value below
 * (each shortened at random by up to half, so players do not all come back at once), and on the
 * listener's next page. At most PENDING_WRITES_MAX are kept; the oldest go first.
 */
export const PENDING_RETRY_FIRST_MS = 1_000;
export const PENDING_RETRY_MAX_MS = 30_000;
export const PENDING_WRITES_MAX = 50;

/** The longest clip a `&end=` link may make (seconds): a soundbite, not half an episode. */
export const CLIP_MAX_SECONDS = 300;

/** The skip links' targets: one player is shown per layout, and without JavaScript the link bar. */
export const PLAYER_TARGETS = {
  desktop: "player",
  mobile: "mobile-player",
  nojs: "nojs-player",
} as const;
