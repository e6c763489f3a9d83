// npm run peak — the live-show mix on the deployment of deploy/: 2 instances over a throwaway
// PostgreSQL behind nginx (bench/stack.mjs), every request through nginx's TLS. Not a test: it
// prints figures and writes bench/results/peak-<timestamp>.json. Builds nothing: `npm run build` first.
//
// The mix is 50,000 listeners with the page open, 10,000 of them signed in and playing, at these
// rates (per second, full scale):
//   now-playing polls   every listener every 10 s (the page's poll)         5,000
//   progress writes     every player every 10 s (the player's cadence)       1,000
//   anonymous pages     each anonymous listener opens a page every 2 min       333
//   signed-in pages     each signed-in listener opens a page every 2 min        83
//   favorites           each signed-in listener adds or removes one / 10 min    17
//   sign-ins            listeners arriving signed out and signing in            10
// scaled by PEAK_SCALE (default 0.1: what this 2-core box offers beside the load generator) with
// the proportions kept. Each class is an autocannon run of its own at its rate (open loop:
// `overallRate`), all at once for PEAK_DURATION s after a PEAK_WARMUP s warm-up (nginx's cache
// fills). Then the same again with sign-ins at PEAK_SIGNINS a second (default 10, unscaled: the
// show's start), to see what they cost the pages.
// Each phase prints every class's req/s, p50/p99 and errors (answers other than 2xx/3xx, socket
// errors, timeouts), the CPU the app instances, PostgreSQL and nginx used (/proc/<pid>/stat
// before and after, children and threads included) and the cores 50,000 listeners would need
// at those figures (CPU a second ÷ PEAK_SCALE). The load generator's own CPU is printed apart.
//   npm run build && PEAK_PORT=4600 PEAK_SCALE=0.1 PEAK_DURATION=30 npm run peak
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { assertBuilt, gitCommit, machine, table } from "./lib.mjs";
import { address, PASSWORD, progressBody, signUpListeners } from "./peak-lib.mjs";
import { startStack } from "./stack.mjs";

assertBuilt();
const BASE = Number(process.env.PEAK_PORT ?? 4600);
const SCALE = Number(process.env.PEAK_SCALE ?? 0.1);
const DURATION = Number(process.env.PEAK_DURATION ?? 30);
const WARMUP = Number(process.env.PEAK_WARMUP ?? 5);
const SIGNINS = Number(process.env.PEAK_SIGNINS ?? 10);
const LISTENERS = Number(process.env.PEAK_LISTENERS ?? 100);
const FULL = { listeners: 50_000, players: 10_000 };
const PAGE_EVERY_S = 120;
const FAVORITE_EVERY_S = 600;

