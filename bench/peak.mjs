// npm run peak — how much of the live show this box holds: the largest share of the
// 50,000-listener mix (its CAPACITY, as a PEAK_SCALE) at which every class is answered at ≥ 98% of
// its rate, with p99 ≤ 250 ms and no error, on the deployment of deploy/: 2 instances over a
// throwaway PostgreSQL behind nginx (bench/stack.mjs), every request through nginx's TLS. Not a
// test: it prints figures and writes bench/results/peak-<timestamp>.json. Builds nothing for the
// commit checked out: `npm run build` first.
//
// The mix is 50,000 listeners with the page open, 10,000 of them signed in and playing, at these
// rates (per second, full scale), each scaled by the share tried (at least 1 a second):
//   now-playing polls   every listener every 10 s (the page's poll)         5,000
//   progress writes     every player every 10 s (the player's cadence)       1,000
//   anonymous pages     each anonymous listener opens a page every 2 min       333
//   signed-in pages     each signed-in listener opens a page every 2 min        83
//   favorites           each signed-in listener adds or removes one / 10 min    17
//   sign-ins            listeners arriving signed out and signing in            10
// Each class is a wrk process of its own (C: the generator must not take the cores it measures;
// autocannon took a fifth of them) paced by bench/peak-pace.lua: open loop, requests sent on
// their schedule whatever the answers, a request leaving more than 250 ms late counted as late.
// p99 ≤ 250 ms is read as: at most 1% of a class's answers slower, and at least one may be (a step
// holds a dozen sign-ins: their p99 would be the slowest one); likewise for late sends.
// The search: PEAK_START (0.05), doubled until a step fails, then PEAK_BISECT (3) halvings of the
// gap; each step PEAK_STEP (12) s after one PEAK_WARMUP (5) s warm-up (nginx's cache fills, the
// JIT warms). At most PEAK_MAX_STEPS (10) steps per commit.
//
// PEAK_BASELINE=<commit>: the same search on that commit in the same run, its stack up beside
// this one and the steps taken in turn (A B, B A, …) so the machine's noise falls on both; prints
// capacity(HEAD) ÷ capacity(baseline). The commit is checked out into a temporary worktree and
// built there, with this checkout's node_modules when the lock file and patches are the same,
// else with its own `npm ci`.
//
// PEAK_PROFILE=1: no search; the mix at PEAK_SCALE (0.1) once with a CPU profile of the first
// instance (bench/cpu-profile.mjs, from one signal to the next) and PostgreSQL's
// pg_stat_statements, then each class alone at its rate for PEAK_PROFILE_CLASS (5) s: per class
// the app's, PostgreSQL's and nginx's CPU per request and PostgreSQL's statement time per request.
// Writes bench/results/profile-peak-<timestamp>.json and the .cpuprofile beside it.
//   npm run build && npm run peak
//   PEAK_BASELINE=a63d9fb npm run peak
//   PEAK_PROFILE=1 PEAK_SCALE=0.2 npm run peak
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { assertBuilt, checkoutBaseline, gitCommit, machine, table } from "./lib.mjs";
import { address, PASSWORD, signUpListeners } from "./peak-lib.mjs";
import { pidOfPort, startStack } from "./stack.mjs";

