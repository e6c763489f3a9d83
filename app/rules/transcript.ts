/** WebVTT: the transcript format feeds name and the files carry. */
export const TRANSCRIPT_TYPE = "text/vtt";
/** Lines kept of one transcript (a three-hour show has a few thousand). */
export const TRANSCRIPT_CUES_MAX = 20_000;

export interface Cue {
  /** Seconds from the start. */
  start: number;
  end: number;
  /** Plain text: tags (voices, styling) removed, entities decoded. */
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f" };

function seconds(stamp: string): number {
  const parts = stamp.split(":").map(Number);
  return parts.reduce((total, p) => total * 60 + p, 0);
}

function plain(line: string): string {
  return line
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!)
    .trim();
}

/**
 * The cues of a WebVTT file, in time order. Cue settings, identifiers, NOTE, STYLE and REGION
 * blocks are skipped; a block without a valid timing line is not a cue. Not WebVTT: none.
 */
export function parseVtt(text: string): Cue[] {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!/^WEBVTT(?:[ \t\n]|$)/.test(source)) return [];
  const cues: Cue[] = [];
  for (const block of source.split(/\n{2,}/).slice(1)) {
    const lines = block.split("\n");
    const at = lines.findIndex((l) => l.includes("-->"));
    const timing = at >= 0 ? TIMING.exec(lines[at]!.trim()) : null;
    if (!timing || at > 1) continue;
    const start = seconds(timing[1]!);
    const end = seconds(timing[2]!);
    const words = lines
      .slice(at + 1)
      .map(plain)
      .filter(Boolean)
      .join(" ");
    if (end < start || !words) continue;
    cues.push({ start, end, text: words });
    if (cues.length === TRANSCRIPT_CUES_MAX) break;
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The index of the line spoken at `time`: the last one started by then, or -1 before the first. */
export function cueIndexAt(cues: readonly Cue[], time: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cues[mid]!.start <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
