/**
 * The global player as a pure reducer: every transition of docs/product.md §4 "Player" and the player
 * parts of §4 "Session". No timers, DOM, globals or clocks here.
 *
 * How the UI drives it (the "effect layer", one <audio> element, lives elsewhere):
 * - State is the single truth; the engine mirrors `src`, `playing`, `playbackRate`, `volume` and
 *   `muted(state)` onto the <audio> element and reports back with `timeUpdate`,
 *   `durationChange`, `ended` and `audioError` (pass the element's src so late events of an
 *   old source are dropped).
 * - `pending` ≠ null: an episode switch is under way (source already cleared). The engine
 *   schedules `{ type: "switchElapsed", id: pending.id }` after SOURCE_SWITCH_DELAY_MS (and
 *   cancels it when `pending.id` changes). A stale id is ignored, so rapid clicks are safe.
 * - `requestedTime` ≠ null: the engine must move the element there once it has metadata
 *   (resume after sign-in, seek, share `?t=`), then dispatch `seekApplied`. Until then
 *   `timeUpdate` is ignored so the bar does not flicker back to 0.
 * - `alert` ≠ null: the UI shows its text as a polite notice in the player's status strip (never a
 *   blocking window.alert), and dispatches `dismissAlert` after a while or on Dismiss. Any part of
 *   the page raises one with `notify` (the era's share icon, the voice icon): one place, announced.
 *   Its `id` changes each time, so the same text raised twice is announced twice.
 * - Helpers at the bottom: `muted`, `shouldPollNowPlaying`, `shouldSyncProgress`, `rememberedEpisode`.
 * - What the browser remembers (its storage is the engine's business, ./listener-memory.ts):
 *   `remembered` brings back volume, mute and the speed per era at start; `restoreEpisode` a
 *   signed-out listener's episode, paused where they left it. Each era keeps its own speed
 *   (`speeds`, keyed by `speedEraOf`): an episode starts at its era's last speed, and a speed
 *   chosen during an episode becomes its era's.
 *
 * Times are seconds. `duration` 0 means unknown (live streams report Infinity → 0).
 * Invariant: when duration > 0, 0 ≤ currentTime ≤ duration; otherwise currentTime ≥ 0.
 *
 * Decisions beyond the product document's wording (tested):
 * - Choosing the episode that is already loaded but paused resumes it (keeps the position)
 *   instead of restarting it from 0.
 * - `restore` (sign-in) does not replace audio that is playing right now.
 * - Errors: code 1 (aborted), 4 (source not supported — what browsers report for an empty or
 *   missing file) or no source → the error audio plays. Codes 2 (network) and 3 (decode) stop
 *   playback and keep the source, so play retries it. An error of the error audio just stops.
 * - Pressing play with no source, or choosing a card without an audio URL, plays the error
 *   audio (docs/product.md §8 "audio without a source"). Errors during the 100 ms switch are ignored.
 * - goLive shows the §8 fallback pair ('The Ham Radio Show' / 'Live Radio') until now-playing
 *   arrives; a track without art clears the image (the view shows the default picture).
 * - `signedOut` is for a session that ended; an explicit Log Out dispatches `logout` only. It
 *   leaves a `notice` in words: a session that ends elsewhere is never silent.
 * - Up Next (ADR 034): `queue` is the listener's list as the server last sent it (`queueSync`),
 *   minus the episode playing. At the end of an episode, and on `next`, its first episode plays.
 *   Any episode that starts playing leaves the queue and is reported in `taken` (the engine tells
 *   the server to remove it, once per `taken.id`). `history` keeps the episodes left for another,
 *   newest last, for `previous` (which restarts the episode instead when it is a few seconds in).
 * - What the listener is told (the view shows it in words, announced): `buffering` while the
 *   element waits for data; `failure` when a source could not play (its reason, and what `retry`
 *   plays again, until dismissed — the error audio of §8 still plays for codes 1 and 4); `resume` after a sign-in
 *   restored an episode part-way through (a "Continue … at m:ss?" offer, gone once anything plays).
 */
