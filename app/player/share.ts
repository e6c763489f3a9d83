/** "Share at current time": the episode page with `?t=<seconds>` (read by parseShareTime in ./format.ts). */
import { episodeLink } from "~/rules/episodes";
import type { PlayerState } from "./machine";

/** The page link for what is playing at its current second; null for live, errors or nothing. */
export function shareAtTimeUrl(
  state: Pick<PlayerState, "kind" | "pending" | "title" | "coldcut" | "currentTime">,
  origin: string,
): string | null {
  if (state.kind !== "episode" || state.pending || !state.title) return null;
  const page = new URL(episodeLink(state.title, state.coldcut), origin).href; // the app's own link form
  const t = Number.isFinite(state.currentTime) && state.currentTime > 0 ? Math.floor(state.currentTime) : 0;
  return t > 0 ? `${page}&t=${t}` : page;
}

/** A clip: the episode page's own link (as episodeLink makes it) with `&t=<start>&end=<end>`. */
export function clipUrl(pageUrl: string, start: number, end: number): string {
  return `${pageUrl}&t=${Math.floor(start)}&end=${Math.floor(end)}`;
}

export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

/** Web Share where the device has it, else copy to the clipboard. Never throws. */
export async function shareLink(
  url: string,
  title: string,
  nav: Pick<Navigator, "share" | "clipboard"> = navigator,
): Promise<ShareOutcome> {
  if (typeof nav.share === "function") {
    try {
      await nav.share({ title, url });
      return "shared";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
      // fall through to copying
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return "copied";
  } catch {
    return "failed";
  }
}
