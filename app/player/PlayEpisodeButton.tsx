import type { Episode } from "~/services/types";
import { PauseIcon, PlayIcon } from "~/components/icons";
import { usePlayer } from "./PlayerProvider";
import type { EpisodeMedia } from "./machine";

export function episodeMedia(episode: Episode): EpisodeMedia {
  return {
    src: episode.audioUrl,
    title: episode.title,
    image: episode.image,
    backgroundImage: episode.backgroundImage,
    description: episode.description,
    coldcut: episode.coldcut,
    duration: episode.duration,
  };
}

/**
 * SPEC §2 "Episode card click: plays the episode" and the episode page's play/pause icon.
 * Choosing the episode already playing alerts (SPEC §4) — the machine decides.
 */
export function PlayEpisodeButton({
  episode,
  className,
  size = 32,
  startTime,
}: {
  episode: Episode;
  className?: string;
  size?: number;
  startTime?: number | null;
}) {
  const { state, choose } = usePlayer();
  const current = state.kind === "episode" && state.src === episode.audioUrl;
  const switching = state.pending?.media.src === episode.audioUrl;
  const playing = (current && state.playing) || switching;
  return (
    <button
      type="button"
      className={className ?? "play-button"}
      aria-label={`Play ${episode.title}`}
      aria-pressed={playing}
      data-playing={playing ? "true" : "false"}
      onClick={() => choose(episodeMedia(episode), startTime)}
    >
      {playing ? <PauseIcon size={size} /> : <PlayIcon size={size} />}
    </button>
  );
}
