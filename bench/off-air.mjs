// npm run bench:off-air: how long after the live source stops a listener's page says the show is
// off air. Builds nothing: run `npm run build`
// first. Debian's Icecast with an ffmpeg source (the contract tests' tests/support/real/icecast.ts),
// the built server with its live stream and now-playing on that mount, and Debian's Chromium
// playing the live page. Each round: Go live, wait until the stream really plays and the title is
// shown, stop the source and time until the player shows the off-air fallback title. ROUNDS rounds
// with the stream playing, ROUNDS with it paused; the source stops at a random point of the poll's
// period. Prints each round, with the audio element's events and the page's now-playing requests,
// and min/median/max; writes bench/results/off-air-<timestamp>.json.
//   BENCH_ROUNDS=5 BENCH_PORT=3810 BENCH_BITRATE=32k npm run bench:off-air
import fs from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import { tsImport } from "tsx/esm/api";
import { assertBuilt, gitCommit, machine, startServer } from "./lib.mjs";

assertBuilt();
const PORT = Number(process.env.BENCH_PORT ?? 3810);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BITRATE = process.env.BENCH_BITRATE ?? "32k";
const MOUNT = "/live";
const SONG = "The Crew - Last Song";
// Icecast's default burst-size: a listener gets this much audio at once on connecting, so a player
// runs that far behind the source (16 s at 32 kbps, 4 s at 128 kbps) once the source has run as long.
const BURST_BYTES = 65_536;
const burstMs = Math.round((BURST_BYTES * 8 * 1000) / (parseFloat(BITRATE) * 1000));

const { startIcecast } = await tsImport("../tests/support/real/icecast.ts", import.meta.url);
const { NOW_PLAYING_FALLBACK, NOW_PLAYING_POLL_MS } = await tsImport("../app/rules/player.ts", import.meta.url);
const { NOW_PLAYING_OFF_AIR_WITHIN_MS, nowPlayingOffAirWorstCaseMs } = await tsImport(
  "../app/rules/now-playing.ts",
  import.meta.url,
);

const icecast = await startIcecast();
let sourceStartedAt = 0;
const onAir = async () => {
  await icecast.startSource(MOUNT, { bitrate: BITRATE });
  sourceStartedAt = Date.now();
  await icecast.setTitle(MOUNT, new Uint8Array(Buffer.from(SONG, "latin1")));
};
await onAir();
const server = await startServer({
  port: PORT,
  upstreamOrigin: icecast.origin,
  env: {
    LIVE_STREAM_URL: `${icecast.origin}${MOUNT}`,
    NOW_PLAYING_KIND: "icecast",
    NOW_PLAYING_URL: icecast.statusUrl,
  },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const offAirText = `${NOW_PLAYING_FALLBACK.title} | ${NOW_PLAYING_FALLBACK.artist}`;

/** The desktop bar's title and subtext, as a listener reads them. */
const shown = (page) =>
  page.evaluate(() => {
    const bar = document.querySelector(".desktop-player");
    return `${bar?.querySelector(".np__title")?.textContent} | ${bar?.querySelector(".np__subtext")?.textContent}`;
  });

async function round(paused) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const polls = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/now-playing") polls.push(Date.now());
  });
  try {
    await page.goto(`${server.origin}/`);
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 30_000 });
    // Every media event of the element, with the wall clock (the same clock as this script's).
    await page.evaluate(() => {
      const audio = document.getElementById("global-audio");
      window.__events = [];
      for (const type of [
        "abort",
        "durationchange",
        "emptied",
        "ended",
        "error",
        "pause",
        "progress",
        "stalled",
        "suspend",
        "waiting",
      ])
        audio.addEventListener(type, () => window.__events.push({ type, at: Date.now(), t: audio.currentTime }));
    });
    // A station's source has run for hours: the listener gets Icecast's whole burst.
    await sleep(sourceStartedAt + burstMs - Date.now());
    const button = (name) => page.getByRole("button", { name, exact: true }).locator("visible=true").first();
    const liveAt = Date.now();
    await button("Go live").click();
    await page.waitForFunction(
      (src) => {
        const a = document.getElementById("global-audio");
        return a.src.startsWith(src) && !a.paused && a.currentTime > 1;
      },
      `${icecast.origin}${MOUNT}`,
      { timeout: 30_000 },
    );
    const title = await page.waitForFunction((text) => document.body.innerText.includes(text), "Last Song", {
      timeout: 30_000,
    });
    await title.dispose();
    if (paused) {
      await button("Pause").click();
      await page.waitForFunction(() => document.getElementById("global-audio").paused);
    }
    // The source stops anywhere in the poll's period.
    await sleep(Math.random() * NOW_PLAYING_POLL_MS);
    const buffered = await page.evaluate(() => {
      const a = document.getElementById("global-audio");
      return a.buffered.length ? a.buffered.end(a.buffered.length - 1) - a.currentTime : 0;
    });
    const stoppedAt = Date.now();
    const stopped = icecast.stopSource(MOUNT);
    await page.waitForFunction(
      (text) => {
        const bar = document.querySelector(".desktop-player");
        return (
          `${bar?.querySelector(".np__title")?.textContent} | ${bar?.querySelector(".np__subtext")?.textContent}` ===
          text
        );
      },
      offAirText,
      { timeout: 60_000, polling: 50 },
    );
    const ms = Date.now() - stoppedAt;
    await stopped;
    const all = await page.evaluate(() => window.__events);
    // What a listener's page does while the stream plays: Go live's poll, then one every 10 s.
    const before = all
      .filter((e) => e.at >= liveAt && e.at < stoppedAt && e.type !== "progress")
      .map((e) => `${e.type}@${((e.at - liveAt) / 1000).toFixed(1)}s`);
    const pollsBefore = polls.filter((at) => at >= liveAt && at < stoppedAt).map((at) => at - liveAt);
    const events = all
      .filter((e) => e.at >= stoppedAt && e.type !== "progress")
      .map((e) => ({ type: e.type, afterMs: e.at - stoppedAt, currentTime: Math.round(e.t * 10) / 10 }));
    const pollsAfterMs = polls.filter((at) => at >= stoppedAt).map((at) => at - stoppedAt);
    return {
      ms,
      pollsAfterMs,
      sinceGoLive: { stopMs: stoppedAt - liveAt, events: before, pollsMs: pollsBefore },
      bufferedAheadS: Math.round(buffered * 10) / 10,
      events,
      shown: await shown(page),
    };
  } finally {
    await context.close();
    await onAir();
  }
}

