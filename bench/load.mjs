// npm run load — the built server under a mixed load. Not a test: it prints figures.
// Builds nothing: run `npm run build` first. Starts build/server.js in production mode on a fresh
// data dir (now-playing pointed at a local fake), signs up LOAD_LISTENERS listeners, warms up for
// LOAD_WARMUP s, then runs LOAD_CONNECTIONS keep-alive connections for LOAD_DURATION s (autocannon,
// in this process) on a weighted mix, each request drawn at random:
//   public pages (61%): home 20, episode 12, era 10, search 10, news 8, /api/now-playing 10
//   signed-in (39%):    home 10, episode 4, era 3, search 3, episode data 2, era data 2,
//                       favorite add 6, favorite remove 6, progress write 8
// Prints requests/s and p50/p99 per kind, per class (public pages / signed-in actions) and
// overall, and the errors (answers other than 2xx/3xx, socket errors, timeouts).
// Then a sign-in burst: LOAD_BURST_SIGNINS sign-ins at once (the right password, each from its own
// address, so every one is a full password check; one told to retry later waits as told) for
// LOAD_BURST_DURATION s, while the stylesheet is fetched on a fresh connection again and again; the
// same fetches with the server idle are the reference. Prints the stylesheet's p50/p99 idle and
// during the burst, the sign-ins' answers and the server's peak memory. Then a render flood:
// LOAD_FLOOD_CONNECTIONS connections asking for pages no cache holds for LOAD_FLOOD_DURATION s,
// while /healthz, a cached page and the stylesheet are fetched on fresh connections (idle first,
// as the reference); prints their p50/p99 and the flood's answers (503 = shed). Between the two,
// LOAD_SLOW_BODIES POSTs from one address whose bodies never finish, for LOAD_SLOW_DURATION s,
// while a signed-in page is fetched (the burst probes it too). Writes
// bench/results/load-<timestamp>.json.
//   LOAD_DURATION=30 LOAD_CONNECTIONS=100 LOAD_WARMUP=3 LOAD_LISTENERS=20 LOAD_PORT=3360 npm run load
//   LOAD_BURST_SIGNINS=20 LOAD_BURST_DURATION=10 LOAD_FLOOD_CONNECTIONS=100 LOAD_FLOOD_DURATION=10 npm run load
//   LOAD_WORKERS=2 npm run load   (the same server as node:cluster workers on one port: bench/cluster-entry.mjs)
//
// Decision — rate limits: the server runs in its production configuration, rate limits ON at
// their defaults (RATE_LIMIT_* unset) behind one trusted proxy hop (TRUST_PROXY_HOPS=1), as
// deployed behind a load balancer. The 100 connections stand for that proxy's connections on
// behalf of many listeners: every request carries an X-Forwarded-For address drawn from a pool of
// 4,096 (signed-in requests keep their listener's cookie whatever the address), so no address gets
// near its per-minute limits and a 429 counts as an error like any other non-2xx/3xx answer.
// The load generator shares the machine's cores with the server, so figures are a floor.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import {
  assertBuilt,
  assertPortFree,
  gitCommit,
  machine,
  percentile,
  signedInCookie,
  startServer,
  startUpstreams,
  table,
} from "./lib.mjs";

assertBuilt();
const PORT = Number(process.env.LOAD_PORT ?? 3360);
const DURATION = Math.max(1, Number(process.env.LOAD_DURATION ?? 30));
const CONNECTIONS = Math.max(1, Number(process.env.LOAD_CONNECTIONS ?? 100));
const WARMUP = Math.max(0, Number(process.env.LOAD_WARMUP ?? 3));
const LISTENERS = Math.max(1, Number(process.env.LOAD_LISTENERS ?? 20));
const ADDRESSES = 4096;
const P99_TARGET_MS = 250;
const BURST_SIGNINS = Math.max(1, Number(process.env.LOAD_BURST_SIGNINS ?? 20));
const BURST_DURATION = Math.max(1, Number(process.env.LOAD_BURST_DURATION ?? 10));
const STATIC_P99_TARGET_MS = 100;
const FLOOD_CONNECTIONS = Math.max(1, Number(process.env.LOAD_FLOOD_CONNECTIONS ?? 100));
const FLOOD_DURATION = Math.max(1, Number(process.env.LOAD_FLOOD_DURATION ?? 10));
const WORKERS = Math.max(1, Number(process.env.LOAD_WORKERS ?? 1));
const SLOW_BODIES = Math.max(1, Number(process.env.LOAD_SLOW_BODIES ?? 50));
const SLOW_DURATION = Math.max(1, Number(process.env.LOAD_SLOW_DURATION ?? 15));

