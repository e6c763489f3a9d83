import type { Chapter } from "~/rules/chapters";
import type { Cue } from "~/rules/transcript";

/**
 * An episode's chapters and transcript, read from where its catalog row points (ADR 028).
 * Missing, unreadable or junk files give none: the page then shows nothing for them.
 */
export interface EpisodeExtras {
  chapters(url: string): Promise<Chapter[]>;
  transcript(url: string): Promise<Cue[]>;
}
