import { useLocation, useMatches, useRouteLoaderData, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import type { RootData } from "~/services/types";
import type { CardPosition, HoleValue } from "~/utils/position-marks";
import { useMarks } from "~/utils/marks-context";

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
 * (utils/position-marks.ts), which the server also fills into a listener template's hole; the
 * browser loads it after hydration (`useMarks`).
 */
export function PositionMark({ src, title }: { src: string; title: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const positions = usePagePositions();
  const location = useLocation();
  const onSubmit = useMarkSubmit();
  const shown = Boolean(root?.user) && positions !== undefined;
  const marks = useMarks(shown);
  if (!shown) return null;
  const target = { src, title, back: `${location.pathname}${location.search}` };
  const html = !marks
    ? ""
    : marks.isHole(positions)
      ? marks.positionHole(target)
      : marks.positionHtml(target, positions![src]);
  return (
    <div className="pos-mark" onSubmit={onSubmit} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
  );
}
