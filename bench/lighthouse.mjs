// npm run lighthouse — Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4× CPU
// slowdown) on the built server, driving Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium; never a downloaded browser). Pages: home, an episode, an era, /News, /eras,
// and beside them, in the same run, the stock Remix page of bench/floor-app (remix-serve): the
// floor no page of ours can beat, so each page's distance from it is what the machine's speed
// does not change. Prints performance, accessibility, best-practices and SEO scores with LCP,
// CLS and TBT — the median of LIGHTHOUSE_RUNS runs per page (default 3) — each page's score, TBT
// and LCP against the floor's, and Lighthouse's benchmarkIndex (how fast it found this machine);
// writes bench/results/lighthouse-<timestamp>.json. Needs `npm run build`.
//   LIGHTHOUSE_RUNS=3 LIGHTHOUSE_PORT=3340 npm run lighthouse
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { assertBuilt, gitCommit, machine, startServer, startUpstreams, table } from "./lib.mjs";
import { startRemixServeFloor } from "./remix-serve-floor.mjs";

assertBuilt();
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3340);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-sync",
  "--disable-extensions",
  "--no-first-run",
  "--no-default-browser-check",
  "--mute-audio",
];
const TARGETS = { accessibility: 100, cls: 0.02 };

const upstreams = await startUpstreams(PORT + 1);
const server = await startServer({ port: PORT, upstreamOrigin: upstreams.origin, label: "server" });
const floor = await startRemixServeFloor(PORT + 2);
const results = [];
try {
  const data = await (await fetch(`${server.origin}/?_data=routes/_index`)).json();
  const pages = [
    { name: "floor", origin: floor.origin, path: floor.pagePath },
    { name: "home", path: "/" },
    { name: "episode", path: `/episode?title=${encodeURIComponent(data.latest[0].title)}` },
    { name: "era", path: `/era?station=${encodeURIComponent(data.latest[0].era ?? "MLR")}` },
    { name: "News", path: "/News" },
    { name: "eras", path: "/eras" },
  ];
  for (const page of pages) {
    const url = (page.origin ?? server.origin) + page.path;
    await fetch(url); // fill the render cache, as in production
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS, logLevel: "silent" });
      try {
        const r = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const lhr = r.lhr;
        const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        const audit = (id) => lhr.audits[id];
        runs.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcpMs: Math.round(audit("first-contentful-paint").numericValue),
          lcpMs: Math.round(audit("largest-contentful-paint").numericValue),
          cls: Math.round(audit("cumulative-layout-shift").numericValue * 1000) / 1000,
          tbtMs: Math.round(audit("total-blocking-time").numericValue),
          benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
          longestTaskMs: Math.round(Math.max(0, ...(audit("long-tasks")?.details?.items ?? []).map((i) => i.duration))),
          siMs: Math.round(audit("speed-index").numericValue),
          failing: Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                a.scoreDisplayMode !== "informative" &&
                a.scoreDisplayMode !== "notApplicable" &&
                a.scoreDisplayMode !== "manual",
            )
            .filter(
              (a) =>
                ![
                  "largest-contentful-paint",
                  "first-contentful-paint",
                  "speed-index",
                  "total-blocking-time",
                  "cumulative-layout-shift",
                  "interactive",
                  "max-potential-fid",
                ].includes(a.id),
            )
            .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`),
          warnings: lhr.runWarnings,
          consoleErrors: (audit("errors-in-console")?.details?.items ?? []).map(
            (i) =>
              `${i.source ?? ""}: ${String(i.description ?? "").slice(0, 160)} ${i.sourceLocation?.url ?? i.url ?? ""}`,
          ),
          lcpElement: (() => {
            const items = audit("largest-contentful-paint-element")?.details?.items ?? [];
            const node = items.flatMap((i) => i.items ?? [i]).find((i) => i.node)?.node;
            return node ? String(node.snippet ?? node.selector ?? "").slice(0, 200) : null;
          })(),
        });
      } finally {
        await chrome.kill();
      }
    }
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    results.push({
      ...page,
      ...median,
      runs: runs.map((r) => r.performance),
      load1: Math.round(os.loadavg()[0] * 100) / 100,
    });
    console.log(
      `${page.name.padEnd(8)} perf ${median.performance} (runs ${runs.map((r) => r.performance).join("/")}), a11y ${median.accessibility}, bp ${median.bestPractices}, seo ${median.seo}, LCP ${median.lcpMs} ms, CLS ${median.cls}, TBT ${median.tbtMs} ms`,
    );
    if (median.failing.length) console.log(`         not passing: ${median.failing.join(", ")}`);
    if (median.lcpElement) console.log(`         LCP element: ${median.lcpElement}`);
    for (const e of median.consoleErrors) console.log(`         console: ${e}`);
  }
} finally {
  await server.stop();
  await floor.stop();
  upstreams.close();
}
const floorRow = results.find((r) => r.name === "floor");

console.log(`\nLighthouse 12 mobile preset, median of ${RUNS} run(s); 1-min load ${os.loadavg()[0].toFixed(2)}\n`);
console.log(
  table(results, [
    { title: "page", get: (r) => r.name, left: true },
    { title: "perf", get: (r) => r.performance },
    { title: "a11y", get: (r) => r.accessibility },
    { title: "best-pr.", get: (r) => r.bestPractices },
    { title: "SEO", get: (r) => r.seo },
    { title: "FCP ms", get: (r) => r.fcpMs },
    { title: "LCP ms", get: (r) => r.lcpMs },
    { title: "CLS", get: (r) => r.cls },
    { title: "TBT ms", get: (r) => r.tbtMs },
    { title: "longest task ms", get: (r) => r.longestTaskMs },
    { title: "perf − floor", get: (r) => (r === floorRow ? "" : r.performance - floorRow.performance) },
    { title: "TBT ÷ floor", get: (r) => (r === floorRow ? "" : ratio(r.tbtMs, floorRow.tbtMs)) },
    { title: "LCP ÷ floor", get: (r) => (r === floorRow ? "" : ratio(r.lcpMs, floorRow.lcpMs)) },
    { title: "bench idx", get: (r) => r.benchmarkIndex },
    { title: "load1", get: (r) => r.load1.toFixed(1) },
  ]),
);
console.log("\nTargets (beside the floor: within 3 points, TBT ≤ 2 × floor + 50 ms, LCP ≤ 1.15 × floor)");
for (const r of results) {
  if (r === floorRow) continue;
  const misses = [
    r.performance < floorRow.performance - 3
      ? `performance ${r.performance} < floor ${floorRow.performance} − 3`
      : null,
    r.tbtMs > 2 * floorRow.tbtMs + 50 ? `TBT ${r.tbtMs} ms > 2 × ${floorRow.tbtMs} + 50` : null,
    r.lcpMs > 1.15 * floorRow.lcpMs ? `LCP ${r.lcpMs} ms > 1.15 × ${floorRow.lcpMs}` : null,
    r.accessibility < TARGETS.accessibility ? `accessibility ${r.accessibility} < 100` : null,
    r.cls > TARGETS.cls ? `CLS ${r.cls} > ${TARGETS.cls}` : null,
  ].filter(Boolean);
  console.log(`  ${misses.length ? "MISS" : "met "}  ${r.name}${misses.length ? `: ${misses.join(", ")}` : ""}`);
}
function ratio(a, b) {
  return b > 0 ? (a / b).toFixed(2) : "–";
}

const out = path.join("bench", "results", `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      command: "npm run lighthouse",
      commit: gitCommit(),
      machine: machine(),
      loadavgAtEnd: os.loadavg(),
      runs: RUNS,
      results,
    },
    null,
    2,
  ),
);
console.log(`wrote ${out}`);
