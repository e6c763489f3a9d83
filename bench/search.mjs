// npm run bench:search — the catalog at scale (ADR 011). Builds nothing: run
// `npm run build` first (for the HTTP part). Generates the large catalog (20,000 episodes,
// 200 more news posts; scripts/large-catalog.mjs), then:
//   1. search latency in process: the embedded catalog's FTS5 search (no read cache) over a
//      mix of queries, p50/p99 per kind and overall (target p50 ≤ 5 ms);
//   2. throughput over HTTP on that catalog (autocannon, 50 connections, ≥ 10 s): home, era
//      pages (first and a deep page), a search — with the render cache on, and the miss path
//      with it off.
// Prints tables and writes bench/results/search-<timestamp>.json.
//   BENCH_DURATION=10 BENCH_PORT=3330 npm run bench:search
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { writeLargeCatalog } from "../scripts/large-catalog.mjs";
import {
  assertBuilt,
  assertPortFree,
  gitCommit,
  load,
  machine,
  percentile,
  startServer,
  startUpstreams,
  table,
} from "./lib.mjs";

const SMOKE = process.env.BENCH_SMOKE === "1";
const DURATION = SMOKE ? 1 : Math.max(10, Number(process.env.BENCH_DURATION ?? 10));
const WARMUP = SMOKE ? 0 : 3;
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const REPEAT = SMOKE ? 3 : 30;
const SEARCH_LIMIT = 48;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-large-"));
const sampleDir = path.join(work, "sample");
let t = performance.now();
const generated = writeLargeCatalog(sampleDir);
console.log(
  `large catalog: ${generated.episodes} episodes, ${generated.posts} posts (${Math.round(performance.now() - t)} ms to generate)`,
);

// --- 1. search latency in process, on the real adapter, without the read cache ---
const here = import.meta.url;
const { openDatabase } = await tsImport("../app/adapters/sqlite/db.server.ts", here);
const { seedIfEmpty } = await tsImport("../app/adapters/sqlite/seed.server.ts", here);
const { createSqliteCatalog } = await tsImport("../app/adapters/sqlite/catalog.server.ts", here);
const db = openDatabase(path.join(work, "data"));
t = performance.now();
seedIfEmpty(db, sampleDir, "public");
const seedMs = Math.round(performance.now() - t);
const catalog = createSqliteCatalog(db);
const count = db.prepare("SELECT count(*) AS n FROM episodes WHERE series = 'main'").get().n;
console.log(`seeded ${count} episodes into SQLite in ${seedMs} ms`);