const stack = await startStack({ base: BASE });
const site = stack.site;
try {
  const { emails, cookies, episodes } = await signUpListeners(stack.instances[0], LISTENERS);
  const stations = [...new Set(episodes.map((e) => e.era).filter(Boolean))];
  const terms = [
    ...new Set(episodes.flatMap((e) => (e.title.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase()))),
  ].slice(0, 12);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  let n = 0;
  const anyAddress = () => address(n++ % 4096);
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
  const anonymous = FULL.listeners - FULL.players;
  /** Each class: full-scale rate a second, connections at most, and its next request. */
  const classes = (signIns) => [
    {
      name: "now-playing poll",
      full: FULL.listeners / 10,
      connections: 48,
      build: () => ({ path: "/api/now-playing" }),
    },
    {
      name: "progress write",
      full: FULL.players / 10,
      connections: 32,
      build: () => ({
        method: "POST",
        path: "/api/progress",
        body: progressBody(episodes),
        cookie: true,
        headers: json,
      }),
    },
    { name: "page, anonymous", full: anonymous / PAGE_EVERY_S, connections: 16, build: () => ({ path: page() }) },
    {
      name: "page, signed in",
      full: FULL.players / PAGE_EVERY_S,
      connections: 16,
      build: () => ({ path: page(), cookie: true }),
    },
    {
      name: "favorite add/remove",
      full: FULL.players / FAVORITE_EVERY_S,
      connections: 4,
      build: () => {
        const e = pick(episodes);
        const add = Math.random() < 0.5;
        const fields = add
          ? { intent: "add", audioSrc: e.audioUrl, title: e.title, duration: String(e.duration ?? 0), js: "1" }
          : { intent: "remove", audioSrc: e.audioUrl, js: "1" };
        return {
          method: "POST",
          path: "/favorites",
          body: new URLSearchParams(fields).toString(),
          cookie: true,
          headers: form,
        };
      },
    },
    {
      name: "sign-in",
      // Unscaled when given: the show's start, tried at its real rate.
      rate: signIns,
      connections: 16,
      build: () => ({
        method: "POST",
        path: "/signin",
        body: new URLSearchParams({ email: pick(emails), password: PASSWORD, website: "", redirectTo: "/" }).toString(),
        headers: form,
      }),
    },
  ];

  /** Every class at once for `seconds`: per class its answers and latencies; the CPU of each part. */
  async function phase(list, seconds) {
    const runs = list.map((c) => {
      const rate = Math.max(1, Math.round(c.rate ?? c.full * SCALE));
      const statuses = {};
      const instance = autocannon({
        url: site,
        connections: Math.min(c.connections, rate),
        overallRate: rate,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            setupRequest(req) {
              const r = c.build();
              return {
                ...req,
                method: r.method ?? "GET",
                path: r.path,
                headers: {
                  "X-Forwarded-For": anyAddress(),
                  "Accept-Encoding": "br, gzip",
                  ...(r.cookie ? { Cookie: pick(cookies) } : {}),
                  ...(r.headers ?? {}),
                },
                body: r.body ?? "",
              };
            },
          },
        ],
      });
      instance.on("response", (_client, code) => (statuses[code] = (statuses[code] ?? 0) + 1));
      return instance.then((result) => ({ c, rate, result, statuses }));
    });
    const before = stack.cpu();
    const mine = process.cpuUsage();
    const results = await Promise.all(runs);
    const after = stack.cpu();
    const generator = process.cpuUsage(mine);
    const rows = results.map(({ c, rate, result, statuses }) => {
      const bad = Object.entries(statuses).reduce((sum, [code, k]) => sum + (code >= 200 && code < 400 ? 0 : k), 0);
      const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
      return {
        name: c.name,
        fullPerSec: Math.round(c.rate ?? c.full),
        targetPerSec: rate,
        reqPerSec: Math.round((answered / seconds) * 10) / 10,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: bad + result.errors,
        statuses,
        socketErrors: result.errors - result.timeouts,
        timeouts: result.timeouts,
      };
    });
    const cpu = Object.fromEntries(
      ["app", "postgres", "nginx"].map((k) => [k, Math.round((after[k] - before[k]) * 100) / 100]),
    );
    return { rows, cpu, generatorCpuS: Math.round((generator.user + generator.system) / 1e4) / 100 };
  }

  const print = (title, { rows, cpu, generatorCpuS }, seconds) => {
    console.log(`\n${title}\n`);
    console.log(
      table(rows, [
        { title: "class", get: (r) => r.name, left: true },
        { title: "50,000 listeners /s", get: (r) => r.fullPerSec },
        { title: "asked /s", get: (r) => r.targetPerSec },
        { title: "answered /s", get: (r) => r.reqPerSec },
        { title: "p50 ms", get: (r) => r.p50 },
        { title: "p99 ms", get: (r) => r.p99 },
        { title: "errors", get: (r) => r.errors },
      ]),
    );
    const total = cpu.app + cpu.postgres + cpu.nginx;
    const parts = [
      ["app (2 instances)", cpu.app],
      ["PostgreSQL", cpu.postgres],
      ["nginx", cpu.nginx],
      ["all three", total],
    ].map(([name, s]) => ({
      name,
      cpuS: s.toFixed(2),
      cores: (s / seconds).toFixed(2),
      full: (s / seconds / SCALE).toFixed(1),
    }));
    console.log("");
    console.log(
      table(parts, [
        { title: "part", get: (r) => r.name, left: true },
        { title: "CPU s", get: (r) => r.cpuS },
        { title: "cores used", get: (r) => r.cores },
        { title: "cores for 50,000", get: (r) => r.full },
      ]),
    );
    console.log(`(the load generator itself: ${generatorCpuS} CPU s)`);
    return { cores: total / seconds, coresFull: total / seconds / SCALE };
  };

  process.stdout.write(`warm-up ${WARMUP} s… `);
  await phase(classes(Math.max(1, Math.round(10 * SCALE))), WARMUP);
  console.log("done");
  const uptime = [execFileSync("uptime", { encoding: "utf8" }).trim()];
  const loadBefore = os.loadavg();
  const mix = await phase(
    classes(undefined).map((c) => (c.name === "sign-in" ? { ...c, full: 10 } : c)),
    DURATION,
  );
  uptime.push(execFileSync("uptime", { encoding: "utf8" }).trim());
  const mixCores = print(
    `The live-show mix at ${SCALE} × 50,000 listeners (${DURATION} s; ${uptime[1]})`,
    mix,
    DURATION,
  );
  const burst = await phase(classes(SIGNINS), DURATION);
  uptime.push(execFileSync("uptime", { encoding: "utf8" }).trim());
  const burstCores = print(`The same with ${SIGNINS} sign-ins a second (${DURATION} s; ${uptime[2]})`, burst, DURATION);
  const loadAfter = os.loadavg();

  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join("bench", "results", `peak-${stamp}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        command: "npm run peak",
        commit: gitCommit(),
        machine: machine(),
        uptime,
        loadavgBefore: loadBefore,
        loadavgAfter: loadAfter,
        config: { scale: SCALE, durationS: DURATION, warmupS: WARMUP, signInsPerSec: SIGNINS, listeners: LISTENERS },
        mix: { ...mix, ...mixCores },
        withSignIns: { ...burst, ...burstCores },
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
} finally {
  await stack.stop();
}
