/**
 * Private copies of the built server for specs that need one of their own (a fault to inject, a
 * database to corrupt, hostile data, a streaming service in a given state): one way to start
 * them, shared by the spec helpers in this folder.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { launchServer, TEST_ENV, untilHealthy, upstreamEnv } from "../../../scripts/app-server.mjs";
import { startFakeUpstreams } from "../../../scripts/fakes/upstreams.mjs";

export type Mode = "ok" | "fail" | "slow" | "junk";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppServer {
  origin: string;
  dataDir: string;
  /** E.g. `kill -HUP`: the server forgets its cached reads (they become stale) and rendered pages. */
  signal(name: NodeJS.Signals): void;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves once the process has printed `text` (e.g. that it is shutting down). */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  stop(): Promise<void>;
}

/**
 * Starts build/server.js (production mode, rate limits on, one trusted proxy hop) on a free port
 * — or `env.PORT` — with `env` on top; resolves once /healthz answers 200. Its data directory is
 * a fresh one removed on stop, unless the caller passes (and owns) one.
 */
export async function startAppServer(
  env: Record<string, string>,
  label: string,
  options: { dataDir?: string } = {},
): Promise<AppServer> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `hrs-e2e-${label}-`));
  // Production needs SITE_URL, made of the port: so the port is chosen first.
  const port = env.PORT ?? String(await freePort());
  const child = launchServer({ port, dataDir, env: { ...TEST_ENV, ...env } });
  let output = "";
  child.stdout?.on("data", (d) => (output += String(d)));
  child.stderr?.on("data", (d) => (output += String(d)));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const printed = async (text: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited before printing ${JSON.stringify(text)}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not print ${JSON.stringify(text)}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let origin: string;
  try {
    origin = await untilHealthy(child, { output: () => output, label: `private server (${label})`, timeoutMs: 45_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, signal: (name) => child.kill(name), output: () => output, printed, exited, stop };
}

export interface NowPlayingServer {
  origin: string;
  /** The fake streaming service's origin. */
  upstream: string;
  setUpstreamMode(mode: Mode): Promise<void>;
  /** Calls the streaming service received since the last mode switch. */
  upstreamHits(): Promise<number>;
  stop(): Promise<void>;
}

/** A server whose streaming service starts in `mode` (the embedded catalog: nothing else remote). */
export async function startNowPlayingServer(mode: Mode, label: string): Promise<NowPlayingServer> {
  const upstreams = await startFakeUpstreams(0);
  const setUpstreamMode = async (m: Mode) => {
    const r = await fetch(`${upstreams.origin}/__mode?mode=${m}`);
    if (!r.ok) throw new Error(`fake streaming service mode: HTTP ${r.status}`);
  };
  await setUpstreamMode(mode);
  let server: AppServer;
  try {
    server = await startAppServer(upstreamEnv(upstreams.origin), label);
  } catch (error) {
    upstreams.close();
    throw error;
  }
  return {
    origin: server.origin,
    upstream: upstreams.origin,
    setUpstreamMode,
    async upstreamHits() {
      const r = await fetch(`${upstreams.origin}/__stats`);
      return ((await r.json()) as { nowPlaying: number }).nowPlaying;
    },
    async stop() {
      await server.stop();
      upstreams.close();
    },
  };
}

type FakeUpstreams = Awaited<ReturnType<typeof startFakeUpstreams>>;

/**
 * A private server whose Google OAuth server (and mail, live stream) are the local fakes of
 * scripts/fakes/upstreams.mjs. OAuth callbacks are built on SITE_URL, so its port is chosen first.
 */
export async function startWithGoogleFake(
  label: string,
  env: (upstreams: FakeUpstreams) => Record<string, string>,
): Promise<{ upstreams: FakeUpstreams; server: AppServer }> {
  const upstreams = await startFakeUpstreams(0);
  const port = await freePort();
  const server = await startAppServer(
    {
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      LIVE_STREAM_URL: `${upstreams.origin}/live/stream.mp3`,
      GOOGLE_CLIENT_ID: "e2e-google-client",
      GOOGLE_CLIENT_SECRET: "e2e-google-secret",
      GOOGLE_OAUTH_URL: upstreams.origin,
      ...env(upstreams),
    },
    label,
  );
  return { upstreams, server };
}

/** A port free on loopback now. */
function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
