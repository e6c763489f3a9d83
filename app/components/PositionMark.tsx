import { useLocation, useMatches, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { useListener } from "~/auth/listener";
import type { CardPosition } from "~/services/types";
import { isPlayed, PLAYED_TEXT } from "~/rules/library";
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

/** Started and not played: the position shows as a bar and the minutes left. */
const started = (p: CardPosition | undefined): p is CardPosition =>
  p !== undefined && !p.played && p.position > 0 && p.duration > 0;

/**
 * A signed-in listener's position in an episode ("n min left" and a bar, or "Played") and the
 * form that marks it played or unplayed.
 */
export function PositionMark({ src, title }: { src: string; title: string }) {
  const signedIn = Boolean(useListener());
  const positions = usePagePositions();
  const location = useLocation();
  const onSubmit = useMarkSubmit();
  if (!signedIn || positions === undefined) return null;
  const p = positions[src];
  const played = p !== undefined && (p.played || isPlayed(p.position, p.duration));
  return (
    <div className="pos-mark">
      <div className="pos">
        {played ? (
          <span className="pos__played">{PLAYED_TEXT}</span>
        ) : started(p) ? (
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
