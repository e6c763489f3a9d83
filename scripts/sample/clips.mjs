// What each episode's own short clip says (make-audio.sh speaks it, build-catalog.mjs picks up its
// timings). Only words the catalog already holds, the show's name and the episode's: the clips'
// transcripts are searched, and new words would change what search finds and corrects to.
// Run as a script, it prints make-audio.sh's make_track arguments, one clip a line, tab-separated.
import { episodeList } from "./episode-list.mjs";

// Episodes that keep a longer, hand-written track: the player's tests seek, skip and resume in
// them, and Up Next plays one after another (make-audio.sh makes all of these).
export const LONG_TRACKS = {
  "ep-0001": "ep-audio-1",
  "ep-0099": "ep-audio-3",
  "ep-0101": "ep-audio-5",
  "ep-0102": "ep-audio-6",
  "ep-0103": "ep-0103",
  "ep-0104": "ep-audio-2",
  "cc-0001": "ep-audio-4",
};

const OPENERS = [
  "This is The Ham Radio Show.",
  "You're listening to The Ham Radio Show.",
  "From the bunker, this is The Ham Radio Show.",
];
const CLOSERS = ["Why? Because we can!", "Stay tuned.", "Settle in.", "Let's get into it.", "Stay with us."];
const VOICES = [
  ["en-us", 170, 45],
  ["en-gb", 165, 40],
  ["en-gb-x-rp", 170, 35],
  ["en-us", 160, 55],
  ["en-gb", 170, 50],
];
const BEDS = ["chordA", "chordB", "chordC", "chordD", "pulse"];

/** The clip of every episode without a long track: [name, voice, speed, pitch, bed, lines]. */
export function clips() {
  return episodeList()
    .filter((e) => !LONG_TRACKS[e.objectID])
    .map((e) => {
      const k = e.id;
      const opener = e.series === "coldcut" ? "This is Cold Cut, from The Ham Radio Show." : OPENERS[k % OPENERS.length];
      const lines = [opener, `${e.name.replace(/[.?!]$/, "")}${/[?!]$/.test(e.name) ? e.name.at(-1) : "."}`, CLOSERS[k % CLOSERS.length]];
      // Most are spoken line by line (a transcript), most of those with chapters; every fifth in
      // one go, with neither, as some of a real catalog's are.
      const spoken =
        k % 5 === 0 ? [lines.join(" ")] : k % 3 === 0 ? lines : ["#Welcome", lines[0], `#${e.name}`, lines[1], lines[2]];
      const [voice, speed, pitch] = VOICES[k % VOICES.length];
      return [e.objectID, voice, speed, pitch, BEDS[k % BEDS.length], spoken];
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, voice, speed, pitch, bed, spoken] of clips()) {
    console.log([name, voice, speed, pitch, bed, 3, ...spoken].join("\t"));
  }
}
