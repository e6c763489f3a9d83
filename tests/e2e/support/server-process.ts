/**
 * A spec-owned copy of the built server (node build/server.js, production mode) on a data
 * directory the spec controls, so a spec can kill it (-9 or SIGTERM), restart it on the same
 * DATA_DIR and look at the database files. Like scripts/e2e-server.mjs: rate limits on, one
 * trusted proxy hop (callers send X-Forwarded-For), a local fake live stream and now-playing.
 * Ports are picked free by the OS (as tests/e2e/support/player.ts does), so parallel workers
 * and other servers on the machine never collide.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PASSWORD } from "../helpers/auth";

export const SESSION_SECRET = "e2e-durability-secret-0123456789abcdef";
export const DB_FILE = "hamradio.sqlite";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  origin: string;
  dataDir: string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves once the process has printed `text` (e.g. that it is shutting down). */
  printed(text: string, timeoutMs?: number): Promise<void>;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<Exit>;
}

export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "hrs-e2e-durability-"));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let upstreams: Promise<{ origin: string; close(): void }> | null = null;
/** One fake streaming service per worker, shared by every server process it starts. */
function fakeUpstreams() {
  upstreams ??= (async () => {
    const { startFakeUpstreams } = (await import("../fake-upstreams.mjs")) as {
      startFakeUpstreams(port: number): Promise<{ origin: string; close(): void }>;
    };
    return startFakeUpstreams(await freePort());
  })();
  return upstreams;
}

export async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const upstream = (await fakeUpstreams()).origin;
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET,
      TRUST_PROXY_HOPS: "1",
      LIVE_STREAM_URL: `${upstream}/live/stream.mp3`,
      NOW_PLAYING_KIND: "live365",
      NOW_PLAYING_URL: `${upstream}/live365/station/a93581`,
    },
  });
  let output = "";
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    output += String(d);
    for (const w of waiters) w();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const w of waiters) w();
  });

  const printed = (text: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`the server did not print ${JSON.stringify(text)}:\n${output}`)), timeoutMs);
      const check = () => {
        if (output.includes(text)) done();
        else if (gone) done(new Error(`the server exited before printing ${JSON.stringify(text)}:\n${output}`));
      };
      const done = (error?: Error) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      waiters.add(check);
      check();
    });

  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    origin,
    dataDir,
    exited,
    output: () => output,
    printed,
    signal: (signal) => void child.kill(signal),
    async stop() {
      if (!gone) child.kill("SIGTERM");
      return exited;
    },
  };
  await printed("on the air");
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not answering yet
    }
    if (gone || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A client address of its own behind the trusted proxy (rate limits count per address). */
export function clientAddress(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * A new listener signed up and in through the real forms (same-origin POSTs, as the browser
 * sends them); returns the session Cookie header.
 */
export async function signedInListener(origin: string): Promise<{ email: string; cookie: string }> {
  const email = `durable-${crypto.randomBytes(6).toString("hex")}@example.com`;
  const password = PASSWORD;
  const headers = { Origin: origin, "X-Forwarded-For": clientAddress(), "Content-Type": "application/x-www-form-urlencoded" };
  const up = await fetch(`${origin}/signup`, { method: "POST", headers, body: new URLSearchParams({ email, password, website: "" }), redirect: "manual" });
  if (up.status !== 302 && up.status !== 303) throw new Error(`sign-up answered ${up.status}`);
  const signIn = await fetch(`${origin}/signin`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ email, password, website: "", redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => /^(__Host-)?hrs_session=/.test(c));
  if (!cookie) throw new Error(`sign-in gave no session cookie (status ${signIn.status})`);
  return { email, cookie };
}

/** What the root loader hands the page (and the player restores from) for this session. */
export interface RootData {
  user: { id: string } | null;
  favorites: string[];
  restore: { sync: { AudioSrc: string; AudioTitle: string; currentTime: number } | null } | null;
}

export async function rootData(origin: string, cookie: string): Promise<RootData> {
  const r = await fetch(`${origin}/?_data=root`, { headers: { Cookie: cookie, "X-Forwarded-For": clientAddress() } });
  if (r.status !== 200) throw new Error(`/?_data=root answered ${r.status}`);
  return (await r.json()) as RootData;
}
