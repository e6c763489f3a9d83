import { Link } from "@remix-run/react";
import { Fragment } from "react";
import type { EpisodeCardData, EraCardData, Marked, NewsCardData } from "~/services/types";
import { episodeLink } from "~/rules/episodes";
import { DEFAULT_EPISODE_IMAGE } from "~/rules/constants";
import { formatDuration } from "~/ui/time";
import { PlayEpisodeButton, useEpisodePlayback } from "~/player/PlayEpisodeButton";
import { FavoriteToggle, NewMark, PositionMark, UpNextButtons } from "./lazy-parts";

/**
 * Cards above the fold (412 × 823 phone or 1280 × 800 desktop, the more of the two): their
 * images load eagerly, since one of them is the page's largest paint.
 */
export const ABOVE_THE_FOLD = {
  episodes: 8,
  /** The home page's episode grid starts below the slider: at most its first row is in view. */
  homeEpisodes: 4,
  eras: 4,
  news: 8,
  gallery: 8,
  crew: 8,
} as const;

/**
 * docs/product.md §2 Cards: an episode card; a click on its art or its play button plays it, its title
 * opens its page.
 */
export function EpisodeCard({
  episode,
  priority = false,
  marks,
  markNew = false,
}: {
  episode: EpisodeCardData;
  priority?: boolean;
  /** Search results: the title and an excerpt of the description with the matched words marked. */
  marks?: SearchMarks;
  /** Home and era pages: "New since your last visit". */
  markNew?: boolean;
}) {
  const { playing } = useEpisodePlayback(episode.audioUrl);
  return (
    <article className={`card episode-card${playing ? " episode-card--playing" : ""}`}>
      {/* First in the DOM as it is first on screen (over the art's corner), so Tab follows the eye. */}
      <FavoriteToggle audioSrc={episode.audioUrl} title={episode.title} duration={episode.duration} />
      <div className="card__media">
        <img
          src={episode.image || DEFAULT_EPISODE_IMAGE}
          alt=""
          width="300"
          height="300"
          loading={priority ? "eager" : "lazy"}
          decoding="async"
        />
      </div>
      <div className="card__body">
        {playing ? (
          <p className="card__now-playing" data-testid="now-playing">
            Now playing
          </p>
        ) : null}
        {markNew ? <NewMark date={episode.date?.iso ?? null} /> : null}
        <h3 className="card__title">
          <Link to={cardLink(episode, marks)} prefetch="intent">
            {marks ? <MarkedText parts={marks.title} /> : episode.title}
          </Link>
        </h3>
        <p className="card__text">{marks ? <MarkedText parts={marks.text} /> : episode.summary}</p>
        <div className="card__meta">
          {episode.era ? <span>{episode.coldcut ? "Cold Cut" : episode.era}</span> : null}
          {episode.number !== null ? <span>Ep. {episode.number}</span> : null}
          {episode.date ? <time dateTime={episode.date.iso}>{episode.date.text}</time> : null}
          {episode.duration > 0 ? <span>{formatDuration(episode.duration)}</span> : null}
          <UpNextButtons audioSrc={episode.audioUrl} title={episode.title} />
          {/* Below the art, never over it: art prints text of its own. Its hit area still covers the art. */}
          <PlayEpisodeButton episode={episode} className="card__play" size={24} />
        </div>
        <PositionMark src={episode.audioUrl} title={episode.title} />
      </div>
    </article>
  );
}

export const cardLink = (episode: EpisodeCardData, marks?: SearchMarks) =>
  `${episodeLink(episode.title, episode.coldcut)}${marks?.at != null ? `&t=${marks.at}` : ""}`;

export interface SearchMarks {
  title: Marked;
  text: Marked;
  /** Seconds into the episode where the match is (its transcript), when the link goes there. */
  at?: number | null;
}

/** Plain and matched parts alternate, plain first; React escapes both. */
export function MarkedText({ parts }: { parts: Marked }) {
  return parts.map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>));
}

export const episodeKey = (e: EpisodeCardData) => `${e.coldcut ? "cc" : "ep"}-${e.id}`;

export function EpisodeGrid({
  episodes,
  label,
  eager = ABOVE_THE_FOLD.episodes,
  marks,
  markNew = false,
}: {
  episodes: EpisodeCardData[];
  label: string;
  eager?: number;
  /** Per episode, in the same order (search results). */
  marks?: SearchMarks[];
  markNew?: boolean;
}) {
  return (
    <ul className="card-grid" aria-label={label}>
      {episodes.map((e, i) => (
        <li key={episodeKey(e)}>
          <EpisodeCard episode={e} priority={i < eager} marks={marks?.[i]} markNew={markNew} />
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md §2 Cards: "Era card click goes to /era?station=<station>". EdgeFM is a style only. */
export function EraCard({
  era,
  headingLevel = 3,
  description,
  priority = false,
}: {
  era: EraCardData;
  headingLevel?: 2 | 3;
  /** The era's description (/eras shows it; the cards elsewhere do not). */
  description?: string;
  /** Above the fold on its page (the largest paint): load at once, not lazily. */
  priority?: boolean;
}) {
  const { station } = era;
  const H = `h${headingLevel}` as const;
  return (
    <Link
      to={era.href}
      className={`era-card era-card--${station.replace(/\s+/g, "-").toLowerCase()}`}
      style={{ ["--era" as string]: era.accent }}
    >
      <img src={era.image} alt="" width="400" height="240" loading={priority ? "eager" : "lazy"} decoding="async" />
      <span className="era-card__text">
        <H className="era-card__name">{station}</H>
        <span className="era-card__years">{era.years}</span>
      </span>
      {description ? <span className="era-card__description">{description}</span> : null}
    </Link>
  );
}

/** docs/product.md §2 Cards: news card, link chosen by the news type; §5 title/subtext cut to 15 characters. */
export function NewsCard({ post, priority = false }: { post: NewsCardData; priority?: boolean }) {
  return (
    <article className="card news-card">
      <Link to={post.href} className="news-card__link" prefetch="intent">
        <img
          src={post.image ?? DEFAULT_EPISODE_IMAGE}
          alt=""
          width="400"
          height="225"
          loading={priority ? "eager" : "lazy"}
          decoding="async"
        />
        {/* The cut is what the eye reads; the whole title is what the card is named. */}
        <h3 className="card__title" title={post.title}>
          <span aria-hidden="true">{post.titleShort}</span>
          <span className="visually-hidden">{post.title}</span>
        </h3>
        <p className="card__text">{post.excerptShort}</p>
      </Link>
    </article>
  );
}