import { clampRate, clampSeek, sanitizeDuration, stepRate } from "./format";
import type { NowPlaying } from "~/rules/now-playing";
import { isResumable, PREVIOUS_RESTARTS_AFTER_S, UP_NEXT_HISTORY_MAX } from "../rules/library";
import { speedEraOf } from "../rules/listener-memory";
import {
  ALREADY_PLAYING_ALERT,
  DEFAULT_EPISODE_SUBTEXT,
  DEFAULT_PLAYER_TITLE,
  ERROR_AUDIO_PATH,
  NOW_PLAYING_FALLBACK,
  SPEED_DEFAULT,
} from "../rules/player";

/** What the current source is. */
export type MediaKind = "live" | "episode" | "error" | "none";

/** An episode (or card) to play. */
export interface EpisodeMedia {
  src: string;
  title: string;
  image?: string;
  backgroundImage?: string;
  description?: string;
  coldcut?: boolean;
  /** Its era (docs/product.md §3), when known: each era keeps its own speed. */
  era?: string | null;
  /** Seconds, when the catalog knows it (EpisodeDuration); the element's value wins later. */
  duration?: number;
  /** Whether it is already in the user's favorites. */
  favorite?: boolean;
  /** Its Podcasting 2.0 chapters, when it has them. */
  chaptersUrl?: string | null;
}

/** The chapter playing, as the player and the lock screen show it. */
export interface PlayerChapter {
  title: string;
  image: string | null;
}

export interface PendingSwitch {
  id: number;
  media: EpisodeMedia;
  /** Share `?t=` start, seconds. */
  startTime: number | null;
  /** A shared clip's `&end=`, seconds. */
  clipEnd: number | null;
  /** Whether playback starts when the switch completes (a pause during the 100 ms cancels it). */
  autoplay: boolean;
}

export interface PlayerAlert {
  text: string;
  id: number;
}

/** What the browser kept of its listener (./listener-memory.ts reads it; anything may be missing). */
export interface RememberedPreferences {
  volume?: number;
  muted?: boolean;
  speeds?: Record<string, number>;
}

/** A source that could not play, kept so that `retry` can play it again. */
export interface PlaybackFailure {
  src: string;
  live: boolean;
  title: string;
  subtext: string;
  image: string;
  /** In words, for the listener. */
  reason: string;
}

export interface PlayerConfig {
  liveStreamUrl: string;
  errorAudioUrl: string;
}

export interface PlayerState {
  config: PlayerConfig;
  src: string;
  kind: MediaKind;
  title: string;
  subtext: string;
  image: string;
  backgroundImage: string;
  /** Episode description (cast request, share text). */
  description: string;
  /** The episode comes from the Cold Cut table (share/detail links). */
  coldcut: boolean;
  /** The episode's era ("" unknown or not an episode). */
  era: string;
  playing: boolean;
  live: boolean;
  duration: number;
  currentTime: number;
  requestedTime: number | null;
  playbackRate: number;
  /** The speed last chosen in each era (speedEraOf): where that era's episodes start. */
  speeds: Record<string, number>;
  /** The listener's volume, 0 to 1, and their mute (apart from the one casting imposes). */
  volume: number;
  userMuted: boolean;
  favorite: boolean;
  casting: boolean;
  pending: PendingSwitch | null;
  /** A message for the listener in reply to what they just did (docs/product.md §4, §8 alerts). */
  alert: PlayerAlert | null;
  /** Playing, but the element is waiting for data. */
  buffering: boolean;
  failure: PlaybackFailure | null;
  /** A restored episode's place, offered until something plays or the offer is dismissed. */
  resume: { title: string; time: number } | null;
  /** A message about the session (signed out elsewhere), until dismissed. */
  notice: string | null;
  /** A shared clip's end (seconds): playback pauses there once; a seek or another source forgets it. */
  clipEnd: number | null;
  /** Counter for pending-switch ids. */
  seq: number;
  /** The episode's chapters ("" none); the player's chapter controls load them. */
  chaptersUrl: string;
  /** The chapter playing, once they are loaded. */
  chapter: PlayerChapter | null;
  /** Up Next, without the episode playing. */
  queue: EpisodeMedia[];
  /** Episodes left for another (newest last), for "previous track". */
  history: EpisodeMedia[];
  /** The last episode taken out of Up Next to play; `id` tells one taking from the next. */
  taken: { id: number; src: string } | null;
}

