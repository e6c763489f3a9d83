// npm run bench (first part): what a browser gets. Builds nothing: run `npm run build` first.
// Every request carries the `Accept-Encoding: gzip, deflate, br` every browser sends. Each public
// URL (home, an episode, an era page, a search, now-playing) from the built server, measured
// between two runs of a bare node:http "ceiling" serving the very same compressed bytes and
// headers from memory (bench/ceiling.mjs, its own process), and compared with their mean; then
// the same pages signed in (each listener's copy filled per request and spliced as gzip, ADR 038)
// against the anonymous run just before: a listener with nothing on the pages, and one with a saved
// episode and one under way on each (ADR 058). 50 connections, BENCH_DURATION s each (≥ 5), after a warm-up,
// from wrk (one thread) when installed, else autocannon (bench/lib.mjs wrkLoad says why).
// Prints a table and writes bench/results/browser-<timestamp>.json.
//   BENCH_DURATION=10 BENCH_PORT=3290 npm run bench
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  assertBuilt,
  assertPortFree,
  benchPages,
  gitCommit,
  load,
  machine,
  signedInCookie,
  startServer,
  startUpstreams,
  table,
  hasWrk,
  wrkLoad,
} from "./lib.mjs";

assertBuilt();
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const SMOKE = process.env.BENCH_SMOKE === "1";
const DURATION = SMOKE ? 1 : Math.max(5, Number(process.env.BENCH_DURATION ?? 10));
const WARMUP = SMOKE ? 0 : 2;
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };
const TARGET_HIT = 0.5;
const TARGET_SIGNED_IN = 0.4;
const TARGET_P99_MS = 50;

/** One GET as a browser asks, the bytes as they came (fetch would decompress them). */
const raw = (url, headers = BROWSER) =>
  new Promise((resolve, reject) =>
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject),
  );

/** Saves the first episode a page shows and leaves another (or the only one) under way, as the listener of `cookie`. */
async function giveLibrary(origin, cookie, url) {
  const html = (await raw(origin + url, { Cookie: cookie })).body.toString();
  const cards = [
    ...html.matchAll(/name="audioSrc" value="([^"]+)"\/><input type="hidden" name="title" value="([^"]+)"/g),
  ].map((m) => ({ src: m[1].replaceAll("&amp;", "&"), title: m[2].replaceAll("&amp;", "&") }));
  if (cards.length === 0) throw new Error(`${url} shows no episode to save and start`);
  // A position is kept per audio file, and the sample's episodes share six files: the one under way
  // is the one whose file the fewest cards show, as near as the sample comes to a file of its own.
  const shown = (src) => cards.filter((c) => c.src === src).length;
  const [saved] = cards;
  const others = cards.filter((c) => c.src !== saved.src);
  const started = others.length ? others.reduce((a, b) => (shown(b.src) < shown(a.src) ? b : a)) : saved;
  const headers = { Cookie: cookie, Origin: origin };
  const fav = await fetch(`${origin}/favorites`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", audioSrc: saved.src, title: saved.title, duration: "60", js: "1" }),
    redirect: "manual",
  });
  const progress = await fetch(`${origin}/api/progress`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      AudioTitle: started.title,
      AudioSrc: started.src,
      Duration: 600,
      currentTime: 123,
      at: Date.now(),
    }),
  });
  if (fav.status >= 400 || progress.status >= 400)
    throw new Error(`the library of ${url} was refused (favorite ${fav.status}, progress ${progress.status})`);
}

