import { useLocation, useMatches, useRouteLoaderData, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import type { RootData } from "~/services/types";
import { isHole, positionHole, positionHtml, type CardPosition, type HoleValue } from "~/utils/position-marks";

/**
 * The page's own data for its cards' marks (`positions`, route-support/positions.server.ts):
 * undefined on a page that has none; a hole while the server renders a listener template.
 */
function usePagePositions(): Record<string, CardPosition> | HoleValue | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data as { positions?: Record<string, CardPosition> | HoleValue } | null;
    if (data && "positions" in data) return data.positions;
  }
  return undefined;
}

/** Sends a mark's form through a fetcher: the page and the player stay (JSON back, no redirect). */
export function useMarkSubmit() {
  const submit = useSubmit();
  return (event: FormEvent<HTMLElement>) => {
    const form = event.target as HTMLFormElement;
    if (form.tagName !== "FORM") return;
    event.preventDefault();
    const data = new FormData(form);
    data.set("js", "1");
    submit(data, { method: "post", action: form.getAttribute("action")!, navigate: false });
  };
}

/**
 * Issue 35 §1: a signed-in listener's position in an episode ("n min left" and a bar, or
 * "Played") and the form that marks it played or unplayed. Its markup is one HTML string
 * (utils/position-marks.ts), which the server also fills into a listener template's hole.
 */
export function PositionMark({ src, title }: { src: string; title: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const positions = usePagePositions();
  const location = useLocation();
  const onSubmit = useMarkSubmit();
  if (!root?.user || positions === undefined) return null;
  const target = { src, title, back: `${location.pathname}${location.search}` };
  const html = isHole(positions) ? positionHole(target) : positionHtml(target, positions[src]);
  return <div className="pos-mark" onSubmit={onSubmit} dangerouslySetInnerHTML={{ __html: html }} />;
}