/** docs/product.md §3 User record at users/<uid>. */
export interface UserAudioRecord {
  audioTitle?: string;
  audioSrc?: string;
  duration?: number;
}

/** docs/product.md §3 ActiveAudioSync at users/<uid>/ActiveAudioSync. */
export interface ActiveAudioSync {
  AudioTitle?: string;
  AudioSrc?: string;
  AudioImg?: string;
  Duration?: number;
  currentTime?: number;
}

/** Parsed now-playing data (see ./now-playing.ts). */
export type NowPlayingInfo = NowPlaying;

export type PlayerAction =
  | { type: "toggle" }
  | { type: "play" }
  | { type: "pause" }
  | { type: "choose"; media: EpisodeMedia; startTime?: number | null; clipEnd?: number | null }
  | { type: "switchElapsed"; id: number }
  | { type: "goLive" }
  | { type: "nowPlaying"; info: NowPlayingInfo }
  | { type: "timeUpdate"; time: number }
  | { type: "durationChange"; duration: number }
  /** `clipEnd`: play on to there only (a soundbite); without it, a seek forgets a clip's end. */
  | { type: "seek"; time: number; clipEnd?: number | null }
  | { type: "skip"; seconds: number }
  | { type: "seekApplied" }
  | { type: "ended" }
  | { type: "audioError"; code: number | null; src?: string }
  | { type: "setPlaybackRate"; rate: number }
  | { type: "stepRate"; direction: 1 | -1 }
  | { type: "setVolume"; volume: number }
  | { type: "toggleMute" }
  | { type: "castSession"; connected: boolean }
  | { type: "setFavorite"; favorite: boolean }
  | { type: "dismissAlert" }
  | { type: "notify"; text: string }
  | { type: "remembered"; preferences: RememberedPreferences }
  | { type: "restoreEpisode"; media: EpisodeMedia; time: number }
  | { type: "restore"; user: UserAudioRecord | null; sync: ActiveAudioSync | null }
  | { type: "signedOut" }
  | { type: "logout" }
  | { type: "waiting" }
  | { type: "canPlay" }
  | { type: "retry" }
  | { type: "dismissResume" }
  | { type: "dismissNotice" }
  | { type: "dismissFailure" }
  | { type: "chapter"; chapter: PlayerChapter | null }
  | { type: "queueSync"; items: EpisodeMedia[] }
  | { type: "next" }
  | { type: "previous" };

/** HTMLMediaElement MediaError codes. */
export const MEDIA_ERR_ABORTED = 1;
export const MEDIA_ERR_NETWORK = 2;
export const MEDIA_ERR_DECODE = 3;
export const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

export function createPlayerConfig(liveStreamUrl: string, errorAudioUrl = ERROR_AUDIO_PATH): PlayerConfig {
  return { liveStreamUrl, errorAudioUrl };
}

/** docs/product.md §4 "Initial state": the live stream source, live flag off, title 'The Ham Radio Show'. */
export function initialPlayerState(config: PlayerConfig): PlayerState {
  return {
    config,
    src: config.liveStreamUrl,
    kind: "live",
    title: DEFAULT_PLAYER_TITLE,
    subtext: DEFAULT_EPISODE_SUBTEXT,
    image: "",
    backgroundImage: "",
    description: "",
    coldcut: false,
    era: "",
    playing: false,
    live: false,
    duration: 0,
    currentTime: 0,
    requestedTime: null,
    playbackRate: SPEED_DEFAULT,
    speeds: {},
    volume: 1,
    userMuted: false,
    favorite: false,
    casting: false,
    pending: null,
    alert: null,
    buffering: false,
    failure: null,
    resume: null,
    notice: null,
    clipEnd: null,
    seq: 0,
    chaptersUrl: "",
    chapter: null,
    queue: [],
    history: [],
    taken: null,
  };
}

/** The listener's words for a failed source, by MediaError code. */
export function failureReason(code: number | null): string {
  switch (code) {
    case MEDIA_ERR_ABORTED:
      return "The connection was cut off.";
    case MEDIA_ERR_NETWORK:
      return "A network error stopped the audio.";
    case MEDIA_ERR_DECODE:
      return "The audio could not be decoded.";
    default:
      return "The audio could not be found or is not available right now.";
  }
}

