import { useLocation, useMatches, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { useListener } from "~/auth/listener";
import type { CardPosition } from "~/services/types";
import { PLAYED_TEXT } from "~/rules/library";
import { listenState } from "~/rules/browse";
import { Progress } from "./Progress";

/** The page's own data for its cards' marks (route-support/positions.server.ts); undefined on a page that has none. */
function usePagePositions(): Record<string, CardPosition> | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data as { positions?: Record<string, CardPosition> } | null;
    if (data?.positions) return data.positions;
  }
  return undefined;
}

/** Sends a mark's form through a fetcher: the page and the player stay (JSON back, no redirect). */
export function useMarkSubmit() {
  const submit = useSubmit();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set("js", "1");
    submit(data, { method: "post", action: event.currentTarget.getAttribute("action")!, navigate: false });
  };
}

/**
 * A signed-in listener's position in an episode ("n min left" and a bar, or "Played") and the
 * form that marks it played or unplayed.
 */
export function PositionMark({
  src,
  title,
  compact = false,
}: {
  src: string;
  title: string;
  /** The list view's row: the mark alone; the card and the episode page mark played or unplayed. */
  compact?: boolean;
}) {
  const signedIn = Boolean(useListener());
  const positions = usePagePositions();
  const location = useLocation();
  const onSubmit = useMarkSubmit();
  if (!signedIn || positions === undefined) return null;
  const p = positions[src];
  const state = listenState(p);
  const played = state === "played";
  if (compact)
    return (
      <div className="pos pos--compact">
        {played ? (
          <span className="pos__played">{PLAYED_TEXT}</span>
        ) : p && state === "in-progress" ? (
          <Progress title={title} position={p} />
        ) : null}
      </div>
    );
  return (
    <div className="pos-mark">
      <div className="pos">
        {played ? (
          <span className="pos__played">{PLAYED_TEXT}</span>
        ) : p && state === "in-progress" ? (
          <Progress title={title} position={p} />
        ) : null}
        <form method="post" action="/played" className="pos__form" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value={played ? "unplayed" : "played"} />
          <input type="hidden" name="audioSrc" value={src} />
          <input type="hidden" name="title" value={title} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            className="pos__toggle"
            aria-label={`Mark ${title} as ${played ? "unplayed" : "played"}`}
          >
            {played ? "Mark unplayed" : "Mark played"}
          </button>
        </form>
      </div>
    </div>
  );
}
