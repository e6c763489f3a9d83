// npm run size — the JS and CSS a first visit downloads (the first-load budget of ADR 008). Needs
// `npm run build`. Starts the built server, then for the home page and an episode page:
//   1. the /build/ files the HTML references (modulepreload, module imports, stylesheets);
//   2. what headless Chromium actually fetches on a first visit until the network is idle
//      (includes anything imported lazily right after hydration);
// and prints each file's gzip and brotli size — the copies `npm run build` writes and the server
// sends (gzip 9 and brotli 11 copies; raw below 1 KB or gzip 6 on the fly for a file without copies) — with totals.
// It also checks that the Firebase client SDK, the Cast SDK and the lightbox are not in the
// first load, and that every <img> has width/height and those below the fold load lazily.
//   SIZE_PORT=3290 npm run size      (exit code 1 when the JS budget is exceeded)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { assertBuilt, startServer, startUpstreams } from "./lib.mjs";

assertBuilt();
const PORT = Number(process.env.SIZE_PORT ?? 3290);
const BUDGET_JS_KB = 105;

// What the server sends: the build's copy when there is one, else the file as it is below the
// compression threshold of server.ts (1 KB), else what the compression middleware makes of it.
const COMPRESSION_THRESHOLD = 1024;
const sent = (file, ext, compress) => {
  if (fs.existsSync(file + ext)) return fs.statSync(file + ext).size;
  const data = fs.readFileSync(file);
  return data.length < COMPRESSION_THRESHOLD ? data.length : compress(data).length;
};
const gz = (file) => sent(file, ".gz", (d) => zlib.gzipSync(d, { level: 6 }));
const br = (file) =>
  sent(file, ".br", (d) => zlib.brotliCompressSync(d, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
const kb = (n) => (n / 1024).toFixed(1);
const fileOf = (url) => path.join("public", new URL(url, "http://x").pathname);

/** Lazy-only code and how to recognise it in a built file. */
const LAZY = [
  { name: "Firebase client SDK", test: (s) => /@firebase\/|firebaseapp\.com|firebaseio\.com|initializeApp\(/.test(s) },
  { name: "Cast SDK (cast_sender.js loader)", test: (s) => /cast_sender\.js/.test(s) },
  { name: "lightbox (yet-another-react-lightbox)", test: (s) => /yarl__/.test(s) },
];

function referenced(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/(?:import|from)\s*\(?\s*"(\/build\/[^"]+\.js)"/g)) urls.add(m[1]);
  return [...urls].filter((u) => u.startsWith("/build/"));
}

function images(html) {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => {
    const tag = m[0];
    const attr = (n) => new RegExp(`\\b${n}="([^"]*)"`).exec(tag)?.[1];
    return { src: attr("src"), width: attr("width"), height: attr("height"), loading: attr("loading") };
  });
}

async function browserFetches(url) {
  let chromium;
  try {
    ({ chromium } = await import("@playwright/test"));
  } catch {
    return null;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const scripts = new Set();
    page.on("request", (r) => {
      if (["script", "stylesheet"].includes(r.resourceType())) scripts.add(new URL(r.url()).href);
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(1_000);
    // Before or after the load event, by the page's own clock (the order in which the browser
    // reports events to this script is not reliable under load).
    const started = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      return {
        loadEventStart: nav
          ? nav.loadEventStart
          : performance.timing.loadEventStart - performance.timing.navigationStart,
        resources: performance.getEntriesByType("resource").map((e) => ({ url: e.name, start: e.startTime })),
      };
    });
    const startOf = new Map(started.resources.map((r) => [new URL(r.url).href, r.start]));
    const before = new Set([...scripts].filter((u) => (startOf.get(u) ?? 0) < started.loadEventStart));
    const after = new Set([...scripts].filter((u) => !before.has(u)));
    const local = (set) =>
      [...set]
        .filter((u) => new URL(u).origin === new URL(url).origin)
        .map((u) => new URL(u).pathname)
        .filter((p) => p.startsWith("/build/"));
    const foreign = (set) => [...set].filter((u) => new URL(u).origin !== new URL(url).origin);
    return {
      firstLoad: local(before),
      afterLoad: local(after),
      foreignFirst: foreign(before),
      foreignAfter: foreign(after),
    };
  } finally {
    await browser.close();
  }
}

function report(name, urls) {
  const rows = urls.map((u) => ({ url: u, raw: fs.statSync(fileOf(u)).size, gzip: gz(fileOf(u)), br: br(fileOf(u)) }));
  const js = rows.filter((r) => r.url.endsWith(".js"));
  const css = rows.filter((r) => r.url.endsWith(".css"));
  const sum = (list, k) => list.reduce((n, r) => n + r[k], 0);
  console.log(`\n${name}`);
  for (const r of rows.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${kb(r.gzip).padStart(6)} KB gz  ${kb(r.br).padStart(6)} KB br  ${kb(r.raw).padStart(7)} KB  ${r.url}`,
    );
  console.log(
    `  JS  ${js.length} files: ${kb(sum(js, "gzip"))} KB gzip, ${kb(sum(js, "br"))} KB brotli (${kb(sum(js, "raw"))} KB raw)`,
  );
  console.log(
    `  CSS ${css.length} files: ${kb(sum(css, "gzip"))} KB gzip, ${kb(sum(css, "br"))} KB brotli (${kb(sum(css, "raw"))} KB raw)`,
  );
  return {
    jsGzip: sum(js, "gzip"),
    jsBrotli: sum(js, "br"),
    cssGzip: sum(css, "gzip"),
    cssBrotli: sum(css, "br"),
    jsRaw: sum(js, "raw"),
    files: rows.length,
  };
}

const upstreams = await startUpstreams(PORT + 1);
const server = await startServer({ port: PORT, upstreamOrigin: upstreams.origin, label: "server" });
const results = {};
let failed = false;
try {
  const data = await (await fetch(`${server.origin}/?_data=routes/_index`)).json();
  const pages = { home: "/", episode: `/episode?title=${encodeURIComponent(data.latest[0].title)}` };
  for (const [name, p] of Object.entries(pages)) {
    const html = await (await fetch(server.origin + p)).text();
    const inHtml = referenced(html);
    const r = report(`${name} (${p}) — files the HTML references`, inHtml);
    const visit = await browserFetches(server.origin + p).catch(
      (e) => (console.warn(`  (browser check skipped: ${e.message.split("\n")[0]})`), null),
    );
    const fetched = visit?.firstLoad ?? null;
    let b = null;
    if (visit) {
      const extra = fetched.filter((u) => !inHtml.includes(u));
      b = report(`${name} — downloaded by Chromium before the load event (first load)`, fetched);
      console.log(`  beyond the HTML: ${extra.length ? extra.join(", ") : "nothing"}`);
      console.log(`  after the load event (lazy): ${visit.afterLoad.length ? visit.afterLoad.join(", ") : "nothing"}`);
      const foreign = [
        ...visit.foreignFirst.map((u) => `${u} (first load)`),
        ...visit.foreignAfter.map((u) => `${u} (after load)`),
      ];
      console.log(`  third-party scripts/styles asked for: ${foreign.length ? foreign.join(", ") : "none"}`);
    }
    const firstLoad = [...new Set([...inHtml, ...(fetched ?? [])])].filter((u) => u.endsWith(".js"));
    const texts = firstLoad.map((u) => fs.readFileSync(fileOf(u), "utf8"));
    const lazy = LAZY.map((l) => {
      const inFirst = firstLoad.filter((_, i) => l.test(texts[i]));
      const lazyChunks = fs
        .readdirSync("public/build", { recursive: true })
        .filter((f) => String(f).endsWith(".js"))
        .map((f) => `/build/${f}`)
        .filter((u) => !firstLoad.includes(u) && l.test(fs.readFileSync(fileOf(u), "utf8")));
      return { name: l.name, inFirstLoad: inFirst, lazyChunks };
    });
    console.log("  lazy-only code:");
    for (const l of lazy) {
      const where = l.lazyChunks.length ? `lazy chunk ${l.lazyChunks.join(", ")}` : "not in the client bundle at all";
      console.log(
        `    ${l.inFirstLoad.length ? "IN FIRST LOAD" : "not in first load"} — ${l.name} (${where})${l.inFirstLoad.length ? `: ${l.inFirstLoad.join(", ")}` : ""}`,
      );
      if (l.inFirstLoad.length) failed = true;
    }
    const imgs = images(html);
    const noSize = imgs.filter((i) => !i.width || !i.height);
    const eager = imgs.filter((i) => i.loading !== "lazy");
    console.log(
      `  images: ${imgs.length}; without width/height: ${noSize.length}${noSize.length ? ` (${noSize.map((i) => i.src).join(", ")})` : ""}; not lazy: ${eager.length} (${eager.map((i) => i.src).join(", ")})`,
    );
    const jsGzip = Math.max(r.jsGzip, b?.jsGzip ?? 0);
    console.log(
      `  first-load JS ${kb(jsGzip)} KB gzip — budget ${BUDGET_JS_KB} KB${name === "home" ? (jsGzip <= BUDGET_JS_KB * 1024 ? " — met" : " — EXCEEDED") : ""}`,
    );
    if (name === "home" && jsGzip > BUDGET_JS_KB * 1024) failed = true;
    if (noSize.length) failed = true;
    results[name] = {
      path: p,
      html: r,
      browser: b,
      lazy,
      images: { total: imgs.length, withoutSize: noSize.map((i) => i.src), notLazy: eager.map((i) => i.src) },
    };
  }
} finally {
  await server.stop();
  upstreams.close();
}
const line = (r) =>
  `${kb(r.browser?.jsGzip ?? r.html.jsGzip)} KB JS + ${kb(r.html.cssGzip)} KB CSS gzip (brotli ${kb(r.browser?.jsBrotli ?? r.html.jsBrotli)} + ${kb(r.html.cssBrotli)} KB)`;
console.log(`\nfirst load — home: ${line(results.home)}; episode: ${line(results.episode)}`);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  `bench/results/size-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  JSON.stringify(
    { date: new Date().toISOString(), command: "npm run size", budgetJsGzipKB: BUDGET_JS_KB, ...results },
    null,
    2,
  ),
);
process.exit(failed ? 1 : 0);
