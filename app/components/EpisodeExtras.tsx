import { useEffect, useRef } from "react";
import type { Chapter } from "~/rules/chapters";
import type { Cue } from "~/rules/transcript";
import type { Episode } from "~/services/types";
import { episodeLink } from "~/rules/episodes";
import { episodeMedia, LISTEN_ANCHOR } from "~/player/PlayEpisodeButton";
import { usePlayer } from "~/player/PlayerProvider";
import { formatDuration } from "~/ui/time";
import { afterLoad } from "~/ui/after-load";
import { soundbiteClip } from "~/rules/soundbites";

/**
 * An episode's soundbites, chapters and transcript, rendered on the server: each entry is a link
 * to the episode's page at its time (`?t=`; a soundbite is a clip link, `&end=` too), which starts
 * the page's native player there without JavaScript. With JavaScript, ./follow-playback.ts (a
 * chunk of its own, loaded after the page's load event) marks the chapter and line playing and
 * turns a click into a seek (a soundbite's, one that stops at its end). Nothing when the episode
 * has none of them.
 */
export function EpisodeExtras({
  episode,
  chapters,
  transcript,
}: {
  episode: Episode;
  chapters: Chapter[];
  transcript: Cue[];
}) {
  const root = useRef<HTMLDivElement>(null);
  const { state, dispatch, choose, subscribe } = usePlayer();
  const wanted = chapters.length > 0 || transcript.length > 0 || episode.soundbites.length > 0;
  const latest = useRef({ state, media: episodeMedia(episode) });
  latest.current = { state, media: episodeMedia(episode) };
  useEffect(() => {
    if (!wanted) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const cancelWait = afterLoad(() => {
      void import("./follow-playback").then((m) => {
        if (!stopped && root.current)
          stop = m.followPlayback(root.current, { dispatch, choose, subscribe }, () => latest.current);
      });
    });
    return () => {
      stopped = true;
      cancelWait();
      stop?.();
    };
  }, [wanted, episode.audioUrl, dispatch, choose, subscribe]);
  if (!wanted) return null;
  const link = `${episodeLink(episode.title, episode.coldcut)}&t=`;
  const list = (id: string, title: string, entries: { t: number; text: string; img?: string | null }[]) =>
    entries.length > 0 ? (
      <section aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <ol className={id}>
          {entries.map((e, i) => (
            <li key={i}>
              <a href={`${link}${Math.floor(e.t)}#${LISTEN_ANCHOR}`} data-t={e.t}>
                <time>{formatDuration(e.t)}</time>
                {e.img ? <img src={e.img} alt="" width="32" height="32" /> : null}
                <span>{e.text}</span>
              </a>
            </li>
          ))}
        </ol>
      </section>
    ) : null;
  const soundbites = episode.soundbites.map((bite) => ({ ...soundbiteClip(bite), title: bite.title || episode.title }));
  return (
    <div className="episode-extras" ref={root}>
      {soundbites.length > 0 ? (
        <section aria-labelledby="soundbites">
          <h2 id="soundbites">Soundbites</h2>
          <ul className="soundbites">
            {soundbites.map((b, i) => (
              <li key={i}>
                <a href={`${link}${b.start}&end=${b.end}#${LISTEN_ANCHOR}`} data-t={b.start} data-end={b.end}>
                  <time>
                    {formatDuration(b.start)}–{formatDuration(b.end)}
                  </time>
                  <span>{b.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {list(
        "chapters",
        "Chapters",
        chapters.map((c) => ({ t: c.startTime, text: c.title, img: c.img })),
      )}
      {list(
        "transcript",
        "Transcript",
        transcript.map((c) => ({ t: c.start, text: c.text })),
      )}
    </div>
  );
}