assertBuilt();
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const BASE = env("PEAK_PORT", 4600);
const START = env("PEAK_START", 0.05);
const STEP = env("PEAK_STEP", 12);
const WARMUP = env("PEAK_WARMUP", 5);
const BISECT = env("PEAK_BISECT", 3);
const MAX_STEPS = env("PEAK_MAX_STEPS", 10);
const LISTENERS = env("PEAK_LISTENERS", 100);
const PROFILE = process.env.PEAK_PROFILE === "1";
const PROFILE_SCALE = env("PEAK_SCALE", 0.1);
const PROFILE_CLASS = env("PEAK_PROFILE_CLASS", 5);
const BASELINE = process.env.PEAK_BASELINE;
// The pass mark.
const SHARE = 0.98;
const P99_MS = 250;
const LATE_MS = P99_MS;
// The schedule starts this long after a class's first connection is up, so the other
// connections' TLS handshakes are not measured as the server's latency.
const START_MS = 300;
// Sends are grouped on ticks of this many ms, so one wake-up of wrk sends several: each wake-up
// costs wrk more than the request (on this VM about 40 µs against 15 for a request in a closed
// loop). The server sees the arrivals 10 ms at a time.
const TICK_MS = env("PEAK_TICK_MS", 10);
const PACE = path.resolve("bench/peak-pace.lua");
const CLOCK_TICKS = 100; // USER_HZ

const FULL = { listeners: 50_000, players: 10_000 };
const CLASSES = [
  { name: "now-playing poll", full: FULL.listeners / 10 },
  { name: "progress write", full: FULL.players / 10 },
  { name: "page, anonymous", full: (FULL.listeners - FULL.players) / 120 },
  { name: "page, signed in", full: FULL.players / 120 },
  { name: "favorite add/remove", full: FULL.players / 600 },
  { name: "sign-in", full: 10 },
];
const rateAt = (c, scale) => Math.max(1, Math.round(c.full * scale));
// Enough that answers must take 200 ms on average before the schedule waits for a connection
// (and then sends go late, and count against the p99). No more: wrk looks at every waiting
// connection's timer on each wake-up, so idle connections cost it CPU.
const connectionsFor = (rate) => Math.min(1000, Math.ceil(rate * 0.2) + 4);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();

/** CPU seconds of this process's children that have exited and been reaped: the wrk runs. */
function reapedChildrenCpu() {
  const text = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS; // cutime, cstime
}

/** A Lua string literal holding `s` as it is (a long bracket no part of `s` closes). */
function lua(s) {
  let level = "";
  while (s.includes(`]${level}]`)) level += "=";
  return `[${level}[${s}]${level}]`;
}
const luaTable = (o) =>
  `{ ${Object.entries(o)
    .map(([k, v]) => `[ ${lua(k)} ] = ${lua(String(v))}`)
    .join(", ")} }`;

/** The requests of each class, many enough that addresses, listeners and pages vary. */
function requestsOf(site, { emails, cookies, episodes }) {
  const stations = [...new Set(episodes.map((e) => e.era).filter(Boolean))];
  const terms = [
    ...new Set(episodes.flatMap((e) => (e.title.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase()))),
  ].slice(0, 12);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const page = () =>
    pick([
      () => "/",
      () => `/episode?title=${encodeURIComponent(pick(episodes).title)}`,
      () => `/era?station=${encodeURIComponent(pick(stations))}`,
      () => `/search?term=${encodeURIComponent(pick(terms))}`,
      () => "/News",
    ])();
  const json = { "Content-Type": "application/json", Origin: site };
  const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: site };
  let n = 0;
  const headers = (more, cookie) => ({
    "X-Forwarded-For": address(n++ % 4096),
    "Accept-Encoding": "br, gzip",
    ...(cookie ? { Cookie: pick(cookies) } : {}),
    ...more,
  });
  const many = (count, make) => Array.from({ length: count }, make);
  return {
    "now-playing poll": many(4096, () => ({ method: "GET", path: "/api/now-playing", headers: headers({}) })),
    "progress write": many(1024, () => {
      const e = pick(episodes);
      // The position and `at` are written at send time (bench/peak-pace.lua).
      const head = JSON.stringify({ AudioTitle: e.title, AudioSrc: e.audioUrl, Duration: e.duration ?? 0 });
      return {
        method: "POST",
        path: "/api/progress",
        headers: headers(json, true),
        bodyHead: `${head.slice(0, -1)},"currentTime":`,
      };
    }),
    "page, anonymous": many(1024, () => ({ method: "GET", path: page(), headers: headers({}) })),
    "page, signed in": many(1024, () => ({ method: "GET", path: page(), headers: headers({}, true) })),
    "favorite add/remove": many(512, () => {
      const e = pick(episodes);
      const fields =
        Math.random() < 0.5
          ? { intent: "add", audioSrc: e.audioUrl, title: e.title, duration: String(e.duration ?? 0), js: "1" }
          : { intent: "remove", audioSrc: e.audioUrl, js: "1" };
      return {
        method: "POST",
        path: "/favorites",
        headers: headers(form, true),
        body: new URLSearchParams(fields).toString(),
      };
    }),
    "sign-in": many(256, () => ({
      method: "POST",
      path: "/signin",
      headers: headers(form),
      body: new URLSearchParams({ email: pick(emails), password: PASSWORD, website: "", redirectTo: "/" }).toString(),
    })),
  };
}

