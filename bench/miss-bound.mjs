// How fast could a cache miss be if React's render cost nothing? The upper bound of every
// fragment or memo design: a scratch build of HEAD whose entry.server keeps each URL's finished
// document and hands it out again, so a request still runs the whole server (express, sessions,
// the loaders, Remix's data handling, the body's encoding) but not React. Each page is measured
// three ways in alternating rounds, on the same machine in the same minutes: remix-serve's trivial
// page (the framework floor of `npm run bench`), the real miss path (render cache off) and the
// bound. If the bound is under 0.6 × the floor, no render design reaches the miss target.
//
//   npm run build && node bench/miss-bound.mjs        MISS_BOUND_ROUNDS=2 MISS_BOUND_DURATION=5 MISS_BOUND_PORT=4790
//
// The scratch build lives in a temporary git worktree (committed code only), removed at the end.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertBuilt, benchPages, gitCommit, load, machine, startServer, startUpstreams, table } from "./lib.mjs";
import { startRemixServeFloor } from "./remix-serve-floor.mjs";

assertBuilt();
const ROUNDS = Number(process.env.MISS_BOUND_ROUNDS ?? 2);
const DURATION = Number(process.env.MISS_BOUND_DURATION ?? 5);
const PORT = Number(process.env.MISS_BOUND_PORT ?? 4790);
const repo = process.cwd();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "miss-bound-"));
const git = (...args) => execFileSync("git", args, { cwd: repo, stdio: "pipe" });
process.on("exit", () => {
  try {
    git("worktree", "remove", "--force", scratch);
  } catch {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

git("worktree", "add", "--detach", scratch, "HEAD");
fs.symlinkSync(path.join(repo, "node_modules"), path.join(scratch, "node_modules"));
const entryPath = path.join(scratch, "app/entry.server.tsx");
const entry = fs.readFileSync(entryPath, "utf8");
const render = /const html = (renderToString\([\s\S]*?\n {2}\));/;
if (!render.test(entry))
  throw new Error("app/entry.server.tsx no longer renders with `const html = renderToString(…);`");
fs.writeFileSync(
  entryPath,
  entry.replace(
    render,
    // A flat copy, as a memo would keep: the render's own string is a rope of thousands of pieces.
    "const html = documents.get(request.url) ?? flat(request.url, $1);",
  ) +
    "\nconst documents = new Map<string, string>();\n" +
    "function flat(url: string, html: string) {\n  const copy = JSON.parse(JSON.stringify(html)) as string;\n  documents.set(url, copy);\n  return copy;\n}\n",
);
for (const args of [
  [path.join(repo, "node_modules/@remix-run/dev/dist/cli.js"), "build"],
  ["scripts/build-server.mjs"],
])
  execFileSync(process.execPath, args, {
    cwd: scratch,
    stdio: "pipe",
    env: { ...process.env, NODE_ENV: "production" },
  });

const upstreams = await startUpstreams(PORT);
const floor = await startRemixServeFloor(PORT + 1);
const env = { RENDER_CACHE_TTL_MS: "0" };
const real = await startServer({ port: PORT + 2, upstreamOrigin: upstreams.origin, env, label: "miss path" });
process.chdir(scratch);
const bound = await startServer({ port: PORT + 3, upstreamOrigin: upstreams.origin, env, label: "no React" });
process.chdir(repo);

const pages = await benchPages(real.origin);
for (const [name, p] of Object.entries(pages)) {
  const [a, b] = await Promise.all([real, bound].map((s) => fetch(s.origin + p).then((r) => r.text())));
  // Nonces differ per response; the rest of the two documents must be the same page.
  const strip = (html) => html.replace(/nonce="[^"]*"/g, "");
  if (a.length < 1000 || strip(a).length !== strip(b).length) throw new Error(`${name}: the two builds disagree`);
}

// CPU time per request of the server process (user + system): the load of the other processes on
// a shared machine moves it far less than requests per second.
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
};
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
async function measured(server, url, cpu) {
  const before = cpuMs(server.pid);
  const r = await load(url, { duration: DURATION });
  cpu.push(Math.round(((cpuMs(server.pid) - before) * 1000) / Math.max(1, r.requests)));
  return r.reqPerSec;
}

const rows = Object.entries(pages).map(([name, p]) => ({
  name,
  path: p,
  floor: [],
  miss: [],
  bound: [],
  missCpu: [],
  boundCpu: [],
}));
for (const r of rows)
  for (const s of [floor.origin + floor.pagePath, real.origin + r.path, bound.origin + r.path])
    await load(s, { duration: 2 });
for (let round = 0; round < ROUNDS; round++) {
  for (const r of rows) {
    r.floor.push((await load(floor.origin + floor.pagePath, { duration: DURATION })).reqPerSec);
    r.miss.push(await measured(real, real.origin + r.path, r.missCpu));
    r.bound.push(await measured(bound, bound.origin + r.path, r.boundCpu));
    r.floor.push((await load(floor.origin + floor.pagePath, { duration: DURATION })).reqPerSec);
  }
}
const mean = (xs) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
const results = rows.map((r) => {
  const f = mean(r.floor);
  return {
    page: r.name,
    floor: f,
    miss: mean(r.miss),
    missVsFloor: Number((mean(r.miss) / f).toFixed(2)),
    noReact: mean(r.bound),
    noReactVsFloor: Number((mean(r.bound) / f).toFixed(2)),
    // The target of issue "What a browser gets": a miss at ≥ 0.5 × this bound.
    missVsBound: Number((mean(r.miss) / mean(r.bound)).toFixed(2)),
    // The same ratio in CPU time per request (bound ÷ miss).
    missCpuUs: mean(r.missCpu),
    noReactCpuUs: mean(r.boundCpu),
    missVsBoundCpu: Number((mean(r.boundCpu) / mean(r.missCpu)).toFixed(2)),
    rounds: { floor: r.floor, miss: r.miss, noReact: r.bound, missCpuUs: r.missCpu, noReactCpuUs: r.boundCpu },
  };
});
console.log(
  `\nreq/s at 50 connections, ${ROUNDS} rounds of ${DURATION} s, each page between two floor runs; load1 ${os.loadavg()[0].toFixed(2)}\n`,
);
console.log(
  table(results, [
    { title: "page", get: (r) => r.page, left: true },
    { title: "floor", get: (r) => r.floor },
    { title: "miss", get: (r) => r.miss },
    { title: "×floor", get: (r) => r.missVsFloor.toFixed(2) },
    { title: "no React", get: (r) => r.noReact },
    { title: "×floor", get: (r) => r.noReactVsFloor.toFixed(2) },
    { title: "miss × bound", get: (r) => r.missVsBound.toFixed(2) },
    { title: "CPU µs miss", get: (r) => r.missCpuUs },
    { title: "no React", get: (r) => r.noReactCpuUs },
    { title: "bound ÷ miss", get: (r) => r.missVsBoundCpu.toFixed(2) },
  ]),
);
const file = path.join(repo, "bench/results", `miss-bound-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: machine(),
      rounds: ROUNDS,
      duration: DURATION,
      results,
    },
    null,
    2,
  ) + "\n",
);
console.log(`\nwrote ${path.relative(repo, file)}`);
await Promise.all([real.stop(), bound.stop(), floor.stop()]);
upstreams.close();
process.exit(0);
