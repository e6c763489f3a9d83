import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Episode } from "~/services/types";
import type { EpisodeMedia } from "~/player/machine";
import { whenLoadedAndIdle } from "~/ui/after-load";
import { DownloadIcon } from "~/ui/primitives";
import { episodeMedia, LISTEN_ANCHOR, PlayEpisodeButton } from "~/player/PlayEpisodeButton";
import { downloadFileName, episodeLink, episodeSubtitle } from "~/rules/episodes";
import { formatDate, formatDuration } from "~/ui/time";
import { mediaFragment } from "~/player/media-fragment";
import { FavoriteToggle, OfflineDownload, PositionMark, UpNextButtons } from "./lazy-parts";
// In the first load: its share and clip buttons, chapters and transcript act at the first press.
import { EpisodePanels } from "./EpisodePanels";
import type { Chapter } from "~/rules/chapters";
import type { Cue } from "~/rules/transcript";

import { eraLink } from "~/rules/eras";

/** docs/product.md §2 Episode details (also the Cold Cut details screen). */
export function EpisodePage({
  episode,
  startTime,
  clipEnd,
  siteUrl,
  feedUrl,
  chapters,
  transcript,
}: {
  episode: Episode;
  startTime: number | null;
  clipEnd: number | null;
  siteUrl: string;
  feedUrl: string;
  chapters: Chapter[];
  transcript: Cue[];
}) {
  const pageUrl = new URL(episodeLink(episode.title, episode.coldcut), siteUrl).href;
  return (
    <article className="episode-page">
      <div
        className="episode-hero"
        style={{ backgroundImage: `url("${episode.backgroundImage.replace(/["\\\n]/g, "")}")` }}
      >
        <div className="episode-hero__shade">
          <PlayEpisodeButton
            episode={episode}
            className="episode-hero__play"
            size={44}
            startTime={startTime}
            clipEnd={clipEnd}
          />
          <div>
            <p className="episode-hero__kicker">
              {episode.coldcut ? "Cold Cut" : episode.era ? <Link to={eraLink(episode.era)}>{episode.era}</Link> : null}
              {" · "}
              <time dateTime={episode.pubdate}>{formatDate(episode.pubdate)}</time>
              {episode.duration > 0 ? ` · ${formatDuration(episode.duration)}` : ""}
            </p>
            <h1 className="episode-hero__title">{episode.title}</h1>
            <p className="episode-hero__subtitle">{episodeSubtitle(episode.subtext)}</p>
          </div>
        </div>
      </div>

      {/* Wide screens: the episode on the left, what to do with it (share, clip, chapters, transcript) beside it. */}
      <div className="episode-body">
        <div className="episode-main">
          {episode.canbashow ? (
            <p className="cannabis-warning" role="note">
              <strong>Cannabis warning:</strong> this episode discusses cannabis. The legal age is 21+.
            </p>
          ) : null}
          <p className="episode-description">{episode.description}</p>

          <noscript>
            <audio
              id={LISTEN_ANCHOR}
              controls
              preload="none"
              src={mediaFragment(episode.audioUrl, startTime, clipEnd)}
              className="noscript-audio"
              aria-label={`Listen to ${episode.title}`}
            >
              <a href={episode.audioUrl}>Listen to {episode.title}</a>
            </audio>
          </noscript>

          <div className="episode-actions">
            <LaterCastButton episode={episodeMedia(episode)} />
            <a className="button" href={episode.audioUrl} download={downloadFileName(episode.audioUrl)}>
              <DownloadIcon size={18} /> Download
            </a>
            <OfflineDownload
              audioUrl={episode.audioUrl}
              title={episode.title}
              page={episodeLink(episode.title, episode.coldcut)}
            />
            <FavoriteToggle audioSrc={episode.audioUrl} title={episode.title} duration={episode.duration} />
            <UpNextButtons audioSrc={episode.audioUrl} title={episode.title} withText />
          </div>
          <PositionMark src={episode.audioUrl} title={episode.title} />
        </div>
        <div className="episode-aside">
          <EpisodePanels
            episode={episode}
            pageUrl={pageUrl}
            feedUrl={feedUrl}
            startTime={startTime}
            clipEnd={clipEnd}
            chapters={chapters}
            transcript={transcript}
          />
        </div>
      </div>
    </article>
  );
}

/**
 * The cast icon renders nothing until a device is reachable, which is only known after the page
 * has loaded: its code comes then too, not with the page (the first-load budget).
 */
function LaterCastButton({ episode }: { episode: EpisodeMedia }) {
  const [Button, setButton] = useState<typeof import("~/player/CastButton").CastButton | null>(null);
  useEffect(
    () => whenLoadedAndIdle(() => void import("~/player/CastButton").then((m) => setButton(() => m.CastButton))),
    [],
  );
  return Button ? <Button episode={episode} /> : null;
}
