// npm run bench:signed-in — what one signed-in listener's pages cost when eight of them load at
// once: wrk with 8 connections and a browser's Accept-Encoding on home, an era, an episode,
// search, Up Next and /user, for a listener with favorites, a place in an episode and Up Next,
// on the embedded default (one instance, SQLite). Prints req/s, p50 and p99 and the server's CPU
// per request (its own and its threads', from /proc) for each page.
// SIGNED_IN_BASELINE=<commit>: the same on that commit, built in a temporary worktree, page by page
// beside this checkout (alternating, so both meet the same machine).
//   SIGNED_IN_DURATION=5 SIGNED_IN_PORT=4800 npm run bench:signed-in
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  assertBuilt,
  benchPages,
  checkoutBaseline,
  gitCommit,
  hasWrk,
  machine,
  signedInCookie,
  startServer,
  startUpstreams,
  table,
  wrkLoad,
} from "./lib.mjs";
import { treeCpu } from "./stack.mjs";

assertBuilt();
if (!hasWrk()) throw new Error("wrk is not installed (Debian: apt-get install wrk)");
const PORT = Number(process.env.SIGNED_IN_PORT ?? 4800);
const DURATION = Number(process.env.SIGNED_IN_DURATION ?? 5);
const CONNECTIONS = 8;
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };

/** A listener whose pages are personal: three favorites, a place in an episode, two in Up Next. */
async function listener(origin) {
  const cookie = await signedInCookie(origin);
  const home = await (await fetch(`${origin}/?_data=routes/_index`)).json();
  const episodes = home.latest.filter((e) => e.audioUrl).slice(0, 3);
  const post = (p, fields) =>
    fetch(origin + p, {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  for (const e of episodes)
    await post("/favorites", { intent: "add", audioSrc: e.audioUrl, title: e.title, duration: String(e.duration) });
  for (const e of episodes.slice(1)) await post("/up-next", { intent: "last", audioSrc: e.audioUrl, title: e.title });
  const e = episodes[0];
  const saved = await fetch(`${origin}/api/progress`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({
      AudioTitle: e.title,
      AudioSrc: e.audioUrl,
      Duration: e.duration,
      currentTime: 42,
      at: Date.now(),
    }),
  });
  if (!saved.ok) throw new Error(`progress write answered ${saved.status}`);
  return cookie;
}

async function target(label, root, port, upstreamOrigin) {
  const server = await startServer({ port, upstreamOrigin, root, label });
  const cookie = await listener(server.origin);
  const p = await benchPages(server.origin);
  const pages = {
    home: p.home,
    era: p.era,
    episode: p.episode,
    search: p.search,
    upNext: "/up-next",
    user: "/user",
  };
  for (const [name, page] of Object.entries(pages)) {
    const res = await fetch(server.origin + page, { headers: { Cookie: cookie }, redirect: "manual" });
    if (res.status !== 200) throw new Error(`${label} ${name}: ${res.status}`);
    if (!/private/.test(res.headers.get("Cache-Control") ?? "")) throw new Error(`${label} ${name} is not private`);
  }
  return { label, server, cookie, pages };
}

async function measure(t, name) {
  const url = t.server.origin + t.pages[name];
  const headers = { ...BROWSER, Cookie: t.cookie };
  await wrkLoad(url, { connections: CONNECTIONS, duration: 2, headers });
  const before = treeCpu(t.server.pid);
  const r = await wrkLoad(url, { connections: CONNECTIONS, duration: DURATION, headers });
  const cpuMs = (treeCpu(t.server.pid) - before) * 1000;
  return { commit: t.label, page: name, ...r, cpuMsPerRequest: Math.round((cpuMs / r.requests) * 100) / 100 };
}

const baseline = process.env.SIGNED_IN_BASELINE ? checkoutBaseline(process.env.SIGNED_IN_BASELINE) : null;
const upstreams = await startUpstreams(PORT + 1);
const targets = [await target("HEAD", ".", PORT, upstreams.origin)];
if (baseline) targets.push(await target(baseline.commit.slice(0, 7), baseline.dir, PORT + 10, upstreams.origin));
const rows = [];
try {
  for (const name of Object.keys(targets[0].pages))
    for (const t of targets) {
      const row = await measure(t, name);
      rows.push(row);
      console.log(
        `${row.commit.padEnd(8)} ${name.padEnd(10)} ${String(row.reqPerSec).padStart(5)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  CPU ${row.cpuMsPerRequest} ms/request  errors ${row.errors}  load ${row.load1}`,
      );
    }
} finally {
  for (const t of targets) await t.server.stop();
  upstreams.close();
}

console.log(
  `\nA signed-in listener's pages, ${CONNECTIONS} connections, ${DURATION} s each (wrk, a browser's Accept-Encoding)\n`,
);
console.log(
  table(rows, [
    { title: "commit", get: (r) => r.commit, left: true },
    { title: "page", get: (r) => r.page, left: true },
    { title: "req/s", get: (r) => r.reqPerSec },
    { title: "p50 ms", get: (r) => r.p50 },
    { title: "p99 ms", get: (r) => r.p99 },
    { title: "CPU ms/req", get: (r) => r.cpuMsPerRequest },
    { title: "errors", get: (r) => r.errors },
    { title: "load1", get: (r) => r.load1.toFixed(1) },
  ]),
);
const out = path.join("bench", "results", `signed-in-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      command: "npm run bench:signed-in",
      commit: gitCommit(),
      baseline: baseline?.commit ?? null,
      machine: machine(),
      loadavgAtEnd: os.loadavg(),
      connections: CONNECTIONS,
      durationS: DURATION,
      rows,
    },
    null,
    2,
  ),
);
console.log(`\nwrote ${out}`);
