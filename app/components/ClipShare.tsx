import { useState } from "react";
import { usePlayer } from "~/player/PlayerProvider";
import { parseClipEnd, parseShareTime } from "~/player/format";
import { CLIP_MAX_SECONDS } from "~/rules/player";
import { formatDuration } from "~/ui/time";
import { ShareIcon } from "~/ui/primitives";

/** The clip a listener starts with: the page's own, else the first half minute. */
const DEFAULT_CLIP_SECONDS = 30;

/**
 * "Share a clip": a start and an end (seconds) make the episode page's `?t=&end=` link, which
 * plays just that part. A GET form, so without JavaScript it opens the clip's page (and its link);
 * with it, the link is shared or copied at once.
 */
export function ClipShare({
  pageUrl,
  action,
  title,
  audioUrl,
  duration,
  startTime,
  clipEnd,
}: {
  /** The episode page's absolute link (`…?title=`). */
  pageUrl: string;
  /** The episode page's path, where the form goes without JavaScript. */
  action: string;
  title: string;
  audioUrl: string;
  duration: number;
  startTime: number | null;
  clipEnd: number | null;
}) {
  const [from, setFrom] = useState(String(startTime ?? 0));
  const initialEnd = clipEnd ?? Math.min((startTime ?? 0) + DEFAULT_CLIP_SECONDS, duration > 0 ? duration : Infinity);
  const [to, setTo] = useState(String(initialEnd));
  const [note, setNote] = useState("");
  const start = parseShareTime(from);
  const end = parseClipEnd(start, to);
  const max = duration > 0 ? Math.floor(duration) : undefined;
  const { state } = usePlayer();
  const inPlayer = state.kind === "episode" && state.src === audioUrl && !state.pending;
  const current = startTime !== null && clipEnd !== null ? `${pageUrl}&t=${startTime}&end=${clipEnd}` : null;
  return (
    <form
      className="clip"
      method="get"
      action={action}
      aria-labelledby="clip-title"
      onSubmit={async (event) => {
        event.preventDefault();
        if (start === null || end === null) return;
        const { clipUrl, shareLink } = await import("~/player/share");
        const outcome = await shareLink(clipUrl(pageUrl, start, end), `${title} — The Ham Radio Show`);
        setNote(outcome === "copied" ? "Clip link copied" : outcome === "failed" ? "Could not share the clip" : "");
      }}
    >
      <h2 id="clip-title" className="clip__title">
        Share a clip
      </h2>
      <input type="hidden" name="title" value={title} />
      <div className="clip__fields">
        <label>
          From (seconds)
          <input
            type="number"
            name="t"
            min={0}
            max={max}
            step={1}
            required
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
        </label>
        <label>
          To (seconds)
          <input
            type="number"
            name="end"
            min={1}
            max={max}
            step={1}
            required
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </label>
        {inPlayer ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              // The clip starts where the listener is in the player, for the usual half minute.
              const at = Math.floor(state.currentTime);
              const length =
                duration > 0 ? Math.min(DEFAULT_CLIP_SECONDS, Math.floor(duration) - at) : DEFAULT_CLIP_SECONDS;
              setFrom(String(at));
              setTo(String(at + Math.max(1, length)));
            }}
          >
            From the player's position
          </button>
        ) : null}
        <button type="submit" className="button button--ghost js-only" disabled={end === null}>
          <ShareIcon size={18} />
          {start !== null && end !== null
            ? `Share from ${formatDuration(start)} to ${formatDuration(end)}`
            : `Choose an end after the start, at most ${CLIP_MAX_SECONDS / 60} minutes later`}
        </button>
        <noscript>
          <button type="submit" className="button button--ghost">
            Make a clip link
          </button>
        </noscript>
      </div>
      <p className="clip__note" role="status">
        {note}
      </p>
      {current ? (
        <p className="clip__link">
          This clip ({formatDuration(startTime!)}–{formatDuration(clipEnd!)}): <a href={current}>{current}</a>
        </p>
      ) : null}
    </form>
  );
}
