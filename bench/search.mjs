// npm run bench:search — the catalog at scale (ADR 011). Builds nothing: run
// `npm run build` first (for the HTTP part). Generates the large catalog (20,000 episodes,
// 200 more news posts; scripts/large-catalog.mjs), then:
//   1. search latency in process: the embedded catalog's search (no read cache), a results page
//      of 24, over a mix of queries, p50/p99 per kind and overall (targets p50 ≤ 5 ms, p99 ≤ 20 ms);
//      relevance on bench/relevance.json (recall@8, MRR; targets ≥ 0.9 and ≥ 0.8, recall ≥ the
//      peer's) over the bundled sample and the large catalog, beside MiniSearch on the same episodes;
//   2. throughput over HTTP on that catalog (autocannon, 50 connections, ≥ 10 s): home, era
//      pages (first and a deep page), a search — with the render cache on, and the miss path
//      with it off.
// PostgreSQL: when Debian's server binaries (15+) are installed or BENCH_DATABASE_URL names a
// server, the same catalog is loaded into a fresh PostgreSQL database (the app's own seeding from
// SAMPLE_DIR), its search measured the same way, p50/p95 per query beside SQLite's (target p50 ≤
// 5 ms too), and a PostgreSQL instance's miss path joins the HTTP rows (BENCH_POSTGRES=off: none).
// Prints tables and writes bench/results/search-<timestamp>.json.
//   BENCH_DURATION=10 BENCH_PORT=3330 npm run bench:search   (BENCH_HTTP=off: no part 2)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { writeLargeCatalog } from "../scripts/large-catalog.mjs";
import { corpus, miniSearch, score, TOP } from "./relevance.mjs";
import {
  assertBuilt,
  assertPortFree,
  gitCommit,
  load,
  machine,
  percentile,
  startBenchPostgres,
  startServer,
  startUpstreams,
  table,
} from "./lib.mjs";

const SMOKE = process.env.BENCH_SMOKE === "1";
const DURATION = SMOKE ? 1 : Math.max(10, Number(process.env.BENCH_DURATION ?? 10));
const WARMUP = SMOKE ? 0 : 3;
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const REPEAT = SMOKE ? 3 : 30;
const SEARCH_LIMIT = 24;
const HTTP = process.env.BENCH_HTTP !== "off";

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
  typo: ["zepelin", "sqelch", "antena", "listenrs", "frutcake", "moonbonce", "squirel"],
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

/** Search latency of one catalog: per query, per kind and overall; and the era-page query. */
async function measure(catalog) {
  const perQuery = {};
  const byKind = {};
  const all = [];
  for (const [kind, list] of Object.entries(queries)) {
    const times = [];
    for (const q of list) {
      const first = await catalog.search(q, 1, SEARCH_LIMIT); // warm-up
      const matches = first.more ? `>${first.total}` : first.total;
      const own = [];
      for (let i = 0; i < REPEAT; i++) {
        const s = performance.now();
        await catalog.search(q, 1, SEARCH_LIMIT);
        own.push(performance.now() - s);
      }
      own.sort((a, b) => a - b);
      perQuery[q] = { kind, matches, p50: percentile(own, 50), p95: percentile(own, 95) };
      times.push(...own);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    byKind[kind] = summary(times, list.length);
  }
  all.sort((a, b) => a - b);
  byKind.overall = summary(all, Object.values(queries).flat().length);
  const era = [];
  for (let i = 0; i < REPEAT * 10; i++) {
    const s = performance.now();
    await catalog.episodesByEra(["GOOM Radio", "MLR", "PPR", "UFRN"][i % 4], 1 + (i % 200), 24);
    era.push(performance.now() - s);
  }
  era.sort((a, b) => a - b);
  return { byKind, perQuery, era: { p50: percentile(era, 50), p95: percentile(era, 95), p99: percentile(era, 99) } };
}

function summary(sorted, queries) {
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    queries,
  };
}

const sqlite = await measure(catalog);

// Relevance: the same queries on each engine and on the peer, over the sample and the large catalog.
const { searchWords } = await tsImport("../app/rules/search.ts", here);
const episodesOf = { sample: corpus("sample"), large: corpus(sampleDir) };
const titles = Object.fromEntries(Object.entries(episodesOf).map(([k, list]) => [k, list.map((e) => e.title)]));
const titlesOf = (catalogs) => async (name, query) =>
  (await catalogs[name].search(query, 1, TOP)).items.map((e) => e.title);
const smallDb = openDatabase(path.join(work, "data-sample"));
seedIfEmpty(smallDb, "sample", "public");
const relevance = { SQLite: await score(titlesOf({ sample: createSqliteCatalog(smallDb), large: catalog }), titles) };
smallDb.close();
db.close();
const peers = Object.fromEntries(Object.entries(episodesOf).map(([k, list]) => [k, miniSearch(list, searchWords)]));
relevance.MiniSearch = await score(async (name, query) => peers[name](query), titles);