for (let p = PORT; p <= PORT + 2; p++) await assertPortFree(p);
const upstreams = await startUpstreams(PORT + 1);
const server = await startServer({ port: PORT, upstreamOrigin: upstreams.origin, label: "server" });
let ceiling;
try {
  const pages = await benchPages(server.origin);
  const urls = { ...pages, "now-playing": "/api/now-playing" };
  const cookie = await signedInCookie(server.origin);
  // A listener with something of theirs on every page: a saved episode and one under way on each.
  const libraryCookie = await signedInCookie(server.origin);
  for (const url of Object.values(pages)) await giveLibrary(server.origin, libraryCookie, url);

  // The exact answers a browser gets (after a first request filled the cache).
  const answers = {};
  for (const [name, url] of Object.entries(urls)) {
    await raw(server.origin + url);
    const r = await raw(server.origin + url);
    const headers = Object.fromEntries(
      Object.entries(r.headers).filter(([n]) =>
        ["content-type", "content-encoding", "etag", "cache-control", "vary"].includes(n),
      ),
    );
    answers[url] = { name, headers, body: r.body.toString("base64") };
  }
  const file = path.join(os.tmpdir(), `hrs-bench-answers-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answers));
  ceiling = fork(new URL("./ceiling.mjs", import.meta.url).pathname, [file, String(PORT + 2)], { stdio: "ignore" });
  await new Promise((resolve) => ceiling.once("message", resolve));
  const ceilingOrigin = `http://127.0.0.1:${PORT + 2}`;

  // wrk when installed (lib.mjs says why), else autocannon.
  const client = async (url, options) => (await wrkLoad(url, options)) ?? load(url, options);
  const run = async (origin, url, headers) => {
    if (WARMUP > 0) await client(origin + url, { duration: WARMUP, headers });
    return client(origin + url, { duration: DURATION, headers });
  };
  const rows = [];
  for (const [name, url] of Object.entries(urls)) {
    const bytes = Buffer.from(answers[url].body, "base64").length;
    const encoding = answers[url].headers["content-encoding"] ?? "identity";
    process.stdout.write(`${name.padEnd(12)} `);
    const before = await run(ceilingOrigin, url, BROWSER);
    const app = await run(server.origin, url, BROWSER);
    const after = await run(ceilingOrigin, url, BROWSER);
    const ceilingMean = Math.round((before.reqPerSec + after.reqPerSec) / 2);
    const row = {
      name: `${name}, anonymous`,
      url,
      bytes,
      encoding,
      ...app,
      ceiling: ceilingMean,
      vsCeiling: Math.round((app.reqPerSec / ceilingMean) * 100) / 100,
    };
    rows.push(row);
    if (name !== "now-playing") {
      for (const [who, listener] of [
        ["signed in", cookie],
        ["signed in, with a library", libraryCookie],
      ]) {
        const listenerHeaders = { ...BROWSER, Cookie: listener };
        // Its own answer: a listener's page is not the anonymous bytes (ADR 038: gzip, spliced). As
        // it is once its stretches are deflated as one (ADR 059: the second answer asks for that,
        // the ones before it send the pieces).
        for (let i = 0; i < 2; i++) await raw(server.origin + url, listenerHeaders);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const own = await raw(server.origin + url, listenerHeaders);
        const signedIn = await run(server.origin, url, listenerHeaders);
        rows.push({
          name: `${name}, ${who}`,
          url,
          bytes: own.body.length,
          encoding: own.headers["content-encoding"] ?? "identity",
          ...signedIn,
          anonymous: app.reqPerSec,
          vsAnonymous: Math.round((signedIn.reqPerSec / app.reqPerSec) * 100) / 100,
        });
      }
    }
    console.log(`${app.reqPerSec} req/s against ${ceilingMean} (load ${app.load1})`);
  }

  console.log(
    "\n" +
      table(rows, [
        { title: "", get: (r) => r.name, left: true },
        { title: "bytes", get: (r) => r.bytes ?? "" },
        { title: "encoding", get: (r) => r.encoding, left: true },
        { title: "req/s", get: (r) => r.reqPerSec },
        { title: "p99 ms", get: (r) => r.p99 },
        { title: "ceiling", get: (r) => r.ceiling ?? "" },
        { title: "× ceiling", get: (r) => r.vsCeiling ?? "" },
        { title: "× anonymous", get: (r) => r.vsAnonymous ?? "" },
        { title: "errors", get: (r) => r.errors },
      ]),
  );
  const targets = [
    ...rows
      .filter((r) => r.vsCeiling !== undefined)
      .map((r) => ({
        target: `${r.name}: ≥ ${TARGET_HIT}× the ceiling, p99 ≤ ${TARGET_P99_MS} ms`,
        value: `${r.vsCeiling}×, p99 ${r.p99} ms`,
        ok: r.vsCeiling >= TARGET_HIT && r.p99 <= TARGET_P99_MS,
      })),
    ...rows
      .filter((r) => r.vsAnonymous !== undefined)
      .map((r) => ({
        target: `${r.name}: ≥ ${TARGET_SIGNED_IN}× anonymous, p99 ≤ ${TARGET_P99_MS} ms`,
        value: `${r.vsAnonymous}×, p99 ${r.p99} ms`,
        ok: r.vsAnonymous >= TARGET_SIGNED_IN && r.p99 <= TARGET_P99_MS,
      })),
    { target: "0 errors", value: rows.reduce((n, r) => n + r.errors, 0), ok: rows.every((r) => r.errors === 0) },
  ];
  console.log("\nTargets");
  for (const t of targets) console.log(`  ${t.ok ? "met " : "MISS"}  ${t.target}: ${t.value}`);
  if (!SMOKE) {
    const out = path.join("bench", "results", `browser-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          commit: gitCommit(),
          machine: machine(),
          client: hasWrk() ? "wrk" : "autocannon",
          durationS: DURATION,
          rows,
          targets,
        },
        null,
        2,
      ),
    );
    console.log(`\nwrote ${out}`);
  }
} finally {
  ceiling?.kill();
  await server.stop();
  upstreams.close();
}
