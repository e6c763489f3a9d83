// Builds sample/*.json from the hand-written material in scripts/sample/data/.
// Deterministic: same inputs (and same audio files) => byte-identical output.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ERAS, EPISODES, SEGMENTS, CLOSERS } from "./data/episodes.mjs";
import { CREW, SPONSORS, POSTS, GALLERY } from "./data/content.mjs";
import { mp3Duration } from "./mp3.mjs";
import { episodeList } from "./episode-list.mjs";
import { LONG_TRACKS } from "./clips.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PUB = join(ROOT, "public");
const OUT = join(ROOT, "sample");
// The gallery's media are not public files: the app serves them to confirmed adults only.
const GALLERY_MEDIA = "/SpankBank/media/";
mkdirSync(OUT, { recursive: true });

// Every episode its own file: a listener's played marks, places and Up Next name the audio file,
// so episodes sharing one would share those too.
const LIST = episodeList();
const audioOf = (e) => `/media/audio/${LONG_TRACKS[e.objectID] ?? e.objectID}.mp3`;
const AUDIO = LIST.map(audioOf);
const durationOf = new Map(AUDIO.map((u) => [u, Math.round(mp3Duration(readFileSync(join(PUB, u))))]));
const words = (s) => s.trim().split(/\s+/).filter(Boolean).length;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

// ------------------------------------------------------------------ transcripts and chapters
// From the measured lines of the tracks spoken line by line (make-audio.sh): exact WebVTT
// transcripts for those, and Podcasting 2.0 chapters for the ones whose lines carry chapter titles.
// Tracks spoken in one go have neither: their episodes show none.
const SPEECH = join(ROOT, "scripts", "sample", "data", "speech");
// A chapter's picture (optional in the format): the show's share card for every track's first one.
const CHAPTER_IMG = "/media/img/share/show-card.jpg";
const vttTime = (s) => {
  const ms = Math.round(s * 1000);
  const p2 = (n) => String(n).padStart(2, "0");
  return `${p2(Math.floor(ms / 3600000))}:${p2(Math.floor(ms / 60000) % 60)}:${p2(Math.floor(ms / 1000) % 60)}.${String(ms % 1000).padStart(3, "0")}`;
};
// Soundbites (podcast:soundbite): moments picked from the measured lines, by their exact words, so
// each starts and ends where that line is spoken. Tracks 2 and 4 have none.
const SOUNDBITES = {
  "ep-audio-1": [
    ["Why? Because we can!", "Why? Because we can!"],
    ["Tonight the crew digs through the mailbag", "The mailbag and the coffee machine"],
  ],
  "ep-audio-3": [["The crew is here, the lights are blinking", "The antenna and the garden gnome"]],
  "ep-audio-5": [["We are fifteen years deep", "Fifteen years deep"]],
};
const extras = new Map();
for (const url of AUDIO) {
  const name = url.slice(url.lastIndexOf("/") + 1, -".mp3".length);
  const tsv = join(SPEECH, `${name}.tsv`);
  if (!existsSync(tsv)) continue;
  const rows = readFileSync(tsv, "utf8").trimEnd().split("\n").map((l) => l.split("\t"));
  const lines = rows.filter(([, end]) => end !== "");
  const vtt = ["WEBVTT", ...lines.map(([start, end, text]) => `${vttTime(Number(start))} --> ${vttTime(Number(end))}\n${text}`)];
  mkdirSync(join(PUB, "media", "transcripts"), { recursive: true });
  writeFileSync(join(PUB, "media", "transcripts", `${name}.vtt`), vtt.join("\n\n") + "\n");
  const entry = { TranscriptUrl: `/media/transcripts/${name}.vtt` };
  const marks = rows.filter(([, end]) => end === "");
  if (marks.length) {
    const chapters = marks.map(([start, , title], i) => ({
      startTime: i === 0 ? 0 : Number(start),
      title: title.slice(1),
      ...(i === 0 ? { img: CHAPTER_IMG } : {}),
    }));
    mkdirSync(join(PUB, "media", "chapters"), { recursive: true });
    writeFileSync(join(PUB, "media", "chapters", `${name}.json`), JSON.stringify({ version: "1.2.0", chapters }, null, 2) + "\n");
    entry.ChaptersUrl = `/media/chapters/${name}.json`;
  }
  // Every third short clip offers its opening line too, so each feed has episodes with and without.
  const clip = /^(?:ep|cc)-(\d{4})$/.exec(name);
  const picked = SOUNDBITES[name] ?? (clip && Number(clip[1]) % 3 === 0 ? [[lines[0][2], "The opening"]] : []);
  const bites = picked.map(([words, title]) => {
    const line = lines.find(([, , text]) => text.startsWith(words));
    if (!line) throw new Error(`${name}: no line starts with "${words}"`);
    const [start, end] = line.map(Number);
    return { startTime: start, duration: Math.round((end - start) * 1000) / 1000, title };
  });
  if (bites.length) entry.Soundbites = bites;
  extras.set(url, entry);
}

function describe(hook, k) {
  const parts = [hook];
  if (k % 5 !== 3) parts.push(SEGMENTS[(k * 7 + 3) % SEGMENTS.length]);
  if (k % 4 === 1) parts.push(SEGMENTS[(k * 11 + 5) % SEGMENTS.length]);
  const closer = CLOSERS[(k * 5 + 1) % CLOSERS.length];
  if (closer) parts.push(closer);
  let text = [...new Set(parts)].join(" ");
  for (let j = 1; words(text) < 30 && j < SEGMENTS.length; j++) {
    const extra = SEGMENTS[(k * 3 + j) % SEGMENTS.length];
    if (!text.includes(extra)) text = `${text} ${extra}`;
  }
  const n = words(text);
  if (n < 30 || n > 120) throw new Error(`description of ${n} words: ${text}`);
  return text;
}

