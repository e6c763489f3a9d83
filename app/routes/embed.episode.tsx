import { useLoaderData, useLocation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { loadEmbed } from "~/route-support/embed.server";
import { loaderMeta } from "~/route-support/meta";
import { svgIcon } from "~/ui/primitives";
import embedStyles from "~/styles/embed.css";

export const loader = loadEmbed;
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta = loaderMeta;
/** Framed by other sites: the root renders this page alone, with its own stylesheet and no site script. */
export const handle = { bare: { stylesheet: embedStyles } };

/**
 * The embeddable player: art, title, play/pause, seek, time and chapters, shown and made to work
 * by the page's own small script (app/player/embed-player.client.ts), which runs as soon as the
 * markup is parsed. Without JavaScript the browser's audio control plays it, and the chapter menu
 * reloads the player at the chapter. Links open the
 * show's site in a new tab, out of the frame.
 */
export default function EmbedEpisode() {
  const { episode, src, view, marks, chapters, chapter, pageUrl, showUrl, script } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <>
      <article
        className="embed-player"
        aria-labelledby="embed-title"
        data-embed-player=""
        data-duration={episode.duration}
      >
        <img className="embed-player__art" src={episode.image} alt="" width="120" height="120" />
        <div className="embed-player__head">
          <p className="embed-player__show">
            <a href={showUrl} target="_blank" rel="noopener noreferrer">
              {episode.coldcut ? "Cold Cut — The Ham Radio Show" : "The Ham Radio Show"}
            </a>
          </p>
          <h1 id="embed-title" className="embed-player__title">
            <a href={pageUrl} target="_blank" rel="noopener noreferrer">
              {episode.title}
            </a>
          </h1>
        </div>
        <div className="embed-player__controls">
          <div className="embed-player__bar" role="group" aria-label="Player" hidden data-bar="">
            <button type="button" className="embed-player__play" aria-label="Play" data-play="" data-playing="false">
              {svgIcon("play", { size: 22, className: "embed-player__icon-play" })}
              {svgIcon("pause", { size: 22, className: "embed-player__icon-pause" })}
            </button>
            <div className="embed-player__seek">
              <input
                type="range"
                min={0}
                max={view.seekMax}
                step={1}
                defaultValue={0}
                aria-label="Seek"
                aria-valuetext={view.seekText}
                data-seek=""
              />
              {marks.length > 0 ? (
                <span className="embed-player__marks" aria-hidden="true">
                  {marks.map((at) => (
                    <span key={at} style={{ left: `${at}%` }} />
                  ))}
                </span>
              ) : null}
            </div>
            <span className="embed-player__time">
              <span data-current="">{view.current}</span> / <span data-total="">{view.total}</span>
            </span>
          </div>
          <audio controls preload="none" src={src} aria-label={`Listen to ${episode.title}`} data-audio="">
            <a href={episode.audioUrl}>Listen to {episode.title}</a>
          </audio>
          <p className="embed-player__status" role="status" data-status="" />
        </div>
        {chapters.length > 0 ? (
          <form className="embed-player__chapters" method="get" action={pathname}>
            <input type="hidden" name="title" value={episode.title} />
            <label htmlFor="embed-chapter">Chapter</label>
            <select id="embed-chapter" name="t" defaultValue={chapters[chapter]?.t} data-chapters="">
              {chapters.map((c) => (
                <option key={c.start} value={c.t} data-start={c.start}>
                  {c.label}
                </option>
              ))}
            </select>
            <button type="submit" data-submit="">
              Play from here
            </button>
          </form>
        ) : null}
      </article>
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
