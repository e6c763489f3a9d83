import { Link } from "@remix-run/react";
import type { EpisodeCardData } from "~/services/types";
import type { LibraryView } from "~/rules/browse";
import { formatDuration } from "~/ui/time";
import { PlayEpisodeButton, useEpisodePlayback } from "~/player/PlayEpisodeButton";
import { EpisodeGrid, MarkedText, cardLink, episodeKey, type SearchMarks } from "./Cards";
import { FavoriteToggle, NewMark, PositionMark } from "./lazy-parts";

/** A list page's episodes in the listener's view: the grid of cards, or the compact list. */
export function EpisodeShelf({
  view,
  ...props
}: {
  view: LibraryView;
  episodes: EpisodeCardData[];
  label: string;
  marks?: SearchMarks[];
  markNew?: boolean;
}) {
  if (view === "grid") return <EpisodeGrid {...props} />;
  const { episodes, label, marks, markNew } = props;
  return (
    <ul className="episode-list" aria-label={label}>
      {episodes.map((e, i) => (
        <li key={episodeKey(e)}>
          <EpisodeRow episode={e} marks={marks?.[i]} markNew={markNew} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The list view's row: title, date, length, the listener's mark, play and heart on one line, so
 * a whole era reads at a glance.
 */
export function EpisodeRow({
  episode,
  marks,
  markNew = false,
}: {
  episode: EpisodeCardData;
  marks?: SearchMarks;
  markNew?: boolean;
}) {
  const { playing } = useEpisodePlayback(episode.audioUrl);
  return (
    <article className={`episode-row${playing ? " episode-row--playing" : ""}`}>
      <PlayEpisodeButton episode={episode} className="episode-row__play" size={18} />
      <div className="episode-row__main">
        <h3 className="episode-row__title">
          <Link to={cardLink(episode, marks)} prefetch="intent">
            {marks ? <MarkedText parts={marks.title} /> : episode.title}
          </Link>
        </h3>
        <p className="episode-row__meta">
          {playing ? <span className="episode-row__now">Now playing</span> : null}
          {markNew ? <NewMark date={episode.date?.iso ?? null} /> : null}
          {episode.coldcut ? <span>Cold Cut</span> : null}
          {episode.date ? <time dateTime={episode.date.iso}>{episode.date.text}</time> : null}
          {episode.duration > 0 ? <span>{formatDuration(episode.duration)}</span> : null}
        </p>
      </div>
      <RowMarks src={episode.audioUrl} title={episode.title} duration={episode.duration} />
    </article>
  );
}

/** A row's end: the listener's mark (played, or the place and minutes left) and the heart. */
export function RowMarks({ src, title, duration }: { src: string; title: string; duration: number }) {
  return (
    <>
      <PositionMark src={src} title={title} compact />
      <FavoriteToggle audioSrc={src} title={title} duration={duration} />
    </>
  );
}
