// The most sign-ins a second one built server answers, the CPU each costs it, and what they do to
// pages (ADR 055). One server (SQLite, rate limits off), SIGNINS_LISTENERS listeners signed up;
// then, SIGNINS_DURATION seconds each: SIGNINS_CONCURRENCY loops of sign-in POSTs (the right
// password) alone; the anonymous home page and a signed-in /user fetched in turn on an idle
// server; the same pages beside SIGNINS_RATE (10) sign-ins a second, sent on time whatever the
// answers; the same pages beside the loops. The server's CPU is its process's (every thread).
// Prints a table and writes bench/results/sign-ins-<timestamp>.json.
import fs from "node:fs";
import os from "node:os";
import {
  assertBuilt,
  gitCommit,
  machine,
  percentile,
  signedInCookie,
  startServer,
  startUpstreams,
  table,
} from "./lib.mjs";

const PORT = Number(process.env.SIGNINS_PORT ?? 3710);
const LISTENERS = Number(process.env.SIGNINS_LISTENERS ?? 16);
const CONCURRENCY = Number(process.env.SIGNINS_CONCURRENCY ?? 8);
const DURATION_S = Number(process.env.SIGNINS_DURATION ?? 10);
const RATE = Number(process.env.SIGNINS_RATE ?? 10);
const PASSWORD = "bench-password-123456";

assertBuilt();
const upstreams = await startUpstreams(PORT + 1);
const server = await startServer({ port: PORT, upstreamOrigin: upstreams.origin });
const { origin } = server;
const form = (fields) => new URLSearchParams({ website: "", ...fields });

const cpuMs = () => {
  const stat = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8");
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .slice(11, 13)
    .map(Number);
  return ((utime + stime) * 1000) / 100;
};

const emails = [];
for (let i = 0; i < LISTENERS; i++) {
  const email = `sign-ins-${i}-${Date.now()}@example.com`;
  const r = await fetch(`${origin}/signup`, {
    method: "POST",
    body: form({ email, password: PASSWORD }),
    redirect: "manual",
  });
  if (r.status !== 302) throw new Error(`sign-up answered ${r.status}`);
  emails.push(email);
}
const cookie = await signedInCookie(origin);

let n = 0;
const signIn = async (answers, times) => {
  const email = emails[n++ % emails.length];
  const t = performance.now();
  const r = await fetch(`${origin}/signin`, {
    method: "POST",
    body: form({ email, password: PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  await r.arrayBuffer();
  times.push(performance.now() - t);
  answers[r.status] = (answers[r.status] ?? 0) + 1;
  return r.status;
};
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function signIns(until) {
  const answers = {};
  const times = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) if ((await signIn(answers, times)) === 503) await sleep(1000);
    }),
  );
  return { answers, times: times.sort((a, b) => a - b) };
}

async function paced(until) {
  const answers = {};
  const times = [];
  const sent = [];
  for (let at = performance.now(); Date.now() < until; at += 1000 / RATE) {
    sent.push(signIn(answers, times));
    await sleep(Math.max(0, at + 1000 / RATE - performance.now()));
  }
  await Promise.all(sent);
  return { answers, times: times.sort((a, b) => a - b) };
}

async function pages(until) {
  const times = { home: [], user: [] };
  while (Date.now() < until) {
    for (const [name, path, headers] of [
      ["home", "/", {}],
      ["user", "/user", { Cookie: cookie }],
    ]) {
      const t = performance.now();
      const r = await fetch(`${origin}${path}`, { headers, redirect: "manual" });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      times[name].push(performance.now() - t);
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  return times;
}

const phase = async (run) => {
  const load = os.loadavg()[0];
  const cpu = cpuMs();
  const start = performance.now();
  const result = await run(Date.now() + DURATION_S * 1000);
  return { result, seconds: (performance.now() - start) / 1000, cpuMs: cpuMs() - cpu, load };
};

const alone = await phase(signIns);
const idle = await phase(pages);
const [atRate, atRatePages] = await Promise.all([phase(paced), pages(Date.now() + DURATION_S * 1000)]);
const [busy, busyPages] = await Promise.all([phase(signIns), pages(Date.now() + DURATION_S * 1000)]);
await server.stop();
upstreams.close();

const rate = (p) => (p.result.answers[302] ?? 0) / p.seconds;
const rows = [
  {
    name: `${CONCURRENCY} at once, alone`,
    ...alone,
    perSecond: rate(alone),
    cpuPerSignIn: alone.cpuMs / (alone.result.answers[302] ?? 1),
  },
  // Beside pages the server's CPU serves them too: no figure per sign-in.
  { name: `${RATE} a second, beside pages`, ...atRate, perSecond: rate(atRate), cpuPerSignIn: NaN },
  { name: `${CONCURRENCY} at once, beside pages`, ...busy, perSecond: rate(busy), cpuPerSignIn: NaN },
];
console.log(`\n${DURATION_S} s a phase; ${os.cpus().length} cores, the client on the same machine\n`);
console.log(
  table(rows, [
    { title: "phase", get: (r) => r.name, left: true },
    { title: "sign-ins/s", get: (r) => r.perSecond.toFixed(1) },
    { title: "answers", get: (r) => JSON.stringify(r.result.answers) },
    { title: "p50 ms", get: (r) => percentile(r.result.times, 50).toFixed(0) },
    { title: "p99 ms", get: (r) => percentile(r.result.times, 99).toFixed(0) },
    { title: "server CPU ms/sign-in", get: (r) => (Number.isNaN(r.cpuPerSignIn) ? "" : r.cpuPerSignIn.toFixed(1)) },
    { title: "server cores", get: (r) => (r.cpuMs / 1000 / r.seconds).toFixed(2) },
    { title: "load avg", get: (r) => r.load.toFixed(1) },
  ]),
);
const pageRows = ["home", "user"].flatMap((name) => [
  { name: `${name}, idle`, times: idle.result[name] },
  { name: `${name}, beside ${RATE} sign-ins a second`, times: atRatePages[name] },
  { name: `${name}, beside ${CONCURRENCY} sign-ins at once`, times: busyPages[name] },
]);
console.log(
  "\n" +
    table(pageRows, [
      { title: "page", get: (r) => r.name, left: true },
      { title: "n", get: (r) => r.times.length },
      { title: "p50 ms", get: (r) => percentile(r.times, 50).toFixed(1) },
      { title: "p99 ms", get: (r) => percentile(r.times, 99).toFixed(1) },
    ]),
);
const file = `bench/results/sign-ins-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      commit: gitCommit(),
      machine: machine(),
      concurrency: CONCURRENCY,
      rate: RATE,
      durationS: DURATION_S,
      rows: rows.map(({ result, ...r }) => ({
        ...r,
        answers: result.answers,
        p50: percentile(result.times, 50),
        p99: percentile(result.times, 99),
      })),
      pages: pageRows.map((r) => ({
        name: r.name,
        n: r.times.length,
        p50: percentile(r.times, 50),
        p99: percentile(r.times, 99),
      })),
    },
    null,
    2,
  ) + "\n",
);
console.log(`\n${file}`);
process.exit(0);