/** What the session notice says when the session ended outside this page. */
export const SIGNED_OUT_NOTICE = "You were signed out, maybe in another tab. Sign in again to keep your favorites.";

/** The state's kind for an arbitrary source (restored sources come as plain strings). */
export function kindOfSource(src: string, config: PlayerConfig): MediaKind {
  if (src === "") return "none";
  if (src === config.liveStreamUrl) return "live";
  if (src === config.errorAudioUrl) return "error";
  return "episode";
}

/** A new source: position, duration and pending requests reset (docs/product.md §4 "Source change"). */
function withSource(state: PlayerState, src: string): PlayerState {
  return {
    ...state,
    src,
    kind: kindOfSource(src, state.config),
    duration: 0,
    currentTime: 0,
    requestedTime: null,
    pending: null,
    buffering: false,
    clipEnd: null,
    chaptersUrl: "",
    chapter: null,
  };
}

function playErrorAudio(state: PlayerState): PlayerState {
  return { ...withSource(state, state.config.errorAudioUrl), live: false, playing: true };
}

function setPlaying(state: PlayerState, playing: boolean): PlayerState {
  if (playing && state.resume) state = { ...state, resume: null };
  if (!playing && state.buffering) state = { ...state, buffering: false };
  if (state.pending) {
    return state.pending.autoplay === playing ? state : { ...state, pending: { ...state.pending, autoplay: playing } };
  }
  if (playing && state.src === "") return playErrorAudio(state);
  return state.playing === playing ? state : { ...state, playing };
}

function seekTo(state: PlayerState, time: number, clipEnd: number | null = null): PlayerState {
  if (state.kind !== "episode" || state.pending || state.duration <= 0 || !Number.isFinite(time)) return state;
  const t = clampSeek(time, state.duration);
  // Unless the seek starts a clip, the listener took over: a shared clip's end no longer applies.
  return { ...state, currentTime: t, requestedTime: t, clipEnd: clipEnd !== null && clipEnd > t ? clipEnd : null };
}

/** The episode loaded now, as something to play again. */
function currentMedia(state: PlayerState): EpisodeMedia | null {
  if (state.kind !== "episode" || state.src === "") return null;
  const { src, title, image, backgroundImage, description, coldcut, duration } = state;
  const era = state.era || null;
  return {
    src,
    title,
    image,
    backgroundImage,
    description,
    coldcut,
    era,
    duration,
    chaptersUrl: state.chaptersUrl || null,
  };
}

function choose(
  state: PlayerState,
  media: EpisodeMedia,
  startTime: number | null,
  clipEnd: number | null,
  remember = true,
): PlayerState {
  if (state.failure || state.resume) state = { ...state, failure: null, resume: null };
  if (!media.src.trim()) return playErrorAudio(state); // docs/product.md §8 "audio without a source"
  if (state.pending?.media.src === media.src) return state;
  if (!state.pending && state.kind === "episode" && state.src === media.src) {
    return state.playing ? notify(state, ALREADY_PLAYING_ALERT) : { ...state, playing: true };
  }
  const id = state.seq + 1;
  const left = remember ? currentMedia(state) : null;
  const queued = state.queue.some((m) => m.src === media.src);
  return {
    ...withSource(state, ""),
    seq: id,
    playing: false,
    pending: { id, media, startTime: startTime ?? null, clipEnd, autoplay: true },
    history: left
      ? [...state.history.filter((m) => m.src !== left.src), left].slice(-UP_NEXT_HISTORY_MAX)
      : state.history,
    ...(queued ? { queue: state.queue.filter((m) => m.src !== media.src), taken: { id, src: media.src } } : {}),
  };
}

/** The first episode of Up Next plays (nothing changes when it is empty). */
function playNext(state: PlayerState): PlayerState {
  const head = state.queue[0];
  return head ? choose(state, head, null, null) : state;
}

/** Back to the episode left for this one; a few seconds in (or with none), this one from the start. */
function playPrevious(state: PlayerState): PlayerState {
  if (state.kind !== "episode" || state.pending) return state;
  const back = state.history.at(-1);
  if (!back || state.currentTime > PREVIOUS_RESTARTS_AFTER_S) return seekTo(state, 0);
  return choose({ ...state, history: state.history.slice(0, -1) }, back, null, null, false);
}

