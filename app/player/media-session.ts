/**
 * Media Session (lock-screen and hardware-key controls): pure builders of the metadata and the
 * position state for the current player state; the provider applies them to
 * `navigator.mediaSession`.
 */
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { DEFAULT_PLAYER_TITLE } from "~/rules/player";
import type { PlayerState } from "./machine";

export interface MediaSessionInfo {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string; sizes?: string; type?: string }[];
}

function imageType(src: string): string | undefined {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase();
  return ext === "svg"
    ? "image/svg+xml"
    : ext === "png"
      ? "image/png"
      : ext === "jpg" || ext === "jpeg"
        ? "image/jpeg"
        : ext === "webp"
          ? "image/webp"
          : undefined;
}

/**
 * Title, artist (the subtext), album (the show) and artwork (absolute URL); null with no source.
 * Within a chapter: the chapter's title, the episode's as the artist, and the chapter's picture first.
 */
export function mediaSessionInfo(state: PlayerState, origin: string): MediaSessionInfo | null {
  if (state.kind === "none" || state.src === "") return null;
  const image = state.image || DEFAULT_EPISODE_IMAGE;
  let src: string;
  try {
    src = new URL(image, origin).href;
  } catch {
    src = new URL(DEFAULT_EPISODE_IMAGE, origin).href;
  }
  const type = imageType(src);
  const artwork: MediaSessionInfo["artwork"] = [{ src, sizes: "512x512", ...(type ? { type } : {}) }];
  const { chapter } = state;
  const chapterArt = chapter?.image ? absolute(chapter.image, origin) : null;
  if (chapterArt) {
    const t = imageType(chapterArt);
    artwork.unshift({ src: chapterArt, ...(t ? { type: t } : {}) });
  }
  return {
    title: chapter?.title || state.title || DEFAULT_PLAYER_TITLE,
    artist: chapter ? state.title || DEFAULT_PLAYER_TITLE : state.subtext,
    album: DEFAULT_PLAYER_TITLE,
    artwork,
  };
}

function absolute(url: string, origin: string): string | null {
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

/** `setPositionState` input: episodes of known length only (live streams have no position). */
export function mediaPositionState(state: PlayerState): MediaPositionState | null {
  if (state.kind !== "episode" || state.pending || !(state.duration > 0)) return null;
  return {
    duration: state.duration,
    playbackRate: state.playbackRate,
    position: Math.min(Math.max(0, state.currentTime), state.duration),
  };
}

/** Which track buttons the lock screen offers: next while Up Next has an episode, previous on an episode. */
export function trackActions(state: PlayerState): { next: boolean; previous: boolean } {
  return { next: state.queue.length > 0, previous: state.kind === "episode" && state.src !== "" };
}