for (const p of [PORT, PORT + 1]) await assertPortFree(p);
const upstreams = await startUpstreams(PORT + 1);
const server = await startServer({
  port: PORT,
  upstreamOrigin: upstreams.origin,
  productionLimits: true,
  label: "server",
  workers: WORKERS,
});
const origin = server.origin;

const address = (i) => `10.${64 + ((i >> 16) & 63)}.${(i >> 8) & 255}.${i & 255}`;
let nextAddress = 0;
const anyAddress = () => address(nextAddress++ % ADDRESSES);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

try {
  // Real URLs from the running catalog.
  const home = await (
    await fetch(`${origin}/?_data=routes/_index`, { headers: { "X-Forwarded-For": anyAddress() } })
  ).json();
  const episodes = home.latest;
  const stations = [...new Set(episodes.map((e) => e.era).filter(Boolean))];
  const terms = [
    ...new Set(episodes.flatMap((e) => (e.title.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase()))),
  ].slice(0, 12);

  process.stdout.write(`signing up ${LISTENERS} listeners… `);
  const listeners = [];
  for (let i = 0; i < LISTENERS; i++) {
    // Each sign-up from its own address (the auth tier allows 20 a minute per address).
    listeners.push(await signedInCookie(origin, { headers: { "X-Forwarded-For": address(ADDRESSES + i) } }));
  }
  console.log("done");

  // A signed-in page no cache holds (the listener's own page), probed during the attacks below.
  const SIGNED_IN = new Set(["/user#signed-in"]);
  const json = { "Content-Type": "application/json" };
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const KINDS = [
    { kind: "home", cls: "public", weight: 20, build: () => ({ path: "/" }) },
    {
      kind: "episode",
      cls: "public",
      weight: 12,
      build: () => ({ path: `/episode?title=${encodeURIComponent(pick(episodes).title)}` }),
    },
    {
      kind: "era",
      cls: "public",
      weight: 10,
      build: () => ({ path: `/era?station=${encodeURIComponent(pick(stations))}` }),
    },
    {
      kind: "search",
      cls: "public",
      weight: 10,
      build: () => ({ path: `/search?term=${encodeURIComponent(pick(terms))}` }),
    },
    { kind: "news", cls: "public", weight: 8, build: () => ({ path: "/News" }) },
    { kind: "now-playing", cls: "public", weight: 10, build: () => ({ path: "/api/now-playing" }) },
    {
      kind: "home, signed in",
      cls: "signed-in",
      weight: 10,
      build: (cookie) => ({ path: "/", headers: { Cookie: cookie } }),
    },
    // The listener copies of the public pages and of their client navigations' data (ADR 019).
    ...[
      ["episode, signed in", 4, () => `/episode?title=${encodeURIComponent(pick(episodes).title)}`],
      ["era, signed in", 3, () => `/era?station=${encodeURIComponent(pick(stations))}`],
      ["search, signed in", 3, () => `/search?term=${encodeURIComponent(pick(terms))}`],
      [
        "episode data, signed in",
        2,
        () => `/episode?title=${encodeURIComponent(pick(episodes).title)}&_data=routes%2Fepisode`,
      ],
      ["era data, signed in", 2, () => `/era?station=${encodeURIComponent(pick(stations))}&_data=routes%2Fera`],
    ].map(([kind, weight, path]) => ({
      kind,
      cls: "signed-in",
      weight,
      build: (cookie) => ({ path: path(), headers: { Cookie: cookie } }),
    })),
    {
      kind: "favorite add",
      cls: "signed-in",
      weight: 6,
      build: (cookie) => {
        const e = pick(episodes);
        const body = new URLSearchParams({
          intent: "add",
          audioSrc: e.audioUrl,
          title: e.title,
          duration: String(e.duration ?? 0),
          js: "1",
        }).toString();
        return { method: "POST", path: "/favorites", headers: { Cookie: cookie, Origin: origin, ...form }, body };
      },
    },
    {
      kind: "favorite remove",
      cls: "signed-in",
      weight: 6,
      build: (cookie) => {
        const body = new URLSearchParams({ intent: "remove", audioSrc: pick(episodes).audioUrl, js: "1" }).toString();
        return { method: "POST", path: "/favorites", headers: { Cookie: cookie, Origin: origin, ...form }, body };
      },
    },
    {
      kind: "progress write",
      cls: "signed-in",
      weight: 8,
      build: (cookie) => {
        const e = pick(episodes);
        const body = JSON.stringify({
          AudioTitle: e.title,
          AudioSrc: e.audioUrl,
          Duration: e.duration ?? 0,
          currentTime: Math.round(Math.random() * 300) / 10,
          at: Date.now(),
        });
        return { method: "POST", path: "/api/progress", headers: { Cookie: cookie, Origin: origin, ...json }, body };
      },
    },
  ];
  const totalWeight = KINDS.reduce((n, k) => n + k.weight, 0);
  const drawKind = () => {
    let r = Math.random() * totalWeight;
    for (const k of KINDS) if ((r -= k.weight) < 0) return k;
    return KINDS[KINDS.length - 1];
  };

  // Every kind answers 2xx before we load it (a broken URL would only show up as errors).
  for (const k of KINDS) {
    const r = k.build(listeners[0]);
    const res = await fetch(origin + r.path, {
      method: r.method ?? "GET",
      headers: { "X-Forwarded-For": anyAddress(), ...(r.headers ?? {}) },
      body: r.body,
      redirect: "manual",
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`${k.kind}: ${r.path} answered ${res.status}`);
  }

  /**
   * One GET of `path` on a fresh connection (no keep-alive), as a new visitor's browser makes it:
   * ms. A path in SIGNED_IN goes with a listener's cookie.
   */
  const fetchFresh = (path) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const cookie = SIGNED_IN.has(path) ? { Cookie: listeners[0] } : {};
      const req = http.get(
        `${origin}${path.split("#")[0]}`,
        { agent: false, headers: { "Accept-Encoding": "gzip", "X-Forwarded-For": anyAddress(), ...cookie } },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200
              ? resolve(performance.now() - start)
              : reject(new Error(`${path} answered ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
    });
  // The server's process and, with LOAD_WORKERS, its cluster workers.
  const rss = (pid = server.pid) => {
    const own = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    return children.reduce((sum, child) => sum + rss(Number(child)), own);
  };
  /** Each of `paths` on a fresh connection in turn until `until` resolves: times per path, peak RSS. */
  async function probe(until, paths) {
    const times = Object.fromEntries(paths.map((p) => [p, []]));
    let peak = rss();
    let done = false;
    until.then(() => (done = true));
    while (!done) {
      for (const p of paths) times[p].push(await fetchFresh(p));
      peak = Math.max(peak, rss());
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const p of paths) times[p].sort((a, b) => a - b);
    return { times, peak };
  }
  const summary = (name, times, answers) => ({
    name,
    requests: times.length,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    answers,
  });
  const stylesheetPath = async () => {
    const html = await (await fetch(`${origin}/`, { headers: { "X-Forwarded-For": anyAddress() } })).text();
    const css = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
    if (!css) throw new Error("no stylesheet link on the home page");
    return css;
  };

  /**
   * The stylesheet on a fresh connection over and over while BURST_SIGNINS clients sign in, each
   * again as soon as it is answered; the server's peak RSS meanwhile.
   */
  async function signInBurst() {
    const stylesheet = await stylesheetPath();

    process.stdout.write(`signing up ${BURST_SIGNINS} listeners for the burst… `);
    const password = "bench-password-123456";
    const accounts = [];
    for (let i = 0; i < BURST_SIGNINS; i++) {
      const email = `burst-${i}-${Date.now()}@example.com`;
      const r = await fetch(`${origin}/signup`, {
        method: "POST",
        headers: { "X-Forwarded-For": anyAddress() },
        body: new URLSearchParams({ email, password, website: "" }),
        redirect: "manual",
      });
      if (r.status !== 302) throw new Error(`burst sign-up answered ${r.status}`);
      accounts.push(email);
    }
    console.log("done");

    const paths = [stylesheet, "/user#signed-in"];
    process.stdout.write("stylesheet and a signed-in page, idle… ");
    const idle = await probe(new Promise((r) => setTimeout(r, 3_000)), paths);
    console.log("done");
    process.stdout.write(`${BURST_SIGNINS} sign-ins at once × ${BURST_DURATION} s… `);
    const signIns = [];
    const codes = {};
    const end = Date.now() + BURST_DURATION * 1000;
    // Every sign-in from an address of its own: the per-address limit never answers instead.
    let nextBurstAddress = 2 * ADDRESSES;
    const client = async (email) => {
      while (Date.now() < end) {
        const start = performance.now();
        const r = await fetch(`${origin}/signin`, {
          method: "POST",
          headers: { "X-Forwarded-For": address(nextBurstAddress++) },
          body: new URLSearchParams({ email, password, website: "", redirectTo: "/" }),
          redirect: "manual",
        });
        await r.arrayBuffer();
        signIns.push(performance.now() - start);
        codes[r.status] = (codes[r.status] ?? 0) + 1;
        // Told to come back later (busy): as a browser's listener would, not at once.
        const retryAfter = Number(r.headers.get("retry-after") ?? 0);
        if (retryAfter > 0)
          await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter * 1000, end - Date.now())));
      }
    };
    const busy = await probe(Promise.all(accounts.map(client)), paths);
    console.log("done");
    const answers = Object.entries(codes)
      .map(([code, n]) => `${n}× ${code}`)
      .join(", ");
    return {
      stylesheet,
      rows: [
        summary("stylesheet, idle", idle.times[stylesheet], "200"),
        summary("stylesheet, burst", busy.times[stylesheet], "200"),
        summary("signed-in page, idle", idle.times["/user#signed-in"], "200"),
        summary("signed-in page, burst", busy.times["/user#signed-in"], "200"),
        summary(
          "sign-ins",
          signIns.sort((a, b) => a - b),
          answers,
        ),
      ],
      signInStatuses: codes,
      rssMiB: { idle: Math.round(idle.peak), burst: Math.round(busy.peak) },
    };
  }

  /**
   * FLOOD_CONNECTIONS keep-alive connections asking for pages no cache holds (a search never made,
   * each time), for FLOOD_DURATION s, while /healthz, a cached page and the stylesheet are fetched
   * on fresh connections; the same fetches idle are the reference.
   */
  async function renderFlood() {
    const paths = ["/healthz", "/about", await stylesheetPath()];
    for (const p of paths) await fetchFresh(p); // /about into the render cache
    process.stdout.write("fresh connections, idle… ");
    const idle = await probe(new Promise((r) => setTimeout(r, 3_000)), paths);
    console.log("done");
    process.stdout.write(`${FLOOD_CONNECTIONS} connections of uncached renders × ${FLOOD_DURATION} s… `);
    const child = spawn(
      process.execPath,
      ["bench/flood-client.mjs", origin, String(FLOOD_CONNECTIONS), String(FLOOD_DURATION)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const flood = new Promise((resolve) => child.on("exit", resolve));
    const busy = await probe(flood, paths);
    await flood;
    const result = JSON.parse(out.trim().split("\n").pop());
    const codes = result.codes;
    console.log("done");
    const answers = Object.entries(codes)
      .map(([code, n]) => `${n}× ${code}`)
      .join(", ");
    return {
      rows: [
        ...paths.flatMap((p) => [
          summary(`${p}, idle`, idle.times[p], "200"),
          summary(`${p}, flood`, busy.times[p], "200"),
        ]),
        { name: "the flood's renders", requests: result.total, p50: result.p50, p99: result.p99, answers },
      ],
      floodStatuses: codes,
      rssMiB: { idle: Math.round(idle.peak), flood: Math.round(busy.peak) },
    };
  }

  /**
   * SLOW_BODIES POSTs from ONE address whose bodies never finish (Content-Length 1000, only
   * "intent=" sent), each opened again as soon as the server lets it go, for SLOW_DURATION s, while
   * a signed-in page no cache holds is fetched on fresh connections; the same fetches idle first.
   */
  async function slowBodies() {
    const paths = ["/user#signed-in"];
    process.stdout.write("signed-in page, idle… ");
    const idle = await probe(new Promise((r) => setTimeout(r, 3_000)), paths);
    console.log("done");
    process.stdout.write(`${SLOW_BODIES} unfinished bodies from one address × ${SLOW_DURATION} s… `);
    const end = Date.now() + SLOW_DURATION * 1000;
    const sockets = new Set();
    const answers = {};
    const attacker = address(3 * ADDRESSES);
    const open = () => {
      if (Date.now() >= end) return;
      const socket = net.connect(PORT, "127.0.0.1", () =>
        socket.write(
          `POST /favorites HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Forwarded-For: ${attacker}\r\n` +
            `Cookie: ${listeners[1 % listeners.length]}\r\nOrigin: ${origin}\r\n` +
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nintent=",
        ),
      );
      sockets.add(socket);
      let head = "";
      socket.on("data", (d) => (head ||= String(d).split(" ")[1] ?? "?"));
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        const answer = head || "closed";
        answers[answer] = (answers[answer] ?? 0) + 1;
        setTimeout(open, 10);
      });
    };
    for (let i = 0; i < SLOW_BODIES; i++) open();
    const busy = await probe(new Promise((r) => setTimeout(r, SLOW_DURATION * 1000)), paths);
    for (const socket of sockets) socket.destroy();
    console.log("done");
    const text = Object.entries(answers)
      .map(([code, n]) => `${n}× ${code}`)
      .join(", ");
    return {
      rows: [
        summary("signed-in page, idle", idle.times[paths[0]], "200"),
        summary("signed-in page, slow bodies", busy.times[paths[0]], "200"),
        { name: "the unfinished bodies", requests: Object.values(answers).reduce((a, b) => a + b, 0), answers: text },
      ],
      slowBodyAnswers: answers,
    };
  }

  /** One autocannon run on the mix; samples[kind] = response times (ms), statuses[kind][code] = count. */
  async function run(duration) {
    const samples = Object.fromEntries(KINDS.map((k) => [k.kind, []]));
    const statuses = Object.fromEntries(KINDS.map((k) => [k.kind, {}]));
    const instance = autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration,
      pipelining: 1,
      timeout: 10,
      requests: [
        {
          setupRequest(req, context) {
            const k = drawKind();
            context.kind = k.kind;
            const r = k.build(pick(listeners));
            return {
              ...req,
              method: r.method ?? "GET",
              path: r.path,
              headers: { "X-Forwarded-For": anyAddress(), ...(r.headers ?? {}) },
              body: r.body ?? "",
            };
          },
        },
      ],
    });
    // With pipelining 1 a client's context still describes the request just answered.
    instance.on("response", (client, statusCode, _bytes, responseTime) => {
      const kind = client.requestIterator.context.kind;
      samples[kind].push(responseTime);
      statuses[kind][statusCode] = (statuses[kind][statusCode] ?? 0) + 1;
    });
    const result = await instance;
    return { result, samples, statuses };
  }

  if (WARMUP > 0) {
    process.stdout.write(`warm-up ${WARMUP} s… `);
    await run(WARMUP);
    console.log("done");
  }
  process.stdout.write(`${CONNECTIONS} connections × ${DURATION} s… `);
  const loadBefore = os.loadavg();
  const { result, samples, statuses } = await run(DURATION);
  const loadAfter = os.loadavg();
  console.log("done\n");

  const bad = (codes) =>
    Object.entries(codes).reduce((n, [code, count]) => n + (Number(code) >= 200 && Number(code) < 400 ? 0 : count), 0);
  const row = (name, kinds) => {
    const times = kinds.flatMap((k) => samples[k]).sort((a, b) => a - b);
    const codes = {};
    for (const k of kinds)
      for (const [code, count] of Object.entries(statuses[k])) codes[code] = (codes[code] ?? 0) + count;
    return {
      name,
      requests: times.length,
      reqPerSec: Math.round(times.length / DURATION),
      p50: Math.round(percentile(times, 50)),
      p99: Math.round(percentile(times, 99)),
      badAnswers: bad(codes),
      statuses: codes,
    };
  };
  const kindRows = KINDS.map((k) => ({ ...row(k.kind, [k.kind]), cls: k.cls }));
  const publicRow = row(
    "public pages",
    KINDS.filter((k) => k.cls === "public").map((k) => k.kind),
  );
  const signedInRow = row(
    "signed-in actions",
    KINDS.filter((k) => k.cls === "signed-in").map((k) => k.kind),
  );
  const overall = row(
    "overall",
    KINDS.map((k) => k.kind),
  );
  // autocannon counts a timeout as an error too: socket errors = errors - timeouts.
  const socketErrors = result.errors - result.timeouts;
  const errors = overall.badAnswers + result.errors;

  const columns = [
    { title: "", get: (r) => r.name, left: true },
    { title: "requests", get: (r) => r.requests },
    { title: "req/s", get: (r) => r.reqPerSec },
    { title: "p50 ms", get: (r) => r.p50 },
    { title: "p99 ms", get: (r) => r.p99 },
    { title: "non-2xx/3xx", get: (r) => r.badAnswers },
  ];
  console.log(table(kindRows, columns));
  console.log("");
  console.log(table([publicRow, signedInRow, overall], columns));
  console.log(
    `\nerrors: ${errors} (${overall.badAnswers} answers other than 2xx/3xx, ${socketErrors} socket errors, ${result.timeouts} timeouts)` +
      `\n1-min load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after; ${machine().cpus} cores; ` +
      `${LISTENERS} listeners, ${ADDRESSES} client addresses, rate limits on (production defaults)` +
      (WORKERS > 1 ? `; ${WORKERS} node:cluster workers` : "; one server process"),
  );

  const burst = await signInBurst();
  console.log(
    `\nSign-in burst: ${BURST_SIGNINS} sign-ins at once for ${BURST_DURATION} s; the stylesheet (${burst.stylesheet}) on a fresh connection each time\n`,
  );
  console.log(
    table(burst.rows, [
      { title: "", get: (r) => r.name, left: true },
      { title: "requests", get: (r) => r.requests },
      { title: "p50 ms", get: (r) => r.p50 },
      { title: "p99 ms", get: (r) => r.p99 },
      { title: "answers", get: (r) => r.answers, left: true },
    ]),
  );
  const burstCss = burst.rows.find((r) => r.name === "stylesheet, burst");
  const idleCss = burst.rows.find((r) => r.name === "stylesheet, idle");
  console.log(
    `\nstylesheet p99 during the burst / idle: ${(burstCss.p99 / Math.max(1, idleCss.p99)).toFixed(1)}×; ` +
      `server memory (RSS) peak ${burst.rssMiB.idle} MiB idle, ${burst.rssMiB.burst} MiB during the burst`,
  );

  const slow = await slowBodies();
  console.log(
    `\nUnfinished bodies: ${SLOW_BODIES} POSTs from one address whose bodies never finish, for ${SLOW_DURATION} s; the signed-in page on a fresh connection each time\n`,
  );
  console.log(
    table(slow.rows, [
      { title: "", get: (r) => r.name, left: true },
      { title: "requests", get: (r) => r.requests },
      { title: "p50 ms", get: (r) => r.p50 ?? "" },
      { title: "p99 ms", get: (r) => r.p99 ?? "" },
      { title: "answers", get: (r) => r.answers, left: true },
    ]),
  );

  const flood = await renderFlood();
  console.log(
    `\nRender flood: ${FLOOD_CONNECTIONS} connections asking for uncached pages for ${FLOOD_DURATION} s; each probe on a fresh connection\n`,
  );
  console.log(
    table(flood.rows, [
      { title: "", get: (r) => r.name, left: true },
      { title: "requests", get: (r) => r.requests },
      { title: "p50 ms", get: (r) => r.p50 },
      { title: "p99 ms", get: (r) => r.p99 },
      { title: "answers", get: (r) => r.answers, left: true },
    ]),
  );
  const floodProbes = flood.rows.filter((r) => r.name.endsWith(", flood"));

  const targets = [
    { target: "0 errors", value: errors, ok: errors === 0 },
    { target: `public pages p99 ≤ ${P99_TARGET_MS} ms`, value: publicRow.p99, ok: publicRow.p99 <= P99_TARGET_MS },
    {
      target: `stylesheet p99 ≤ ${STATIC_P99_TARGET_MS} ms during the sign-in burst`,
      value: burstCss.p99,
      ok: burstCss.p99 <= STATIC_P99_TARGET_MS,
    },
    ...[
      [burst.rows, "signed-in page, burst", "during the sign-in burst"],
      [slow.rows, "signed-in page, slow bodies", `with ${SLOW_BODIES} unfinished bodies from one address`],
    ].map(([rows, name, when]) => {
      const r = rows.find((x) => x.name === name);
      return { target: `signed-in page p99 ≤ ${P99_TARGET_MS} ms ${when}`, value: r.p99, ok: r.p99 <= P99_TARGET_MS };
    }),
    ...floodProbes.map((r) => ({
      target: `${r.name.replace(", flood", "")} on a fresh connection p99 ≤ ${STATIC_P99_TARGET_MS} ms during the render flood`,
      value: r.p99,
      ok: r.p99 <= STATIC_P99_TARGET_MS,
    })),
  ];
  console.log("\nTargets");
  for (const t of targets) console.log(`  ${t.ok ? "met " : "MISS"}  ${t.target}: ${t.value}`);

  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.join("bench", "results", `load-${stamp}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        command: "npm run load",
        commit: gitCommit(),
        machine: machine(),
        loadavgBefore: loadBefore,
        loadavgAfter: loadAfter,
        config: {
          connections: CONNECTIONS,
          durationS: DURATION,
          warmupS: WARMUP,
          listeners: LISTENERS,
          addresses: ADDRESSES,
          rateLimits: "production defaults",
          trustProxyHops: 1,
          burstSignIns: BURST_SIGNINS,
          burstDurationS: BURST_DURATION,
          slowBodies: SLOW_BODIES,
          slowDurationS: SLOW_DURATION,
          floodConnections: FLOOD_CONNECTIONS,
          floodDurationS: FLOOD_DURATION,
          workers: WORKERS,
        },
        mix: KINDS.map(({ kind, cls, weight }) => ({ kind, cls, weight })),
        kinds: kindRows,
        classes: [publicRow, signedInRow],
        overall,
        errors: { total: errors, badAnswers: overall.badAnswers, socketErrors, timeouts: result.timeouts },
        signInBurst: burst,
        slowBodies: slow,
        renderFlood: flood,
        targets,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${out}`);
} finally {
  await server.stop();
  upstreams.close();
}