/** An episode's own fields in the player, its source set and its era's speed. */
function withEpisode(state: PlayerState, media: EpisodeMedia): PlayerState {
  return {
    ...withSource(state, media.src),
    title: media.title,
    subtext: DEFAULT_EPISODE_SUBTEXT,
    image: media.image ?? "",
    backgroundImage: media.backgroundImage ?? media.image ?? "",
    description: media.description ?? "",
    coldcut: media.coldcut ?? false,
    era: media.era ?? "",
    playbackRate: eraSpeed(state, media),
    chaptersUrl: media.chaptersUrl ?? "",
    live: false,
  };
}

function completeSwitch(state: PlayerState, pending: PendingSwitch): PlayerState {
  const { media } = pending;
  const duration = sanitizeDuration(media.duration);
  const start = pending.startTime !== null && pending.startTime > 0 ? clampSeek(pending.startTime, duration) : null;
  return {
    ...withEpisode(state, media),
    favorite: media.favorite ?? false,
    duration,
    currentTime: start ?? 0,
    requestedTime: start,
    playing: pending.autoplay,
    clipEnd: pending.clipEnd !== null && pending.clipEnd > (start ?? 0) ? pending.clipEnd : null,
  };
}

function notify(state: PlayerState, text: string): PlayerState {
  return { ...state, alert: { text, id: (state.alert?.id ?? 0) + 1 } };
}

/** Where an episode starts: its era's last speed; an episode of no known era keeps the speed playing. */
function eraSpeed(state: PlayerState, media: { era?: string | null; coldcut?: boolean }): number {
  const era = speedEraOf(media);
  return era === null ? state.playbackRate : (state.speeds[era] ?? SPEED_DEFAULT);
}

/** A speed chosen during an episode becomes its era's. */
function withRate(state: PlayerState, rate: number): PlayerState {
  const era = state.kind === "episode" ? speedEraOf(state) : null;
  const speeds = era === null ? state.speeds : { ...state.speeds, [era]: rate };
  return { ...state, playbackRate: rate, speeds };
}

function applyRemembered(state: PlayerState, p: RememberedPreferences): PlayerState {
  let next = state;
  if (typeof p.volume === "number" && Number.isFinite(p.volume) && p.volume > 0 && p.volume <= 1)
    next = { ...next, volume: p.volume };
  if (typeof p.muted === "boolean") next = { ...next, userMuted: p.muted };
  if (p.speeds) {
    const speeds = { ...next.speeds };
    for (const [era, rate] of Object.entries(p.speeds)) {
      if (typeof rate === "number" && Number.isFinite(rate)) speeds[era] = clampRate(rate);
    }
    next = { ...next, speeds };
    // The episode already loaded follows its era's speed too.
    if (next.kind === "episode" && !next.pending) next = { ...next, playbackRate: eraSpeed(next, next) };
  }
  return next;
}

/**
 * A signed-out listener's last episode, loaded paused at their place (with the resume offer). Never
 * over audio the listener has already started, nor over an episode already loaded.
 */
function restoreEpisode(state: PlayerState, media: EpisodeMedia, time: number): PlayerState {
  if (state.playing || state.pending || state.kind === "episode" || state.live || !media.src.trim()) return state;
  const duration = sanitizeDuration(media.duration);
  const t = Number.isFinite(time) && time > 0 ? clampSeek(time, duration) : 0;
  return {
    ...withEpisode(state, media),
    favorite: false,
    playing: false,
    duration,
    currentTime: t,
    requestedTime: t > 0 ? t : null,
    resume: t > 0 && media.title ? { title: media.title, time: t } : null,
    failure: null,
  };
}