// The same catalog in PostgreSQL, seeded by the app's own code from the same directory.
const postgres = await startBenchPostgres();
let pg;
if (postgres) {
  const { openPostgres, preparePostgres } = await tsImport("../app/adapters/postgres/db.server.ts", here);
  const { createPostgresCatalog } = await tsImport("../app/adapters/postgres/catalog.server.ts", here);
  const pool = openPostgres({ url: postgres.url, poolMax: 10, statementTimeoutMs: 60_000 });
  try {
    t = performance.now();
    await preparePostgres(pool, sampleDir, "public");
    const pgSeedMs = Math.round(performance.now() - t);
    // What autovacuum does within a minute of the seeding (statistics for the planner, the
    // visibility map for index-only scans), done now so the figures are the steady state's.
    await pool.query("VACUUM ANALYZE");
    const { rows } = await pool.query("SELECT count(*) AS n FROM episodes WHERE series = 'main'");
    console.log(`seeded ${rows[0].n} episodes into PostgreSQL ${postgres.version} in ${pgSeedMs} ms`);
    pg = { seedMs: pgSeedMs, ...(await measure(createPostgresCatalog(pool))) };
    const sampleUrl = new URL(postgres.url);
    sampleUrl.pathname += "_sample";
    await pool.query(`CREATE DATABASE ${sampleUrl.pathname.slice(1)}`);
    const small = openPostgres({ url: sampleUrl.toString(), poolMax: 4, statementTimeoutMs: 60_000 });
    try {
      await preparePostgres(small, "sample", "public");
      const catalogs = { sample: createPostgresCatalog(small), large: createPostgresCatalog(pool) };
      relevance.PostgreSQL = await score(titlesOf(catalogs), titles);
    } finally {
      await small.end();
    }
  } finally {
    await pool.end();
  }
}

const f = (n) => (n === undefined ? "-" : n.toFixed(2));
const engines = pg ? { SQLite: sqlite, PostgreSQL: pg } : { SQLite: sqlite };
console.log(
  `\nsearch latency in process (${SEARCH_LIMIT} results max, ${REPEAT} runs per query, no read cache; 1-min load ${os.loadavg()[0].toFixed(2)})\n`,
);
console.log(
  table(Object.keys(sqlite.byKind), [
    { title: "queries", get: (k) => k, left: true },
    { title: "n", get: (k) => sqlite.byKind[k].queries },
    ...Object.entries(engines).flatMap(([engine, m]) => [
      { title: `${engine} p50`, get: (k) => f(m.byKind[k].p50) },
      { title: "p95", get: (k) => f(m.byKind[k].p95) },
      { title: "p99", get: (k) => f(m.byKind[k].p99) },
      { title: "max", get: (k) => f(m.byKind[k].max) },
    ]),
  ]),
);
console.log("\nper query (ms)\n");
console.log(
  table(Object.keys(sqlite.perQuery), [
    { title: "query", get: (q) => q, left: true },
    { title: "kind", get: (q) => sqlite.perQuery[q].kind, left: true },
    ...Object.entries(engines).flatMap(([engine, m]) => [
      { title: `${engine} p50`, get: (q) => f(m.perQuery[q].p50) },
      { title: "p95", get: (q) => f(m.perQuery[q].p95) },
      { title: "matches", get: (q) => m.perQuery[q].matches },
    ]),
  ]),
);
for (const [engine, m] of Object.entries(engines))
  console.log(
    `${engine}: era page query (24 per page, pages 1–200): p50 ${f(m.era.p50)} ms, p95 ${f(m.era.p95)} ms, p99 ${f(m.era.p99)} ms`,
  );

const g = (n) => n.toFixed(3);
console.log(
  `\nrelevance on bench/relevance.json (${relevance.SQLite.queries} queries; recall@${TOP}, MRR over the first ${TOP})\n`,
);
const kinds = Object.keys(relevance.SQLite.byKind);
console.log(
  table(
    [...kinds, "overall"],
    [
      { title: "queries", get: (k) => k, left: true },
      { title: "n", get: (k) => (k === "overall" ? relevance.SQLite.queries : relevance.SQLite.byKind[k].queries) },
      ...Object.entries(relevance).flatMap(([engine, r]) => [
        { title: `${engine} recall@${TOP}`, get: (k) => g(k === "overall" ? r.recall : r.byKind[k].recall) },
        { title: "MRR", get: (k) => g(k === "overall" ? r.mrr : r.byKind[k].mrr) },
      ]),
    ],
  ),
);
for (const [engine, r] of Object.entries(relevance))
  for (const m of r.misses)
    console.log(
      `  ${engine} misses (${m.corpus}) ${JSON.stringify(m.query)}: recall ${g(m.recall)}; top: ${m.top.slice(0, 3).join(" | ")}`,
    );

