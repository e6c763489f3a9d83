// The one way to start the built server outside production: the e2e config (scripts/e2e-server.mjs),
// the e2e specs' private servers (tests/e2e/support/app-server.ts) and the benchmarks
// (bench/lib.mjs) all spawn it here, in production mode on loopback with a data directory of
// their own.
import { spawn } from "node:child_process";

/** What a server for tests runs with on top of production's defaults. */
export const TEST_ENV = {
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  // Production limits stay on; tests that act as separate listeners send their own
  // X-Forwarded-For (one trusted proxy hop, as behind a load balancer).
  TRUST_PROXY_HOPS: "1",
};

/**
 * The live stream and now-playing service of scripts/fakes/upstreams.mjs at `origin`.
 * @param {string} origin
 * @returns {Record<string, string>}
 */
export function upstreamEnv(origin) {
  return {
    LIVE_STREAM_URL: `${origin}/live/stream.mp3`,
    NOW_PLAYING_KIND: "live365",
    NOW_PLAYING_URL: `${origin}/live365/station/a93581`,
  };
}

/**
 * Spawns `entry` (build/server.js) in production mode on 127.0.0.1:`port` with DATA_DIR `dataDir`;
 * `env` goes on top of `inherited`. SITE_URL, which production requires, is that origin unless
 * `env` names one (port 0, a free one, needs it named); no metrics port unless `env` asks for one,
 * so that servers started side by side never contend for it.
 * @param {{
 *   port: number | string;
 *   dataDir: string;
 *   env?: Record<string, string>;
 *   inherited?: NodeJS.ProcessEnv;
 *   entry?: string;
 *   cwd?: string;
 *   stdio?: import("node:child_process").StdioOptions;
 * }} options
 */
export function launchServer({
  port,
  dataDir,
  env = {},
  inherited = process.env,
  entry = "build/server.js",
  cwd = process.cwd(),
  stdio = ["ignore", "pipe", "pipe"],
}) {
  return spawn(process.execPath, [entry], {
    cwd,
    stdio,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(Number(port) > 0 ? { SITE_URL: `http://127.0.0.1:${port}` } : {}),
      METRICS_PORT: "0",
      ...env,
    },
  });
}

/**
 * Resolves with the server's origin once it has said where it listens and /healthz answers 200;
 * fails at once when the process exits, or at `timeoutMs`, with `output()` and /healthz's answer.
 * @param {import("node:child_process").ChildProcess} child
 * @param {{ output: () => string; label: string; timeoutMs: number }} options
 * @returns {Promise<string>}
 */
export async function untilHealthy(child, { output, label, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let health = "no answer";
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${label} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    const port = /on the air at http:\/\/localhost:(\d+)/.exec(output())?.[1];
    if (port) {
      const origin = `http://127.0.0.1:${port}`;
      try {
        const r = await fetch(`${origin}/healthz`);
        if (r.ok) return origin;
        health = `${r.status} ${await r.text()}`;
      } catch {
        /* not up yet */
      }
    }
    // A 503 here with DATABASE_URL: the database's schema is not this build's (rebuild).
    if (Date.now() > deadline) throw new Error(`${label} did not start (/healthz: ${health}):\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