function restore(state: PlayerState, user: UserAudioRecord | null, sync: ActiveAudioSync | null): PlayerState {
  if (state.playing || state.pending) return state;
  const title = sync?.AudioTitle ?? user?.audioTitle;
  const src = sync?.AudioSrc ?? user?.audioSrc;
  if (src === undefined && title === undefined) return state;
  let next: PlayerState =
    src === undefined ? state : { ...withSource(state, src), live: false, favorite: false, era: "" };
  if (title !== undefined) next = { ...next, title };
  const duration = sync?.Duration ?? user?.duration;
  if (duration !== undefined) next = { ...next, duration: sanitizeDuration(duration) };
  if (sync?.AudioImg !== undefined) next = { ...next, image: sync.AudioImg, backgroundImage: sync.AudioImg };
  const time = sync?.currentTime;
  if (next.kind === "episode" && typeof time === "number" && isResumable(time)) {
    const t = clampSeek(time, next.duration);
    next = { ...next, currentTime: t, requestedTime: t, resume: next.title ? { title: next.title, time: t } : null };
  }
  return { ...next, failure: null, notice: null };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "toggle":
      return setPlaying(state, state.pending ? !state.pending.autoplay : !state.playing);
    case "play":
      return setPlaying(state, true);
    case "pause":
      return setPlaying(state, false);

    case "choose":
      return choose(state, action.media, action.startTime ?? null, action.clipEnd ?? null);
    case "switchElapsed":
      return state.pending && state.pending.id === action.id ? completeSwitch(state, state.pending) : state;

    case "goLive": {
      if (state.failure || state.resume) state = { ...state, failure: null, resume: null };
      if (state.live && state.kind === "live") return setPlaying(state, true); // keep now-playing
      const base = state.kind === "live" ? state : withSource(state, state.config.liveStreamUrl);
      return {
        ...base,
        live: true,
        playing: true,
        title: NOW_PLAYING_FALLBACK.title,
        subtext: NOW_PLAYING_FALLBACK.artist,
        image: "",
        backgroundImage: "",
        description: "",
        coldcut: false,
        era: "",
        favorite: false,
      };
    }
    case "nowPlaying": {
      if (!state.live || state.kind !== "live") return state;
      const { title, artist, art } = action.info;
      return { ...state, title, subtext: artist, image: art ?? "" };
    }

    case "timeUpdate": {
      if (state.pending || state.requestedTime !== null || !Number.isFinite(action.time)) return state;
      const time = clampSeek(action.time, state.duration);
      if (state.clipEnd !== null && time >= state.clipEnd)
        return { ...state, currentTime: time, playing: false, clipEnd: null };
      return time === state.currentTime ? state : { ...state, currentTime: time };
    }
    case "durationChange": {
      if (state.pending) return state;
      const duration = sanitizeDuration(action.duration);
      if (duration === 0 && state.duration > 0 && state.kind === "episode") return state; // keep the catalog's value
      const requestedTime = state.requestedTime === null ? null : clampSeek(state.requestedTime, duration);
      return { ...state, duration, currentTime: clampSeek(state.currentTime, duration), requestedTime };
    }
    case "seek":
      return seekTo(state, action.time, action.clipEnd ?? null);
    case "skip":
      return seekTo(state, state.currentTime + action.seconds);
    case "seekApplied":
      return state.requestedTime === null ? state : { ...state, requestedTime: null };
    case "ended":
      if (state.kind === "episode" && !state.pending && state.queue.length > 0) return playNext(state);
      return {
        ...state,
        playing: false,
        buffering: false,
        currentTime: state.duration > 0 ? state.duration : state.currentTime,
        requestedTime: null,
      };

    case "audioError": {
      if (state.pending || (action.src !== undefined && action.src !== state.src)) return state;
      if (state.kind === "error") return { ...state, playing: false, buffering: false };
      const { code } = action;
      const failure: PlaybackFailure | null =
        state.src === ""
          ? null
          : {
              src: state.src,
              live: state.live && state.kind === "live",
              title: state.title,
              subtext: state.subtext,
              image: state.image,
              reason: failureReason(code),
            };
      if (state.src === "" || code === null || code === MEDIA_ERR_ABORTED || code === MEDIA_ERR_SRC_NOT_SUPPORTED) {
        return { ...playErrorAudio(state), failure };
      }
      return { ...state, playing: false, buffering: false, requestedTime: null, failure };
    }
    case "retry": {
      const { failure } = state;
      if (!failure) return state;
      const base = state.src === failure.src ? state : withSource(state, failure.src);
      return {
        ...base,
        title: failure.title,
        subtext: failure.subtext,
        image: failure.image,
        live: failure.live,
        playing: true,
        failure: null,
      };
    }
    case "waiting":
      return state.playing && !state.pending && !state.buffering ? { ...state, buffering: true } : state;
    case "canPlay":
      return state.buffering ? { ...state, buffering: false } : state;
    case "dismissResume":
      return state.resume === null ? state : { ...state, resume: null };
    case "dismissNotice":
      return state.notice === null ? state : { ...state, notice: null };
    case "dismissFailure":
      return state.failure === null ? state : { ...state, failure: null };
    case "chapter":
      return state.kind === "episode" && state.chaptersUrl ? { ...state, chapter: action.chapter } : state;

    case "queueSync": {
      const playing = [state.src, state.pending?.media.src];
      return { ...state, queue: action.items.filter((m) => m.src && !playing.includes(m.src)) };
    }
    case "next":
      return playNext(state);
    case "previous":
      return playPrevious(state);

    case "setPlaybackRate":
      return withRate(state, clampRate(action.rate));
    case "stepRate":
      return withRate(state, stepRate(state.playbackRate, action.direction));

    case "setVolume": {
      if (!Number.isFinite(action.volume)) return state;
      const volume = Math.min(1, Math.max(0, action.volume));
      // Turning the volume up is also unmuting; down to nothing is muting.
      return { ...state, volume: volume > 0 ? volume : state.volume, userMuted: volume === 0 };
    }
    case "toggleMute":
      return { ...state, userMuted: !state.userMuted };

    case "castSession":
      return state.casting === action.connected ? state : { ...state, casting: action.connected };
    case "setFavorite":
      return state.favorite === action.favorite ? state : { ...state, favorite: action.favorite };
    case "dismissAlert":
      return state.alert === null ? state : { ...state, alert: null };
    case "notify":
      return action.text ? notify(state, action.text) : state;
    case "remembered":
      return applyRemembered(state, action.preferences);
    case "restoreEpisode":
      return restoreEpisode(state, action.media, action.time);

    case "restore":
      return restore(state, action.user, action.sync);
    case "signedOut":
      return {
        ...withSource(state, ""),
        title: "",
        subtext: "",
        image: "",
        backgroundImage: "",
        description: "",
        coldcut: false,
        era: "",
        playing: false,
        live: false,
        favorite: false,
        alert: null,
        failure: null,
        resume: null,
        notice: SIGNED_OUT_NOTICE,
        queue: [],
        history: [],
        taken: null,
      };
    case "logout":
      return {
        ...initialPlayerState(state.config),
        live: true,
        casting: state.casting,
        playbackRate: state.playbackRate,
        speeds: state.speeds,
        volume: state.volume,
        userMuted: state.userMuted,
        seq: state.seq,
      };

    default: {
      const unknown: never = action; // exhaustive: a new action type must be handled above
      void unknown;
      return state;
    }
  }
}