// --- 2. throughput over HTTP on the large catalog ---
const rows = [];
if (HTTP) {
  assertBuilt();
  for (const p of [PORT, PORT + 1, PORT + 2, PORT + 3]) await assertPortFree(p);
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
  // Finds the catalog seeded above in its database.
  const pgServer =
    postgres &&
    (await startServer({
      port: PORT + 3,
      upstreamOrigin: upstreams.origin,
      sampleDir,
      env: { RENDER_CACHE_TTL_MS: "0", DATABASE_URL: postgres.url },
      label: "server (large, PostgreSQL, cache off)",
    }));
  try {
    const scenarios = [
      { name: "home", path: "/" },
      { name: "era page 1", path: "/era?station=PPR" },
      { name: "era page 150", path: "/era?station=PPR&page=150" },
      { name: "search (common word)", path: "/search?term=bunker" },
    ];
    // Each PostgreSQL row runs right after the same SQLite row.
    const runs = [
      ...scenarios.map((s) => ({ ...s, label: "cache on", origin: cached.origin })),
      ...scenarios.flatMap((s) => [
        { ...s, label: "cache off", origin: uncached.origin },
        ...(pgServer ? [{ ...s, label: "PostgreSQL, cache off", origin: pgServer.origin, besides: "cache off" }] : []),
      ]),
    ];
    for (const { label, origin, besides, ...s } of runs) {
      const url = origin + s.path;
      const probe = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
      const html = await probe.text();
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
      const cards = (html.match(/class="card episode-card"/g) ?? []).length;
      const pages = html.match(/page \d+ of (\d+)/)?.[1];
      if (s.path.startsWith("/era") && Number(pages) < 150)
        throw new Error(`${url}: this server does not hold the large catalog (${pages} pages)`);
      if (WARMUP) await load(url, { duration: WARMUP });
      process.stdout.write(`${`${s.name}, ${label}`.padEnd(46)} `);
      const r = await load(url, { duration: DURATION });
      console.log(`${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (load ${r.load1})`);
      const row = { name: `${s.name}, ${label}`, path: s.path, cards, kb: Math.round(html.length / 102.4) / 10, ...r };
      if (besides) {
        const sqliteRow = rows.find((o) => o.name === `${s.name}, ${besides}`);
        row.vsSqlite = Math.round((r.reqPerSec / sqliteRow.reqPerSec) * 100) / 100;
      }
      rows.push(row);
    }
  } finally {
    await cached.stop();
    await uncached.stop();
    await pgServer?.stop();
    await postgres?.stop();
    upstreams.close();
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
      ...(pgServer ? [{ title: "×SQLite", get: (r) => r.vsSqlite?.toFixed(2) ?? "" }] : []),
      { title: "cards", get: (r) => r.cards },
      { title: "KB", get: (r) => r.kb },
      { title: "load1", get: (r) => r.load1.toFixed(1) },
    ]),
  );
} else await postgres?.stop();
fs.rmSync(work, { recursive: true, force: true });
const met = (ok) => (ok ? "met " : "MISS");
console.log(`\nTargets (1-min load ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores)`);
for (const [engine, m] of Object.entries(engines)) {
  const o = m.byKind.overall;
  console.log(`  ${met(o.p50 <= 5 && o.p99 <= 20)}  ${engine}: p50 ${f(o.p50)} ms (≤ 5), p99 ${f(o.p99)} ms (≤ 20)`);
}
for (const [engine, r] of Object.entries(relevance)) {
  if (engine === "MiniSearch") continue;
  const ok = r.recall >= 0.9 && r.recall >= relevance.MiniSearch.recall && r.mrr >= 0.8;
  console.log(
    `  ${met(ok)}  ${engine}: recall@${TOP} ${g(r.recall)} (≥ 0.9 and ≥ MiniSearch's ${g(relevance.MiniSearch.recall)}), MRR ${g(r.mrr)} (≥ 0.8)`,
  );
}
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
        relevance,
        searchLatencyMs: sqlite.byKind,
        perQueryMs: sqlite.perQuery,
        eraQueryMs: sqlite.era,
        postgres: pg && {
          version: postgres.version,
          where: postgres.where,
          seedMs: pg.seedMs,
          searchLatencyMs: pg.byKind,
          perQueryMs: pg.perQuery,
          eraQueryMs: pg.era,
        },
        http: rows,
        config: { connections: 50, durationS: DURATION, repeat: REPEAT },
      },
      null,
      2,
    ),
  );
  console.log(`wrote ${out}`);
}
