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
    era: episode.era,
    duration: episode.duration,
    chaptersUrl: episode.chaptersUrl,
  };
}

/**
 * Whether this episode is the one in the player, and whether it is playing (or about to, during
 * the 100 ms switch): what its play button and its card show.
 */
export function useEpisodePlayback(audioUrl: string): { current: boolean; playing: boolean } {
  const { state } = usePlayer();
  const current = state.kind === "episode" && state.src === audioUrl;
  const switching = state.pending?.media.src === audioUrl;
  return { current: current || switching, playing: (current && state.playing) || switching };
}

/** Where the episode's own page keeps its native player (the no-JavaScript way to listen). */
export const LISTEN_ANCHOR = "listen";

/**
 * docs/product.md §2 "Episode card click: plays the episode" and the episode page's play/pause icon.
 * A toggle (aria-pressed, a pause icon) while its episode plays; choosing it again then shows the
 * notice of docs/product.md §4 ('Use the player buttons…') — the machine decides — and Space on it
 * pauses and resumes. Its name stays "Play <title>": a toggle's state is its pressed state.
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
  const { choose, dispatch } = usePlayer();
  const { current, playing } = useEpisodePlayback(episode.audioUrl);
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
          if (event.key !== " " || !current) return;
          event.preventDefault();
          dispatch({ type: "toggle" });
        }}
      >
        {playing ? <PauseIcon size={size} /> : <PlayIcon size={size} />}
      </button>
    </>
  );
}