// ------------------------------------------------------------------ episodes
for (const era of ERAS) {
  if (EPISODES[era.era].length < 25) throw new Error(`${era.era}: only ${EPISODES[era.era].length} episodes`);
}
const entry = (e, description) => {
  const url = audioOf(e);
  return {
    id: e.id,
    objectID: e.objectID,
    title: e.title,
    description,
    subtext: e.subtext,
    EpisodeUrl: url,
    PodcastImage: `/media/img/episodes/${e.objectID}.svg`,
    backgroundImage: `/media/img/bg/${e.era.slug}.svg`,
    pubdate: iso(e.pubdate),
    canbashow: e.flags.includes("c"),
    era: e.era.era,
    EpisodeDuration: durationOf.get(url),
    ...extras.get(url),
  };
};
const episodes = LIST.filter((e) => e.series === "main").map((e) => entry(e, describe(e.hook, e.id)));

// ------------------------------------------------------------------ cold cuts
const coldcut = LIST.filter((e) => e.series === "coldcut").map((e) => {
  const n = words(e.description);
  if (n < 30 || n > 120) throw new Error(`cold cut description of ${n} words: ${e.title}`);
  return entry(e, e.description);
});

// ------------------------------------------------------------------ crew
const crew = CREW.map((c, i) => ({
  id: i + 1,
  Name: c.Name,
  Job: c.Job,
  ProfileImg: `/media/img/crew/${c.slug}.svg`,
  HeaderBGImage: `/media/img/crew/${c.slug}-header.svg`,
  Bio: c.Bio,
  DPB: c.DPB,
}));

// ------------------------------------------------------------------ sponsors
const sponsors = SPONSORS.map((s, i) => ({
  id: i + 1,
  Name: s.Name,
  SponsorLogo: `/media/img/sponsors/${s.slug}.svg`,
  SPNSRLink: s.SPNSRLink,
  SponsorStyle: { ...s.SponsorStyle },
}));

// ------------------------------------------------------------------ posts (WordPress REST shape)
function excerptOf(html) {
  const first = (html.match(/<p>([\s\S]*?)<\/p>/)?.[1] ?? "").replace(/<[^>]+>/g, "");
  const w = first.split(/\s+/);
  return `<p>${w.length > 30 ? w.slice(0, 30).join(" ") + " [&hellip;]" : first}</p>\n`;
}
const posts = POSTS.map((p) => ({
  id: p.id,
  slug: p.slug,
  date: p.date,
  categories: [p.cat],
  title: { rendered: p.title },
  content: { rendered: p.body.trim() + "\n" },
  excerpt: { rendered: excerptOf(p.body) },
  featured_media_src_url: p.slider ? `/media/img/slider/${p.img}` : `/media/img/news/${p.img}`,
  acf: { sliderurl: p.slider ? p.sliderurl : "" },
})).sort((a, b) => b.date.localeCompare(a.date));

// ------------------------------------------------------------------ gallery (category 23)
const attr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const gallery = GALLERY.map((g) => {
  const figs = g.images.map(([name, label, sub]) =>
    `<figure class="wp-block-image size-large"><img src="${GALLERY_MEDIA}${name}.jpg" alt="${attr(`${label}: ${sub}`)}" width="800" height="533"></figure>`);
  if (g.missing) figs.splice(2, 0, `<figure class="wp-block-image size-large"><img src="${GALLERY_MEDIA}missing-photo.jpg" alt="A polaroid that did not survive the shoebox" width="800" height="533"></figure>`);
  if (g.video) figs.push(`<figure class="wp-block-video"><video src="${GALLERY_MEDIA}${g.video}.mp4" controls width="480" height="270"></video></figure>`);
  const first = g.images[0][0];
  return {
    id: g.id,
    slug: g.slug,
    date: g.date,
    categories: [23],
    title: { rendered: g.title },
    content: { rendered: `<p>${g.intro.replace(/'/g, "&#8217;")}</p>\n${figs.join("\n")}\n` },
    better_featured_image: {
      source_url: `${GALLERY_MEDIA}${first}.jpg`,
      media_details: { sizes: { medium: { source_url: `${GALLERY_MEDIA}${first}-medium.jpg` } } },
    },
  };
}).sort((a, b) => b.date.localeCompare(a.date));

// ------------------------------------------------------------------ sanity + write
const refs = JSON.stringify({ episodes, coldcut, crew, sponsors, posts, gallery }).match(/(?:\/SpankBank)?\/media\/[^"\\ ]+/g);
const file = (r) => (r.startsWith(GALLERY_MEDIA) ? join(OUT, "gallery-media", r.slice(GALLERY_MEDIA.length)) : join(PUB, r));
const missing = [...new Set(refs)].filter((r) => !existsSync(file(r)) && !r.endsWith("missing-photo.jpg"));
if (missing.length) throw new Error("missing media: " + missing.join(", "));

const write = (name, data) => writeFileSync(join(OUT, name), JSON.stringify(data, null, 2) + "\n");
write("episodes.json", episodes);
write("coldcut.json", coldcut);
write("crew.json", crew);
write("sponsors.json", sponsors);
write("posts.json", posts);
write("gallery.json", gallery);
console.log(`episodes ${episodes.length}, coldcut ${coldcut.length}, crew ${crew.length}, sponsors ${sponsors.length}, posts ${posts.length}, gallery ${gallery.length}`);