const queries = {
  "common word": ["bunker", "crew", "listener", "antenna", "show", "chat", "night"],
  "rare word": ["moonbounce", "ionosphere", "groundplane", "fruitcake", "lighthouse", "taxidermy", "yogurt"],
  prefix: ["ant", "bun", "lis", "moo", "sq", "fr", "ep"],
  "two words": [
    "bunker antenna",
    "haunted fridge",
    "pirate repeater",
    "late night",
    "air horn",
    "sound effects",
    "crew chat",
  ],
  title: [
    "Episode 12345",
    "Episode 777",
    "Episode 19999: The",
    "Cosmic Squirrel",
    "Golden Turntable",
    "Unlicensed Mailbag",
    "Feral Coax",
  ],
  "no match": ["zyzzyva", "qwertyuiop", "xylophonist", "blorptastic", "kumquatz", "snarfblat", "wibbleton"],
};
const latency = {};
const all = [];
const resultCounts = {};
for (const [kind, list] of Object.entries(queries)) {
  const times = [];
  for (const q of list) {
    resultCounts[q] = (await catalog.searchEpisodes(q, SEARCH_LIMIT)).length; // warm-up
    for (let i = 0; i < REPEAT; i++) {
      const s = performance.now();
      await catalog.searchEpisodes(q, SEARCH_LIMIT);
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  latency[kind] = {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times[times.length - 1],
    queries: list.length,
  };
}
all.sort((a, b) => a - b);
latency.overall = {
  p50: percentile(all, 50),
  p99: percentile(all, 99),
  max: all[all.length - 1],
  queries: Object.values(queries).flat().length,
};
const eraTimes = [];
for (let i = 0; i < REPEAT * 10; i++) {
  const s = performance.now();
  await catalog.episodesByEra(["GOOM Radio", "MLR", "PPR", "UFRN"][i % 4], 1 + (i % 200), 24);
  eraTimes.push(performance.now() - s);
}
eraTimes.sort((a, b) => a - b);
db.close();

const f = (n) => n.toFixed(2);
console.log(
  `\nsearch latency in process (${SEARCH_LIMIT} results max, ${REPEAT} runs per query, no read cache; 1-min load ${os.loadavg()[0].toFixed(2)})\n`,
);
console.log(
  table(Object.entries(latency), [
    { title: "queries", get: ([k]) => k, left: true },
    { title: "n", get: ([, v]) => v.queries },
    { title: "p50 ms", get: ([, v]) => f(v.p50) },
    { title: "p99 ms", get: ([, v]) => f(v.p99) },
    { title: "max ms", get: ([, v]) => f(v.max) },
  ]),
);
console.log(
  `  matches: ${Object.entries(resultCounts)
    .map(([q, n]) => `${q}=${n}`)
    .join(", ")}`,
);
console.log(
  `era page query (24 per page, pages 1–200): p50 ${f(percentile(eraTimes, 50))} ms, p99 ${f(percentile(eraTimes, 99))} ms`,
);

// --- 2. throughput over HTTP on the large catalog ---
assertBuilt();
for (const p of [PORT, PORT + 1, PORT + 2]) await assertPortFree(p);
const upstreams = await startUpstreams(PORT + 1);
const cached = await startServer({
  port: PORT,
  upstreamOrigin: upstreams.origin,
  sampleDir,
  label: "server (large catalog)",
});
const uncached = await startServer({
  port: PORT + 2,
  upstreamOrigin: upstreams.origin,
  sampleDir,
  env: { RENDER_CACHE_TTL_MS: "0" },
  label: "server (large, cache off)",
});
const rows = [];
try {
  const scenarios = [
    { name: "home", path: "/" },
    { name: "era page 1", path: "/era?station=PPR" },
    { name: "era page 150", path: "/era?station=PPR&page=150" },
    { name: "search (common word)", path: "/search?term=bunker" },
  ];
  for (const [label, origin] of [
    ["cache on", cached.origin],
    ["cache off", uncached.origin],
  ]) {
    for (const s of scenarios) {
      const url = origin + s.path;
      const probe = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
      const html = await probe.text();
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
      const cards = (html.match(/class="card episode-card"/g) ?? []).length;
      const pages = html.match(/page \d+ of (\d+)/)?.[1];
      if (s.path.startsWith("/era") && Number(pages) < 150)
        throw new Error(`${url}: this server does not hold the large catalog (${pages} pages)`);
      if (WARMUP) await load(url, { duration: WARMUP });
      process.stdout.write(`${`${s.name}, ${label}`.padEnd(34)} `);
      const r = await load(url, { duration: DURATION });
      console.log(`${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (load ${r.load1})`);
      rows.push({ name: `${s.name}, ${label}`, path: s.path, cards, kb: Math.round(html.length / 102.4) / 10, ...r });
    }
  }
} finally {
  await cached.stop();
  await uncached.stop();
  upstreams.close();
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(
  `\nthroughput on the large catalog (50 connections × ${DURATION} s; 1-min load ${os.loadavg()[0].toFixed(2)})\n`,
);
console.log(
  table(rows, [
    { title: "scenario", get: (r) => r.name, left: true },
    { title: "req/s", get: (r) => r.reqPerSec },
    { title: "p50 ms", get: (r) => r.p50 },
    { title: "p99 ms", get: (r) => r.p99 },
    { title: "errors", get: (r) => r.errors },
    { title: "cards", get: (r) => r.cards },
    { title: "KB", get: (r) => r.kb },
    { title: "load1", get: (r) => r.load1.toFixed(1) },
  ]),
);
const target = latency.overall.p50 <= 5;
console.log(`\nTarget: search p50 ≤ 5 ms — ${target ? "met" : "MISS"} (${f(latency.overall.p50)} ms)`);
if (!SMOKE) {
  const out = path.join("bench", "results", `search-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        command: "npm run bench:search",
        commit: gitCommit(),
        machine: machine(),
        loadavgAtEnd: os.loadavg(),
        catalog: { episodes: count, posts: generated.posts, seedMs },
        searchLatencyMs: latency,
        eraQueryMs: { p50: percentile(eraTimes, 50), p99: percentile(eraTimes, 99) },
        matches: resultCounts,
        http: rows,
        config: { connections: 50, durationS: DURATION, repeat: REPEAT },
      },
      null,
      2,
    ),
  );
  console.log(`wrote ${out}`);
}
