// npm run bench: throughput of the built server (ADR 012). Builds nothing: run `npm run build`
// first. Starts build/server.js in production mode on a fresh data dir (rate limits off,
// now-playing pointed at a local fake), a second instance with the render cache off (the miss
// path: every request a render), a bare node:http "ceiling" serving the home page's bytes, and the framework floor: the stock
// remix-serve serving the trivial Remix app of bench/floor-app (a one-heading page and a
// resource route), so the floor carries none of this project's code.
// Each scenario: warm-up, then autocannon with 50 connections for BENCH_DURATION s (≥ 10).
// Every render row (cache off) sits between two floor runs and is compared with their
// mean, since the machine's speed drifts within a run. The miss-path rows are measured in
// BENCH_ROUNDS rounds (default 2); a row's figure is the mean over its rounds.
// PostgreSQL: when Debian's server binaries (15+) are installed or BENCH_DATABASE_URL names a
// server, one more instance runs on a fresh PostgreSQL database (render cache off), and its miss
// path (home, search, era page, home signed in) runs right beside the same SQLite row in each
// round, the order swapped every round; the pair's ratio is the figure (BENCH_POSTGRES=off: none).
// Prints a table and writes bench/results/<timestamp>.json.
//   BENCH_DURATION=10 BENCH_ROUNDS=2 BENCH_PORT=3280 BENCH_SAMPLE_DIR=<dir> npm run bench
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compressionCosts } from "./compression.mjs";
import { startRemixServeFloor } from "./remix-serve-floor.mjs";
import {
  assertBuilt,
  assertPortFree,
  benchPages,
  gitCommit,
  load,
  machine,
  signedInCookie,
  startBenchPostgres,
  startServer,
  startUpstreams,
  table,
} from "./lib.mjs";

assertBuilt();
const PORT = Number(process.env.BENCH_PORT ?? 3280);
// BENCH_SMOKE=1: 1-s runs, to check the script itself (figures meaningless, nothing written).
const SMOKE = process.env.BENCH_SMOKE === "1";
const DURATION = SMOKE ? 1 : Math.max(10, Number(process.env.BENCH_DURATION ?? 10));
const WARMUP = SMOKE ? 0 : Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 2))) || 1);
const CONNECTIONS = 50;
const sampleDir = process.env.BENCH_SAMPLE_DIR;

for (let p = PORT; p <= PORT + 7; p++) await assertPortFree(p);
const upstreams = await startUpstreams(PORT + 1);
const cached = await startServer({ port: PORT, upstreamOrigin: upstreams.origin, sampleDir, label: "server" });
const uncached = await startServer({
  port: PORT + 2,
  upstreamOrigin: upstreams.origin,
  sampleDir,
  env: { RENDER_CACHE_TTL_MS: "0" },
  label: "server (render cache off)",
});
let ceilingChild;
let remixServe;
let postgres;
let pgServer;
let pgCached;

