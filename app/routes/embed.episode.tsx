import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { loadEmbed } from "~/route-support/embed.server";
import { loaderMeta } from "~/route-support/meta";

export const loader = loadEmbed;
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
export const meta = loaderMeta;
/** Framed by other sites: the root renders no site chrome and no global player around it. */
export const handle = { bare: true };

/**
 * The embeddable player: art, title and the browser's own audio control (it plays with or without
 * JavaScript, and inside any page). Links open the show's site in a new tab, out of the frame.
 */
export default function EmbedEpisode() {
  const { episode, pageUrl, showUrl } = useLoaderData<typeof loader>();
  return (
    <article className="embed-player" aria-labelledby="embed-title">
      <img className="embed-player__art" src={episode.image} alt="" width="120" height="120" />
      <div className="embed-player__body">
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
        <audio
          className="embed-player__audio"
          controls
          preload="none"
          src={episode.audioUrl}
          aria-label={`Listen to ${episode.title}`}
        >
          <a href={episode.audioUrl}>Listen to {episode.title}</a>
        </audio>
      </div>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
