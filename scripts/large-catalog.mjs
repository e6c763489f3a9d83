// npm run catalog:large [-- <dir>] — a sample-shaped catalog at scale (ADR 011): the bundled
// sample (sample/*.json) with 20,000 main-series episodes and 200 more news posts, written as a
// directory the server seeds its embedded database from on first start:
//   node scripts/large-catalog.mjs /tmp/hrs-large
//   SAMPLE_DIR=/tmp/hrs-large DATA_DIR=$(mktemp -d) npm start
// Deterministic (seeded), so every run and machine measures the same data.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const LARGE_EPISODES = 20_000;
export const LARGE_NEWS = 200;

const ERAS = [
  { era: "GOOM Radio", from: "2010-01-01", slug: "goom-radio" },
  { era: "MLR", from: "2013-06-01", slug: "mlr" },
  { era: "PPR", from: "2017-03-01", slug: "ppr" },
  { era: "UFRN", from: "2021-01-01", slug: "ufrn" },
];
const END = Date.parse("2026-06-01T00:00:00Z");

/** mulberry32: small, fast, seeded. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  "Late",
  "Lost",
  "Electric",
  "Haunted",
  "Static",
  "Midnight",
  "Frozen",
  "Loud",
  "Secret",
  "Broken",
  "Golden",
  "Rogue",
  "Analog",
  "Pirate",
  "Cosmic",
  "Soggy",
  "Feral",
  "Tiny",
  "Grand",
  "Unlicensed",
];
const NOUNS = [
  "Antenna",
  "Bunker",
  "Fruitcake",
  "Air Horn",
  "Mixer",
  "Squirrel",
  "Lighthouse",
  "Fridge",
  "Canoe",
  "Telethon",
  "Snack Drawer",
  "Voicemail",
  "Repeater",
  "Coax",
  "Mailbag",
  "Turntable",
  "Headset",
  "Sound Booth",
  "Road Trip",
  "Call-In",
];
const EXTRA = [
  "sunspot",
  "propagation",
  "moonbounce",
  "transceiver",
  "dipole",
  "yagi",
  "morse",
  "ionosphere",
  "squelch",
  "shortwave",
  "longwire",
  "preamp",
  "balun",
  "callsign",
  "contest",
  "fieldday",
  "qsl",
  "repeater",
  "skywave",
  "groundplane",
];

export function writeLargeCatalog(outDir, { episodes = LARGE_EPISODES, news = LARGE_NEWS, sampleDir = "sample" } = {}) {
  const random = rng(20_100_108);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const read = (name) => JSON.parse(fs.readFileSync(path.join(sampleDir, name), "utf8"));
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of ["coldcut.json", "crew.json", "gallery.json", "sponsors.json"]) {
    fs.copyFileSync(path.join(sampleDir, name), path.join(outDir, name));
  }
  fs.cpSync(path.join(sampleDir, "gallery-media"), path.join(outDir, "gallery-media"), { recursive: true });

  // Episodes: sentences and media of the bundled sample, recombined.
  const sample = read("episodes.json");
  const sentences = [
    ...new Set(sample.flatMap((e) => e.description.match(/[^.!?]+[.!?]/g) ?? []).map((s) => s.trim())),
  ];
  const audio = [...new Set(sample.map((e) => e.EpisodeUrl))];
  const start = Date.parse(`${ERAS[0].from}T20:00:00Z`);
  const step = (END - start) / episodes;
  const rows = [];
  for (let i = 0; i < episodes; i++) {
    const at = start + i * step;
    const era = [...ERAS].reverse().find((e) => at >= Date.parse(`${e.from}T00:00:00Z`)) ?? ERAS[0];
    const n = 1 + Math.floor(random() * 4);
    const words = Array.from({ length: 3 }, () => pick(EXTRA));
    const description = [...Array.from({ length: n + 1 }, () => pick(sentences)), `Topics: ${words.join(", ")}.`].join(
      " ",
    );
    rows.push({
      id: 100_000 + i,
      objectID: `ep-l${String(i + 1).padStart(5, "0")}`,
      title: `Episode ${i + 1}: The ${pick(ADJECTIVES)} ${pick(NOUNS)}`,
      description,
      subtext: `${pick(ADJECTIVES)} ${pick(NOUNS).toLowerCase()}`,
      EpisodeUrl: pick(audio),
      PodcastImage: `/media/img/episodes/${era.slug}-${1 + (i % 2)}.svg`,
      backgroundImage: `/media/img/bg/${era.slug}.svg`,
      pubdate: new Date(at).toISOString(),
      canbashow: random() < 0.05,
      era: era.era,
      EpisodeDuration: 1800 + Math.floor(random() * 5400),
    });
  }
  fs.writeFileSync(path.join(outDir, "episodes.json"), JSON.stringify(rows));

  // News: the sample's posts plus `news` more, half News (5) and half WTF News (4).
  const posts = read("posts.json");
  const templates = posts.filter((p) => p.categories.includes(4) || p.categories.includes(5));
  let id = 10_000;
  for (let i = 0; i < news; i++) {
    const t = templates[i % templates.length];
    const category = i % 2 === 0 ? 5 : 4;
    posts.push({
      ...t,
      id: id++,
      slug: `${t.slug}-${i + 1}`,
      date: new Date(END - i * 86_400_000 * 3).toISOString().slice(0, 19),
      categories: [category],
      title: { rendered: `${t.title.rendered} (${i + 1})` },
    });
  }
  fs.writeFileSync(path.join(outDir, "posts.json"), JSON.stringify(posts));
  return { dir: outDir, episodes: rows.length, posts: posts.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = path.resolve(process.argv[2] ?? ".cache/large-catalog");
  const r = writeLargeCatalog(out);
  console.log(`wrote ${r.episodes} episodes and ${r.posts} posts (sample + ${LARGE_NEWS} news) to ${r.dir}`);
  console.log(`start a server on it: SAMPLE_DIR=${r.dir} DATA_DIR=$(mktemp -d) npm start`);
}