try {
  postgres = await startBenchPostgres();
  // The same catalog as the SQLite instances: an empty PostgreSQL database is seeded from SAMPLE_DIR.
  pgServer =
    postgres &&
    (await startServer({
      port: PORT + 6,
      upstreamOrigin: upstreams.origin,
      sampleDir,
      env: { RENDER_CACHE_TTL_MS: "0", DATABASE_URL: postgres.url },
      label: "server (PostgreSQL, render cache off)",
    }));
  // Signed-in pages from the render cache on PostgreSQL (their listener's data is read per request).
  pgCached =
    postgres &&
    (await startServer({
      port: PORT + 7,
      upstreamOrigin: upstreams.origin,
      sampleDir,
      env: { DATABASE_URL: postgres.url },
      label: "server (PostgreSQL)",
    }));

  // Real URLs from the running catalog.
  const paths = await benchPages(cached.origin);
  const cookie = await signedInCookie(cached.origin);
  // Each engine's signed-in row with a listener of its own store.
  const missCookie = pgServer && (await signedInCookie(uncached.origin));
  const pgCookie = pgServer && (await signedInCookie(pgServer.origin));
  const pgCachedCookie = pgCached && (await signedInCookie(pgCached.origin));
  // A miss-path page on PostgreSQL, run right beside its SQLite row.
  const withPostgres = (sqlite, name) =>
    pgServer
      ? [
          sqlite,
          {
            ...sqlite,
            name,
            kind: "pg-miss",
            origin: pgServer.origin,
            besides: sqlite.name,
            headers: sqlite.headers && { Cookie: pgCookie },
          },
        ]
      : sqlite;

  // The ceiling serves exactly the bytes of the anonymous home page.
  const htmlFile = path.join(os.tmpdir(), `hrs-bench-home-${process.pid}.html`);
  fs.writeFileSync(
    htmlFile,
    Buffer.from(await (await fetch(`${cached.origin}/`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer()),
  );
  ceilingChild = fork(new URL("./ceiling.mjs", import.meta.url).pathname, [htmlFile, String(PORT + 3)], {
    stdio: "ignore",
  });
  await new Promise((resolve) => ceilingChild.once("message", resolve));
  const ceilingOrigin = `http://127.0.0.1:${PORT + 3}`;
  remixServe = await startRemixServeFloor(PORT + 4);

  // Rows are measured in groups, one per server process. Every URL of a group is warmed up
  // before the group's first measurement, so a fresh process's first figure is not its coldest.
  const floor = { origin: remixServe.origin, path: remixServe.pagePath };
  const HOME = "home, anonymous";
  const ceilingRow = {
    name: "ceiling (bare node:http, home bytes)",
    kind: "ceiling",
    group: "cached",
    origin: ceilingOrigin,
    path: "/",
  };
  const scenarios = [
    { name: "framework floor: trivial page", kind: "floor", group: "cached", ...floor },
    {
      name: "framework floor: resource route",
      kind: "floor-resource",
      group: "cached",
      origin: remixServe.origin,
      path: remixServe.resourcePath,
    },
    // The home page from the cache sits between two ceiling runs and is compared with their mean.
    ...besideAnonymous("cached", cached.origin, cookie, ["home", "episode", "search", "era"], true).flatMap((r) =>
      r.name === HOME ? [ceilingRow, r] : r.name === HOME.replace("anonymous", "signed in") ? [r, ceilingRow] : [r],
    ),
    {
      name: "home, anonymous, gzip",
      kind: "anon-extra",
      group: "cached",
      origin: cached.origin,
      path: paths.home,
      headers: { "Accept-Encoding": "gzip" },
    },
    { name: "/api/now-playing", kind: "api", group: "cached", origin: cached.origin, path: "/api/now-playing" },
    { name: "framework floor: trivial page, again", kind: "floor-again", group: "cached", ...floor },
    // Render rows, each between two floor runs, so a render is compared with the floor of its
    // minute. The miss rows go round ROUNDS times, so that one stall of the machine weighs less.
    ...bracketed("uncached", uncached.origin, "floor (cache-off group)", ROUNDS, [
      withPostgres(
        { name: "home, cache off (miss path)", kind: "miss", path: paths.home },
        "home, PostgreSQL, cache off",
      ),
      { name: "episode, cache off", kind: "miss", path: paths.episode },
      withPostgres({ name: "search, cache off", kind: "miss", path: paths.search }, "search, PostgreSQL, cache off"),
      withPostgres({ name: "era, cache off", kind: "miss", path: paths.era }, "era, PostgreSQL, cache off"),
      ...(pgServer
        ? [
            withPostgres(
              {
                name: "home, signed in, cache off",
                kind: "signed-in-miss",
                path: paths.home,
                headers: { Cookie: missCookie },
              },
              "home, signed in, PostgreSQL",
            ),
          ]
        : []),
    ]),
    ...(pgCached
      ? besideAnonymous("postgres", pgCached.origin, pgCachedCookie, ["home", "episode", "search", "era"], false).map(
          (r) => ({ ...r, name: `${r.name}, PostgreSQL`, besides: r.besides && `${r.besides}, PostgreSQL`, pg: true }),
        )
      : []),
  ];

  // Each page from the render cache, anonymous and right after it signed in (the listener copy
  // filled per request), as a document and (`data`) as Remix's data request of a client navigation.
  function besideAnonymous(group, origin, listenerCookie, pages, data) {
    const routeOf = { home: "routes/_index", episode: "routes/episode", search: "routes/search", era: "routes/era" };
    return pages.flatMap((page) => {
      const path = paths[page];
      const dataPath = `${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeOf[page])}`;
      return [[`${page}, anonymous`, path], ...(data ? [[`${page} data, anonymous`, dataPath]] : [])].flatMap(
        ([name, url]) => [
          { name, kind: name.includes("data") ? "anon-data" : "anon", group, origin, path: url },
          {
            name: name.replace("anonymous", "signed in"),
            kind: "signed-in",
            besides: name,
            group,
            origin,
            path: url,
            headers: { Cookie: listenerCookie },
          },
        ],
      );
    });
  }

  // A floor run after every page; a pair of pages (SQLite and PostgreSQL) runs back to back,
  // in the other order every other round.
  function bracketed(group, origin, floorName, rounds, pages) {
    const floorRow = { name: floorName, kind: "floor-again", group, ...floor };
    const runs = [floorRow];
    for (let round = 1; round <= rounds; round++)
      for (const page of pages) {
        const together = [page].flat();
        if (round % 2 === 0) together.reverse();
        runs.push(...together.map((p) => ({ group, origin, ...p, round, ofRounds: rounds })), floorRow);
      }
    return runs;
  }

  let rows = [];
  const warmed = new Set();
  for (const s of scenarios) {
    const url = s.origin + s.path;
    const probe = await fetch(url, {
      headers: { "Accept-Encoding": "identity", ...(s.headers ?? {}) },
      redirect: "manual",
    });
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (probe.status !== 200) throw new Error(`${s.name}: ${url} answered ${probe.status}`);
    if (WARMUP > 0 && s.group && !warmed.has(s.group)) {
      warmed.add(s.group);
      for (const other of new Set(scenarios.filter((o) => o.group === s.group))) {
        await load(other.origin + other.path, { connections: CONNECTIONS, duration: WARMUP, headers: other.headers });
      }
    }
    if (WARMUP > 0) await load(url, { connections: CONNECTIONS, duration: WARMUP, headers: s.headers });
    process.stdout.write(`${(s.ofRounds > 1 ? `${s.name}, round ${s.round}` : s.name).padEnd(40)} `);
    const r = await load(url, { connections: CONNECTIONS, duration: DURATION, headers: s.headers });
    const cache = (await fetch(url, { headers: s.headers ?? {} })).headers.get("x-render-cache") ?? "-";
    console.log(`${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (load ${r.load1})`);
    rows.push({ ...s, url: s.path, bytes, cache, ...r });
  }

  // Each group's floor: the mean of the trivial-page runs measured with it.
  const isFloor = (r) => r.kind === "floor" || r.kind === "floor-again";
  const floors = {};
  for (const group of ["cached", "uncached", "postgres"]) {
    const measured = rows.filter((r) => r.group === group && isFloor(r)).map((r) => r.reqPerSec);
    floors[group] = {
      measured,
      mean: measured.length ? Math.round(measured.reduce((a, b) => a + b, 0) / measured.length) : floors.cached.mean,
    };
  }
  const resourceFloor = rows.find((r) => r.kind === "floor-resource");
  const ratio = (a, b) => Math.round((a / b) * 100) / 100;
  const isCeiling = (r) => r.kind === "ceiling";
  const ceilings = rows.filter(isCeiling).map((r) => r.reqPerSec);
  const ceilingMean = Math.round(ceilings.reduce((a, b) => a + b, 0) / ceilings.length);
  // The mean of the reference runs (`isReference`) nearest before and after row `i`, when both are in its group.
  const meanAround = (i, isReference) => {
    const before = rows.slice(0, i).findLast(isReference);
    const after = rows.slice(i + 1).find(isReference);
    if (before?.group !== rows[i].group || after?.group !== rows[i].group) return undefined;
    return Math.round((before.reqPerSec + after.reqPerSec) / 2);
  };
  // A bracketed row (miss) against the floor runs just before and after it.
  rows.forEach((r, i) => {
    if (r.round) r.floorUsed = meanAround(i, isFloor);
  });
  // A render measured in several rounds becomes one row: the means of its runs' req/s, p50 and
  // bracketing floors, the worst p99, all errors; each round is kept (figure, floor, ratio).
  const mean = (xs) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  rows = rows.flatMap((r) => {
    if (!r.round) return [r];
    const runs = rows.filter((o) => o.round && o.name === r.name);
    if (runs[0] !== r) return [];
    if (runs.length === 1) return [r];
    return [
      {
        ...r,
        reqPerSec: mean(runs.map((o) => o.reqPerSec)),
        p50: mean(runs.map((o) => o.p50)),
        p99: Math.max(...runs.map((o) => o.p99)),
        errors: runs.reduce((n, o) => n + o.errors, 0),
        floorUsed: mean(runs.map((o) => o.floorUsed)),
        rounds: runs.map((o) => ({
          reqPerSec: o.reqPerSec,
          p50: o.p50,
          p99: o.p99,
          floorUsed: o.floorUsed,
          vsFloor: ratio(o.reqPerSec, o.floorUsed),
        })),
      },
    ];
  });
  for (const r of rows) {
    r.floorUsed ??= floors[r.group ?? "cached"].mean;
    r.vsFloor = ratio(r.reqPerSec, r.floorUsed);
    r.vsResourceFloor = ratio(r.reqPerSec, resourceFloor.reqPerSec);
    // The home page against the ceiling runs just before and after it; any other row against their mean.
    r.ceilingUsed = (r.name === HOME && meanAround(rows.indexOf(r), isCeiling)) || ceilingMean;
    r.vsCeiling = ratio(r.reqPerSec, r.ceilingUsed);
  }
  // PostgreSQL against SQLite: each pair ran back to back, so their ratio is the figure.
  const byRound = (r) => r.rounds ?? [r];
  const versus = rows
    .filter((r) => r.kind === "pg-miss")
    .map((r) => {
      const sqlite = rows.find((o) => o.name === r.besides);
      return {
        page: r.name,
        sqlite: sqlite.name,
        postgresReqPerSec: r.reqPerSec,
        sqliteReqPerSec: sqlite.reqPerSec,
        ratio: ratio(r.reqPerSec, sqlite.reqPerSec),
        rounds: byRound(r).map((o, i) => ratio(o.reqPerSec, byRound(sqlite)[i].reqPerSec)),
      };
    });
  const homeRow = rows.find((r) => r.name === HOME);
  // A signed-in row against the anonymous cache hit of the same URL, measured just before it.
  const signedIn = rows
    .filter((r) => r.kind === "signed-in")
    .map((r) => {
      const anonymous = rows.find((o) => o.name === r.besides);
      return { row: r, anonymous, ratio: ratio(r.reqPerSec, anonymous.reqPerSec), floor: r.pg ? 0.4 : 0.5 };
    });
  const targets = [
    ...rows
      .filter((r) => r.kind === "anon" && !r.pg)
      .map((r) => ({ target: `${r.name} ≥ 0.6 × floor`, value: r.vsFloor, ok: r.vsFloor >= 0.6 })),
    { target: "home ≥ 0.5 × ceiling", value: homeRow.vsCeiling, ok: homeRow.vsCeiling >= 0.5 },
    { target: "home p99 ≤ 50 ms", value: homeRow.p99, ok: homeRow.p99 <= 50 },
    ...rows
      .filter((r) => r.kind === "miss")
      .map((r) => ({ target: `${r.name} ≥ 0.6 × floor (miss path)`, value: r.vsFloor, ok: r.vsFloor >= 0.6 })),
    ...versus.map((v) => ({ target: `${v.page} ≥ 0.8 × SQLite`, value: v.ratio, ok: v.ratio >= 0.8 })),
    ...signedIn.flatMap((v) => [
      { target: `${v.row.name} ≥ ${v.floor} × anonymous`, value: v.ratio, ok: v.ratio >= v.floor },
      { target: `${v.row.name} p99 ≤ 50 ms`, value: v.row.p99, ok: v.row.p99 <= 50 },
    ]),
    { target: "no errors", value: rows.reduce((n, r) => n + r.errors, 0), ok: rows.every((r) => r.errors === 0) },
  ];
  // Not targets: the same pages against the resource route, a floor without React at all.
  const stricter = rows
    .filter((r) => r.kind === "anon" || r.kind === "miss")
    .map((r) => ({
      target: `${r.name} vs the resource-route floor`,
      value: r.vsResourceFloor,
      ok: r.vsResourceFloor >= 0.6,
    }));

  console.log(
    `\n${CONNECTIONS} connections × ${DURATION} s each (after ${WARMUP} s warm-up); 1-min load average ${os.loadavg()[0].toFixed(2)} at the end; ${machine().cpus} cores\n`,
  );
  console.log(
    table(rows, [
      { title: "scenario", get: (r) => r.name, left: true },
      { title: "cache", get: (r) => r.cache, left: true },
      { title: "req/s", get: (r) => r.reqPerSec },
      { title: "p50 ms", get: (r) => r.p50 },
      { title: "p99 ms", get: (r) => r.p99 },
      { title: "errors", get: (r) => r.errors },
      {
        title: "×anon",
        get: (r) => (r.besides ? ratio(r.reqPerSec, rows.find((o) => o.name === r.besides).reqPerSec).toFixed(2) : ""),
      },
      { title: "×floor", get: (r) => r.vsFloor.toFixed(2) },
      { title: "floor", get: (r) => r.floorUsed },
      { title: "×res.floor", get: (r) => r.vsResourceFloor.toFixed(2) },
      { title: "×ceiling", get: (r) => r.vsCeiling.toFixed(2) },
      { title: "KB", get: (r) => (r.bytes / 1024).toFixed(1) },
      { title: "load1", get: (r) => r.load1.toFixed(1) },
    ]),
  );
  console.log(
    `\n×floor: against remix-serve's trivial page (bench/floor-app) — for a render (cache off) the mean of the floor runs just before and after it; otherwise the mean of that group's floor runs — ` +
      Object.entries(floors)
        .map(([group, f]) => `${group}: ${f.measured.join(" / ")} → ${f.mean}`)
        .join("; ") +
      `. ×ceiling: ${HOME} against the ceiling runs just before and after it, any other row against the mean of ${ceilings.join(" / ")} → ${ceilingMean}.`,
  );
  // What compressing the home page costs per response.
  const compression = await compressionCosts(fs.readFileSync(htmlFile));
  console.log(
    `\nCompressing the home page (${(compression.rawBytes / 1024).toFixed(1)} KB, ${compression.nonceOccurrences} nonces), per response:`,
  );
  for (const [k, v] of Object.entries(compression)) {
    if (typeof v === "object")
      console.log(
        `  ${k.padEnd(42)} ${String(v.usPerResponse).padStart(6)} µs  ${(v.bytes / 1024).toFixed(1).padStart(6)} KB`,
      );
  }

  for (const r of rows.filter((o) => o.rounds)) {
    console.log(
      `  ${r.name}: rounds ${r.rounds.map((o) => `${o.reqPerSec} req/s vs ${o.floorUsed} = ${o.vsFloor.toFixed(2)}`).join("; ")} → ${r.vsFloor.toFixed(2)}`,
    );
  }
  if (postgres) {
    console.log(
      `\nPostgreSQL ${postgres.version} (${postgres.where}, pool ${process.env.DATABASE_POOL_MAX ?? "10"}) against SQLite, render cache off, each pair back to back:`,
    );
    for (const v of versus)
      console.log(
        `  ${v.page}: ${v.postgresReqPerSec} vs ${v.sqliteReqPerSec} req/s = ${v.ratio.toFixed(2)} (rounds ${v.rounds.map((x) => x.toFixed(2)).join(", ")})`,
      );
  } else
    console.log(
      "\nNo PostgreSQL rows (BENCH_POSTGRES=off, or neither server binaries 15+ under /usr/lib/postgresql nor BENCH_DATABASE_URL).",
    );
  console.log("\nTargets (floor: the trivial Remix page on remix-serve)");
  for (const t of targets) console.log(`  ${t.ok ? "met " : "MISS"}  ${t.target}: ${t.value}`);
  console.log("\nFor information, ≥ 0.6 × the resource-route floor (Remix without React)");
  for (const t of stricter) console.log(`  ${t.ok ? "yes " : "no  "}  ${t.target}: ${t.value}`);

  if (!SMOKE) {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const out = path.join("bench", "results", `${stamp}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          command: "npm run bench",
          commit: gitCommit(),
          machine: machine(),
          loadavgAtEnd: os.loadavg(),
          config: {
            connections: CONNECTIONS,
            durationS: DURATION,
            warmupS: WARMUP,
            missRounds: ROUNDS,
            sampleDir: sampleDir ?? "sample",
            postgres: postgres && {
              version: postgres.version,
              where: postgres.where,
              poolMax: Number(process.env.DATABASE_POOL_MAX ?? 10),
            },
          },
          rows: rows.map(({ origin: _origin, headers, ...r }) => ({
            ...r,
            headers: headers?.Cookie ? { Cookie: "<session>" } : headers,
          })),
          targets,
          postgresVsSqlite: versus,
          floors,
          againstResourceFloor: stricter,
          compression,
        },
        null,
        2,
      ),
    );
    console.log(`\nwrote ${out}`);
  }
  fs.rmSync(htmlFile, { force: true });
} finally {
  ceilingChild?.kill();
  await remixServe?.stop();
  await cached.stop();
  await uncached.stop();
  await pgServer?.stop();
  await pgCached?.stop();
  await postgres?.stop();
  upstreams.close();
}