/** docs/product.md §4 Casting: local audio is muted while a cast session is connected (and when the listener mutes it). */
export function muted(state: PlayerState): boolean {
  return state.casting || state.userMuted;
}

/** docs/product.md §4 "While live is on: now-playing data is fetched immediately and then every 10,000 ms". */
export function shouldPollNowPlaying(state: PlayerState): boolean {
  return state.live && state.kind === "live";
}

/**
 * docs/product.md §4 Progress sync: whether the position may be written to ActiveAudioSync. Never for live,
 * without a source, for the error audio or mid-switch. The caller adds "signed in" and throttling.
 */
export function shouldSyncProgress(state: PlayerState): boolean {
  return state.kind === "episode" && state.src !== "" && !state.pending && !state.live;
}

/** The episode page's play icon: is this source the one playing? */
export function isPlayingSource(state: PlayerState, src: string): boolean {
  return state.playing && !state.pending && state.src === src;
}

/**
 * What a signed-out listener's browser keeps so a reload finds them where they were: the episode
 * loaded (with its era, for its speed) and the position; null when there is none to keep (live,
 * the error clip, mid-switch).
 */
export function rememberedEpisode(state: PlayerState): { media: EpisodeMedia; time: number } | null {
  const media = shouldSyncProgress(state) ? currentMedia(state) : null;
  return media ? { media, time: state.currentTime } : null;
}
