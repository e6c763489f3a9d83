import { useLocation, useMatches, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { useListener } from "~/auth/listener";
import type { CardPosition } from "~/services/types";
import { useMarks } from "~/render/marks-context";

/**
 * The page's own data for its cards' marks (`positions`, JSON text: route-support/positions.server.ts):
 * undefined on a page that has none; a hole's marker while the server renders a listener template.
 */
function usePagePositions(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data as { positions?: string } | null;
    if (data && typeof data.positions === "string") return data.positions;
  }
  return undefined;
}

let last: { text: string; positions: Record<string, CardPosition> } | undefined;
/** The positions of a page's JSON text, parsed once per new text (every card asks). */
function parsed(text: string): Record<string, CardPosition> {
  if (last?.text !== text) last = { text, positions: JSON.parse(text) as Record<string, CardPosition> };
  return last.positions;
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
  const signedIn = Boolean(useListener());
  const positions = usePagePositions();
  const location = useLocation();
  const onSubmit = useMarkSubmit();
  const shown = signedIn && positions !== undefined;
  const marks = useMarks(shown);
  if (!shown) return null;
  const target = { src, title, back: `${location.pathname}${location.search}` };
  const html = !marks
    ? ""
    : marks.isHole(positions)
      ? marks.positionHole(target)
      : marks.positionHtml(target, parsed(positions!)[src]);
  return (
    <div className="pos-mark" onSubmit={onSubmit} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
  );
}
