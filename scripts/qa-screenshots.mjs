// Visual QA helper (not a test): full-page screenshots of every public screen in Debian's Chromium,
// at 1280 and 375 px in the light scheme unless WIDTHS and SCHEMES say otherwise. Start a server
// first (e.g. `E2E_PORT=3470 node scripts/e2e-server.mjs`), then:
//   BASE=http://127.0.0.1:3470 [WIDTHS=320,375,768,1280] [SCHEMES=light,dark] \
//     node scripts/qa-screenshots.mjs [outDir] [name-filter]
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

const base = process.env.BASE ?? "http://127.0.0.1:3000";
const out = process.argv[2] ?? "/tmp/shots";
const only = process.argv[3] ? new RegExp(process.argv[3]) : null;
const widths = (process.env.WIDTHS ?? "1280,375").split(",").map(Number);
const schemes = (process.env.SCHEMES ?? "light").split(",");
fs.mkdirSync(out, { recursive: true });

const episodes = JSON.parse(fs.readFileSync("sample/episodes.json", "utf8"));
const coldcut = JSON.parse(fs.readFileSync("sample/coldcut.json", "utf8"));
const crew = JSON.parse(fs.readFileSync("sample/crew.json", "utf8"));
const posts = JSON.parse(fs.readFileSync("sample/posts.json", "utf8"));
const q = encodeURIComponent;
const cannabis = episodes.find((e) => e.canbashow === true) ?? episodes[0];
const news = posts.find((p) => p.categories.includes(5));

const SCREENS = [
  ["home", "/"],
  ["eras", "/eras"],
  ["era", "/era?station=MLR"],
  ["episode", `/episode?title=${q(cannabis.title)}`],
  ["coldcut", `/coldcut/?title=${q(coldcut[0].title)}`],
  ["search", "/search?term=antenna"],
  ["search-none", "/search?term=zzqqxx"],
  ["crew", "/crew-page"],
  ["crew-bio", `/crew?name=${q(crew[0].Name)}`],
  ["about", "/about"],
  ["help", "/help"],
  ["privacy", "/privacy-policy"],
  ["dpb", "/DPB"],
  ["news", "/News"],
  ["news-wtf", "/News?tab=wtfnews"],
  ["news-post", `/News/${q(news.slug)}`],
  ["special-feature", "/speical-feature"],
  ["page", "/page"],
  ["page-x", "/Page/x"],
  ["live", "/live"],
  ["embed", `/embed/episode?title=${q(cannabis.title)}`],
  ["episode-clip", `/episode?title=${q(cannabis.title)}&t=30&end=60`],
  ["signin", "/signin"],
  ["signup", "/signup"],
  ["forgot-password", "/forgot-password"],
  ["404", "/this-does-not-exist"],
  ["400", "/News?tab=nope"],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
for (const [width, colorScheme] of widths.flatMap((w) => schemes.map((c) => [w, c]))) {
  const label = `${width}${colorScheme === "light" ? "" : `-${colorScheme}`}`;
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 812 : 800 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
    colorScheme,
  });
  const page = await context.newPage();
  for (const [name, url] of SCREENS) {
    if (only && !only.test(name)) continue;
    await page.goto(base + url, { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load", { timeout: 5_000 }).catch(() => undefined);
    await page.evaluate(async () => {
      // Load lazy images: scroll through the page, then back to the top.
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 40));
      }
      window.scrollTo(0, 0);
      for (const img of document.images) img.loading = "eager";
      const loaded = Promise.all(
        [...document.images].map((img) =>
          img.complete ? null : new Promise((r) => ((img.onload = r), (img.onerror = r))),
        ),
      );
      await Promise.race([loaded, new Promise((r) => setTimeout(r, 3_000))]);
    });
    await page.waitForTimeout(300);
    const file = path.join(out, `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${file}${overflow > 0 ? `  (overflows by ${overflow}px)` : ""}`);
  }
  await context.close();
}
await browser.close();