function classFile(dir, name, rate, requests) {
  const file = path.join(dir, `${name.replace(/\W+/g, "-")}-${rate}.lua`);
  const rows = requests.map(
    (r) =>
      `  { method = ${lua(r.method)}, path = ${lua(r.path)}, headers = ${luaTable(r.headers)}` +
      (r.body !== undefined ? `, body = ${lua(r.body)}` : "") +
      (r.bodyHead !== undefined ? `, bodyHead = ${lua(r.bodyHead)}` : "") +
      " },",
  );
  fs.writeFileSync(
    file,
    `return { rate = ${rate}, lateMs = ${LATE_MS}, startMs = ${START_MS}, tickMs = ${TICK_MS}, requests = {\n${rows.join("\n")}\n} }\n`,
  );
  return file;
}

/** One wrk run of one class: its figures from bench/peak-pace.lua's last line. */
function wrk(site, file, rate, seconds) {
  const connections = connectionsFor(rate);
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "5s", "-s", PACE, site, "--", file];
  return new Promise((resolve, reject) => {
    // Not execFileSync: the fake upstreams the instances call live in this process.
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = /^PEAK (.*)$/m.exec(out);
      if (code !== 0 || !line) reject(new Error(`wrk exited ${code}:\n${out}`));
      else resolve({ connections, ...JSON.parse(line[1]) });
    });
  });
}

