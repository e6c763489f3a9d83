import fs from "node:fs";
import { defineConfig, devices, type PlaywrightTestProject } from "@playwright/test";

/**
 * e2e against the BUILT server in production mode, each server on a throwaway data directory
 * (scripts/e2e-server.mjs), driving Debian's Chromium. One run, two servers: the embedded default,
 * and the production adapters (Supabase, WordPress, Firebase) against local fakes. Each spec runs
 * only in the projects where its outcome can differ, so nothing is skipped by design at run time.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const REMOTE_PORT = PORT + 50;
/** nginx of the scale-out stack; its instances and PostgreSQL take the next ports (tests/e2e/support/scale-out.ts). */
const SCALE_OUT_PORT = PORT + 100;
export const baseURL = `http://127.0.0.1:${PORT}`;
const remoteURL = `http://127.0.0.1:${REMOTE_PORT}`;

// Debian's chromium-headless-shell: the same Blink and V8 as its chromium package without the
// desktop browser around them, a third of the CPU for each test's fresh context and first page
// load (ADR 053). The suite is bound by those two cores' CPU.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
  ],
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const specs = (...names: string[]) => names.map((n) => `${n}.spec.ts`);

const projects: PlaywrightTestProject[] = [
  {
    // deploy/ as shipped: two instances over one PostgreSQL behind Debian's nginx over TLS (a
    // self-signed certificate). The spec starts that stack itself, so other runs never pay for it.
    // First in the list, so it is scheduled first: its tests run one after another on one
    // worker while the other workers share the rest, instead of alone at the end.
    name: "scale-out",
    testMatch: specs("scale-out"),
    use: { ...desktop, baseURL: `https://127.0.0.1:${SCALE_OUT_PORT}`, ignoreHTTPSErrors: true },
  },
  {
    // The production adapters: only the specs whose outcome depends on where the data comes from.
    // Early in the list: its XSS corpus runs in order on one worker, better beside the rest than
    // alone at the end.
    name: "remote",
    testMatch: specs(
      "routes",
      "gallery",
      "accounts",
      "xss",
      "faults",
      "faults-now-playing",
      "popup-sign-in",
      "my-data",
    ),
    use: { ...desktop, baseURL: remoteURL },
  },
  {
    name: "desktop-js",
    testIgnore: specs("faults", "faults-now-playing", "mobile", "player-mobile", "popup-sign-in", "scale-out"),
    use: desktop,
  },
  {
    // Server-rendered pages and plain forms: the specs whose pages must work without JavaScript.
    name: "desktop-nojs",
    testMatch: specs(
      "routes",
      "gallery",
      "accounts",
      "player",
      "listeners",
      "subscribe-embed",
      "embed-player",
      "episode-extras",
      "honest-controls",
      "positions",
      "my-data",
      "up-next",
      "reauth",
      "listener-review",
      "speed-stats",
      "offline",
      "library-browse",
    ),
    use: { ...desktop, javaScriptEnabled: false },
  },
  {
    // The 375 px layout: mobile header, player bar and its modal, burger menu.
    name: "mobile-375",
    testMatch: specs(
      "a11y",
      "accounts",
      "embed-player",
      "episode-extras",
      "gallery",
      "honest-controls",
      "images",
      "library-browse",
      "listener-review",
      "mobile",
      "my-data",
      "offline",
      "player",
      "player-extras",
      "player-live",
      "player-mobile",
      "positions",
      "reauth",
      "search",
      "speed-stats",
      "subscribe-embed",
      "up-next",
    ),
    use: {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      userAgent: devices["Pixel 7"].userAgent,
    },
  },
];

const server = (port: number, remote: boolean) => ({
  command: "node scripts/e2e-server.mjs",
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: { E2E_PORT: String(port), E2E_REMOTE: remote ? "1" : "0" },
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Four on two cores: a test mostly waits (on the server, timers, polls); the suite uses under half
  // a CPU-second per test-second, so two workers left the cores more than half idle (bench/README.md).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: `test-results/e2e`,
  reporter: [["list"], ["json", { outputFile: `test-results/playwright.json` }]],
  use: {
    baseURL,
    // Recording a trace for every test cost a quarter of the e2e time (routes and gallery on two
    // projects: 208 s with it, 160 s without). CI retries a failure once and keeps that trace;
    // locally, `--trace on` records one.
    trace: "on-first-retry",
    launchOptions: chromium,
    // page.route() never sees what a service worker answers, and most specs stub the network:
    // the worker (ADR 063) runs in offline.spec.ts, which allows it.
    serviceWorkers: "block",
  },
  projects,
  webServer: [server(PORT, false), server(REMOTE_PORT, true)],
});
