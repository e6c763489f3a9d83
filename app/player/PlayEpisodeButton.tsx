import type { Episode, EpisodeCardData } from "~/services/types";
import { PauseIcon, PlayIcon } from "~/ui/primitives";
import { usePlayer } from "./PlayerProvider";
import { episodeLink } from "~/rules/episodes";
import type { EpisodeMedia } from "./machine";

/** An episode page plays a whole episode; a card plays its card view (description cut). */
export function episodeMedia(episode: Episode | EpisodeCardData): EpisodeMedia {
  return {
    src: episode.audioUrl,
    title: episode.title,
    image: episode.image,
    backgroundImage: episode.backgroundImage,
    description: "description" in episode ? episode.description : episode.summary,
    coldcut: episode.coldcut,
    duration: episode.duration,
    chaptersUrl: episode.chaptersUrl,
  };
}

/** Where the episode's own page keeps its native player (the no-JavaScript way to listen). */
export const LISTEN_ANCHOR = "listen";

/**
 * docs/product.md §2 "Episode card click: plays the episode" and the episode page's play/pause icon.
 * Choosing the episode already playing alerts (docs/product.md §4) — the machine decides.
 * Without JavaScript the button is a link to the episode page's native player instead.
 */
export function PlayEpisodeButton({
  episode,
  className,
  size = 32,
  startTime,
  clipEnd,
}: {
  episode: Episode | EpisodeCardData;
  className?: string;
  size?: number;
  startTime?: number | null;
  /** A shared clip's end: playback pauses there. */
  clipEnd?: number | null;
}) {
  const { state, choose, dispatch } = usePlayer();
  const current = state.kind === "episode" && state.src === episode.audioUrl;
  const switching = state.pending?.media.src === episode.audioUrl;
  const playing = (current && state.playing) || switching;
  const cls = className ?? "play-button";
  return (
    <>
      <noscript>
        <a
          className={cls}
          href={`${episodeLink(episode.title, episode.coldcut)}#${LISTEN_ANCHOR}`}
          aria-label={`Play ${episode.title}`}
        >
          <PlayIcon size={size} />
        </a>
      </noscript>
      <button
        type="button"
        className={`${cls} js-only`}
        aria-label={`Play ${episode.title}`}
        aria-pressed={playing}
        data-playing={playing ? "true" : "false"}
        onClick={() => choose(episodeMedia(episode), startTime, clipEnd)}
        // A toggle button (aria-pressed): once its episode is on, Space pauses and resumes it, as
        // the player's shortcut does, instead of choosing it again (which alerts).
        onKeyDown={(event) => {
          if (event.key !== " " || !(current || switching)) return;
          event.preventDefault();
          dispatch({ type: "toggle" });
        }}
      >
        {playing ? <PauseIcon size={size} /> : <PlayIcon size={size} />}
      </button>
    </>
  );
}