/** A commit's stack, its listeners and its class files. */
async function prepare(label, root, base, { profileDir } = {}) {
  const stack = await startStack({
    base,
    root,
    ...(profileDir
      ? {
          postgresSettings: { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" },
          env: {
            NODE_OPTIONS: `--import=${path.resolve("bench/cpu-profile.mjs")}`,
            CPU_PROFILE_DIR: profileDir,
            CPU_PROFILE_PORT: String(base + 2),
            CPU_PROFILE_ON_SIGNAL: "1",
          },
        }
      : {}),
  });
  const listeners = await signUpListeners(stack.instances[0], LISTENERS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-peak-wrk-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return { label, root, stack, dir, requests: requestsOf(stack.site, listeners), steps: [] };
}

/**
 * Every class of `only` (all by default) at its rate at `scale` for `seconds`, all at once: per
 * class its answers and latency, whether the step passed, the CPU of each part and of wrk.
 */
async function step(target, scale, seconds, only = CLASSES) {
  const plan = only.map((c) => {
    const rate = rateAt(c, scale);
    return { c, rate, file: classFile(target.dir, c.name, rate, target.requests[c.name]) };
  });
  const before = target.stack.cpu();
  const generatorBefore = reapedChildrenCpu();
  const self = process.cpuUsage();
  const runs = await Promise.all(plan.map(({ rate, file }) => wrk(target.stack.site, file, rate, seconds)));
  const after = target.stack.cpu();
  const generatorCpuS = round(reapedChildrenCpu() - generatorBefore);
  const harness = process.cpuUsage(self);
  const window = seconds - START_MS / 1000;
  const rows = plan.map(({ c, rate }, i) => {
    const r = runs[i];
    const errors = r.status + r.connect + r.read + r.write + r.timeout;
    const row = {
      name: c.name,
      fullPerSec: Math.round(c.full),
      targetPerSec: rate,
      reqPerSec: round(r.requests / window, 1),
      p50: round(r.p50Us / 1000, 1),
      p99: round(r.p99Us / 1000, 1),
      maxMs: round(r.maxUs / 1000, 1),
      // What the pass mark reads: p99, but with at least one answer above it (see peak-pace.lua).
      p99Judged: round(r.judgedUs / 1000, 1),
      errors,
      non2xx3xx: r.status,
      socketErrors: r.connect + r.read + r.write,
      timeouts: r.timeout,
      requests: r.requests,
      late: r.late,
      lateMaxMs: r.lateMaxMs,
      connections: r.connections,
    };
    const why = [];
    if (row.reqPerSec < SHARE * rate) why.push(`${row.reqPerSec}/${rate} a second`);
    if (row.p99Judged > P99_MS) why.push(`p99 ${row.p99Judged} ms (${r.above} slower)`);
    if (errors) why.push(`${errors} errors`);
    if (r.late > Math.max(1, Math.floor(r.asked / 100))) why.push(`${r.late} sent > ${LATE_MS} ms late`);
    return { ...row, ok: why.length === 0, why: why.join(", ") };
  });
  const requests = rows.reduce((n, r) => n + r.requests, 0);
  const cpu = Object.fromEntries(["app", "postgres", "nginx"].map((k) => [k, round(after[k] - before[k])]));
  const appEach = after.appEach.map((s, i) => round(s - (before.appEach[i] ?? 0)));
  return {
    scale,
    listeners: Math.round(FULL.listeners * scale),
    seconds,
    ok: rows.every((r) => r.ok),
    rows,
    requests,
    cpu,
    cores: Object.fromEntries(Object.entries(cpu).map(([k, s]) => [k, round(s / seconds)])),
    appCpuEachS: appEach,
    generatorCpuS,
    generatorUsPerRequest: round((generatorCpuS * 1e6) / Math.max(1, requests), 1),
    harnessCpuS: round((harness.user + harness.system) / 1e6),
    load1: round(os.loadavg()[0]),
  };
}

const printRows = (rows) =>
  console.log(
    table(rows, [
      { title: "class", get: (r) => r.name, left: true },
      { title: "50,000 listeners /s", get: (r) => r.fullPerSec },
      { title: "asked /s", get: (r) => r.targetPerSec },
      { title: "answered /s", get: (r) => r.reqPerSec },
      { title: "p50 ms", get: (r) => r.p50 },
      { title: "p99 ms", get: (r) => r.p99 },
      { title: "errors", get: (r) => r.errors },
      { title: "late", get: (r) => r.late },
      { title: "conns", get: (r) => r.connections },
    ]),
  );
const stepLine = (label, s) =>
  `${label.padEnd(8)} ${String(s.scale).padEnd(6)} ${s.ok ? "pass" : "FAIL"}  ` +
  `app ${s.cores.app.toFixed(2)} + PostgreSQL ${s.cores.postgres.toFixed(2)} + nginx ${s.cores.nginx.toFixed(2)} cores, ` +
  `wrk ${s.generatorUsPerRequest} µs/request, load ${s.load1}` +
  (s.ok
    ? ""
    : `  (${s.rows
        .filter((r) => !r.ok)
        .map((r) => `${r.name}: ${r.why}`)
        .join("; ")})`);

/** The next share to try and whether it halves a gap, or null when the search is done. */
function nextScale(t) {
  if (t.steps.length >= MAX_STEPS) return null;
  const passed = t.steps.filter((s) => s.ok).map((s) => s.scale);
  const failed = t.steps.filter((s) => !s.ok).map((s) => s.scale);
  const hi = failed.length ? Math.min(...failed) : null;
  const below = passed.filter((x) => hi === null || x < hi);
  const lo = below.length ? Math.max(...below) : null;
  if (hi === null) return { scale: lo === null ? START : round(lo * 2, 4), bisect: false };
  if (lo === null) return hi / 2 >= START / 8 ? { scale: round(hi / 2, 4), bisect: false } : null;
  if (t.steps.filter((s) => s.bisect).length >= BISECT) return null;
  return { scale: round((lo + hi) / 2, 4), bisect: true };
}

function capacityOf(t) {
  const passed = t.steps.filter((s) => s.ok);
  const failed = t.steps.filter((s) => !s.ok);
  const hi = failed.length ? Math.min(...failed.map((s) => s.scale)) : Infinity;
  // A pass above a failure is noise; the capacity is the largest pass below every failure.
  const below = passed.filter((s) => s.scale < hi);
  return below.length ? below.reduce((a, b) => (b.scale > a.scale ? b : a)) : null;
}

function write(prefix, data) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join("bench", "results", `${prefix}-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  console.log(`\nwrote ${file}`);
  return file;
}

const header = {
  date: new Date().toISOString(),
  command: "npm run peak",
  commit: gitCommit(),
  machine: machine(),
  config: {
    startScale: START,
    stepS: STEP,
    warmupS: WARMUP,
    bisections: BISECT,
    maxSteps: MAX_STEPS,
    listeners: LISTENERS,
    passMark: { share: SHARE, p99Ms: P99_MS, lateMs: LATE_MS, errors: 0 },
    generator: "wrk, one process and thread per class, paced by bench/peak-pace.lua",
    tickMs: TICK_MS,
  },
};

if (PROFILE) await profile();
else await search();

async function search() {
  const baseline = BASELINE ? checkoutBaseline(BASELINE) : null;
  const targets = [await prepare("HEAD", ".", BASE)];
  try {
    if (baseline) targets.push(await prepare(baseline.commit.slice(0, 7), baseline.dir, BASE + 20));
    for (const t of targets) {
      process.stdout.write(`${t.label}: warm-up ${WARMUP} s… `);
      await step(t, START, WARMUP);
      console.log("done");
    }
    const uptimes = [uptime()];
    console.log(
      `\nThe search (${STEP} s a step; pass: every class ≥ ${SHARE * 100}% of its rate, p99 ≤ ${P99_MS} ms, no error)\n`,
    );
    for (let turn = 0; ; turn++) {
      const order = turn % 2 ? [...targets].reverse() : targets;
      let ran = false;
      for (const t of order) {
        const next = nextScale(t);
        if (next === null) continue;
        const s = { ...(await step(t, next.scale, STEP)), bisect: next.bisect };
        t.steps.push(s);
        console.log(stepLine(t.label, s));
        ran = true;
        await sleep(2000); // queues drain, PostgreSQL's background work catches up
      }
      if (!ran) break;
    }
    uptimes.push(uptime());
    const results = targets.map((t) => {
      const at = capacityOf(t);
      const shown = at ?? t.steps[0];
      console.log(
        `\n${t.label}: ${at ? `the largest passing step, ${at.scale} × 50,000 listeners` : `nothing passed; the first step, ${shown.scale} ×`}\n`,
      );
      printRows(shown.rows);
      const all = t.steps.reduce((a, s) => ({ cpu: a.cpu + s.generatorCpuS, n: a.n + s.requests }), { cpu: 0, n: 0 });
      return {
        label: t.label,
        capacity: at ? at.scale : 0,
        capacityListeners: at ? at.listeners : 0,
        generatorUsPerRequest: round((all.cpu * 1e6) / Math.max(1, all.n), 1),
        mix: shown,
        steps: t.steps,
      };
    });
    const [head, base] = results;
    console.log("");
    for (const r of results)
      console.log(
        `CAPACITY ${r.label}: ${r.capacity} × 50,000 = ${r.capacityListeners.toLocaleString("en")} listeners ` +
          `(wrk: ${r.generatorUsPerRequest} µs of CPU a request over ${r.steps.length} steps)`,
      );
    const ratio = base && base.capacity ? round(head.capacity / base.capacity, 2) : null;
    if (base) console.log(`capacity(HEAD) ÷ capacity(${base.label}) = ${ratio ?? "n/a (the baseline passed nothing)"}`);
    console.log(`(${uptimes.join(" → ")})`);
    write("peak", {
      ...header,
      uptime: uptimes,
      capacity: head.capacity,
      capacityListeners: head.capacityListeners,
      generatorUsPerRequest: head.generatorUsPerRequest,
      mix: head.mix,
      steps: head.steps,
      ...(base ? { baseline: { commit: baseline.commit, ...base }, ratio } : {}),
    });
  } finally {
    for (const t of targets) await t.stack.stop();
  }
}

async function profile() {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-peak-prof-"));
  const t = await prepare("HEAD", ".", BASE, { profileDir });
  const db = new pg.Client({ connectionString: t.stack.postgresUrl });
  try {
    await db.connect();
    await db.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    const statements = async () =>
      (
        await db.query(
          `SELECT query, calls, total_exec_time AS ms, rows FROM pg_stat_statements
           WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC`,
        )
      ).rows.map((r) => ({
        query: r.query.replace(/\s+/g, " "),
        calls: Number(r.calls),
        ms: round(r.ms),
        rows: Number(r.rows),
      }));
    process.stdout.write(`warm-up ${WARMUP} s… `);
    await step(t, PROFILE_SCALE, WARMUP);
    console.log("done");

    const pid = pidOfPort(t.stack.instancePids(), BASE + 2);
    await db.query("SELECT pg_stat_statements_reset()");
    process.kill(pid, "SIGWINCH");
    const mix = await step(t, PROFILE_SCALE, STEP);
    process.kill(pid, "SIGWINCH");
    const mixStatements = await statements();
    const file = path.join(profileDir, `${pid}.cpuprofile`);
    for (let i = 0; i < 100 && !fs.existsSync(file); i++) await sleep(100);
    const functions = summarizeProfile(JSON.parse(fs.readFileSync(file, "utf8")));
    const kept = path.join(
      "bench",
      "results",
      `profile-peak-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`,
    );
    fs.copyFileSync(file, kept);

    console.log(`\nThe mix at ${PROFILE_SCALE} × 50,000 listeners (${STEP} s)\n`);
    printRows(mix.rows);
    console.log(stepLine("HEAD", mix));
    const perRequest = (s) => round((s * 1000) / mix.requests, 3);
    console.log(
      `\nper request of the mix: app ${perRequest(mix.cpu.app)} ms CPU, PostgreSQL ${perRequest(mix.cpu.postgres)} ms CPU, ` +
        `nginx ${perRequest(mix.cpu.nginx)} ms CPU; wrk ${mix.generatorUsPerRequest} µs`,
    );
    console.log(`\nThe profiled instance: where its CPU went (${functions.sampledMs} ms sampled, idle apart)\n`);
    console.log(
      table(functions.top, [
        { title: "self ms", get: (r) => r.ms },
        { title: "%", get: (r) => r.share },
        { title: "function", get: (r) => r.name, left: true },
      ]),
    );
    console.log(`\nPostgreSQL statements in the mix (${STEP} s), by total time\n`);
    const stmtRows = mixStatements.slice(0, 12).map((s) => ({
      ...s,
      mean: round(s.ms / Math.max(1, s.calls), 3),
      perRequest: round(s.ms / mix.requests, 4),
    }));
    console.log(
      table(stmtRows, [
        { title: "calls", get: (r) => r.calls },
        { title: "total ms", get: (r) => r.ms },
        { title: "mean ms", get: (r) => r.mean },
        { title: "ms / mix request", get: (r) => r.perRequest },
        { title: "statement", get: (r) => r.query.slice(0, 90), left: true },
      ]),
    );

    // Each class alone at its rate: what it costs each part, net of what the idle stack costs.
    await sleep(2000);
    const idle0 = t.stack.cpu();
    await sleep(3000);
    const idle1 = t.stack.cpu();
    const idlePerS = Object.fromEntries(["app", "postgres", "nginx"].map((k) => [k, (idle1[k] - idle0[k]) / 3]));
    const classes = [];
    for (const c of CLASSES) {
      await db.query("SELECT pg_stat_statements_reset()");
      const s = await step(t, PROFILE_SCALE, PROFILE_CLASS, [c]);
      const stmts = await statements();
      const n = Math.max(1, s.requests);
      const net = (k) => round(((s.cpu[k] - idlePerS[k] * PROFILE_CLASS) * 1000) / n, 3);
      const pgMs = stmts.reduce((sum, x) => sum + x.ms, 0);
      classes.push({
        name: c.name,
        ratePerSec: s.rows[0].targetPerSec,
        requests: s.requests,
        p99: s.rows[0].p99,
        errors: s.rows[0].errors,
        appCpuMs: net("app"),
        postgresCpuMs: net("postgres"),
        nginxCpuMs: net("nginx"),
        postgresExecMs: round(pgMs / n, 3),
        statementsPerRequest: round(stmts.reduce((sum, x) => sum + x.calls, 0) / n, 2),
        topStatement: stmts[0]?.query.slice(0, 120) ?? "",
        generatorUsPerRequest: s.generatorUsPerRequest,
      });
      await sleep(1000);
    }
    console.log(`\nEach class alone at its rate (${PROFILE_CLASS} s each; CPU net of the idle stack's)\n`);
    console.log(
      table(classes, [
        { title: "class", get: (r) => r.name, left: true },
        { title: "/s", get: (r) => r.ratePerSec },
        { title: "app CPU ms/req", get: (r) => r.appCpuMs },
        { title: "PostgreSQL CPU ms/req", get: (r) => r.postgresCpuMs },
        { title: "statement ms/req", get: (r) => r.postgresExecMs },
        { title: "statements/req", get: (r) => r.statementsPerRequest },
        { title: "nginx CPU ms/req", get: (r) => r.nginxCpuMs },
        { title: "p99 ms", get: (r) => r.p99 },
        { title: "errors", get: (r) => r.errors },
      ]),
    );
    console.log(`\nprofile of instance ${pid}: ${kept} (Chrome DevTools → Performance → Load profile)`);
    write("profile-peak", {
      ...header,
      command: "PEAK_PROFILE=1 npm run peak",
      scale: PROFILE_SCALE,
      mix: {
        ...mix,
        perRequestMs: {
          app: perRequest(mix.cpu.app),
          postgres: perRequest(mix.cpu.postgres),
          nginx: perRequest(mix.cpu.nginx),
        },
      },
      statements: mixStatements.slice(0, 40),
      profile: { file: kept, ...functions },
      idleCoresPerS: idlePerS,
      classes,
    });
  } finally {
    await db.end().catch(() => {});
    await t.stack.stop();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

/** Self time per function of a V8 CPU profile, idle and the profiler's own apart. */
function summarizeProfile(p) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(p.samples[i]);
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules\/|build\/)/, "$1")}:${f.lineNumber + 1}` : "";
    const name = `${f.functionName || "(anonymous)"} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  const busy = [...self].filter(([name]) => name !== "(idle)");
  const sampled = busy.reduce((n, [, us]) => n + us, 0);
  const top = busy
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, us]) => ({ name, ms: round(us / 1000, 1), share: round((100 * us) / sampled, 1) }));
  return { sampledMs: round(sampled / 1000, 1), idleMs: round((self.get("(idle)") ?? 0) / 1000, 1), top };
}