const loadBefore = os.loadavg();
const results = { playing: [], paused: [] };
try {
  for (const kind of ["playing", "paused"]) {
    console.log(`\n${kind} page (source at ${BITRATE}bps, Icecast's burst ${(burstMs / 1000).toFixed(1)} s):`);
    for (let i = 1; i <= ROUNDS; i++) {
      const r = await round(kind === "paused");
      results[kind].push(r);
      const events = r.events.map((e) => `${e.type}@${(e.afterMs / 1000).toFixed(1)}s`).join(" ") || "none";
      console.log(
        `  round ${i}: off air after ${(r.ms / 1000).toFixed(1)} s (buffered ahead ${r.bufferedAheadS} s; polls after ${r.pollsAfterMs.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s; events: ${events}; from Go live to the stop at ${(r.sinceGoLive.stopMs / 1000).toFixed(1)} s: ${r.sinceGoLive.events.join(" ")}, polls at ${r.sinceGoLive.pollsMs.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s)`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await icecast.close();
}
const loadAfter = os.loadavg();

const summary = Object.fromEntries(
  Object.entries(results).map(([kind, rs]) => {
    const ms = rs.map((r) => r.ms);
    return [kind, { minMs: Math.min(...ms), medianMs: median(ms), maxMs: Math.max(...ms) }];
  }),
);
console.log("\nseconds from the source's stop to the off-air title on the page");
for (const [kind, s] of Object.entries(summary))
  console.log(
    `  ${kind.padEnd(7)} min ${(s.minMs / 1000).toFixed(1)}  median ${(s.medianMs / 1000).toFixed(1)}  max ${(s.maxMs / 1000).toFixed(1)}` +
      `  (target ${NOW_PLAYING_OFF_AIR_WITHIN_MS / 1000} s; the rules' worst case once the page knows the stream` +
      ` stopped ${nowPlayingOffAirWorstCaseMs({ listening: true }) / 1000} s, paused and told by the push` +
      ` ${nowPlayingOffAirWorstCaseMs({ listening: false }) / 1000} s)`,
  );
console.log(
  `load average: ${loadBefore.map((l) => l.toFixed(2)).join(" ")} → ${loadAfter.map((l) => l.toFixed(2)).join(" ")}`,
);
const file = `bench/results/off-air-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      commit: gitCommit(),
      machine: machine(),
      loadAverage: { before: loadBefore, after: loadAfter },
      bitrate: BITRATE,
      summary,
      results,
    },
    null,
    2,
  ),
);
console.log(`written ${file}`);
process.exit(0);
