/**
 * A spec-owned copy of the built server (node build/server.js, production mode) on a data
 * directory the spec controls, so a spec can kill it (-9 or SIGTERM), restart it on the same
 * DATA_DIR and look at the database files. Like scripts/e2e-server.mjs: rate limits on, one
 * trusted proxy hop (callers send X-Forwarded-For), a local fake live stream and now-playing.
 * Ports are picked free by the OS (as tests/e2e/support/player.ts does), so parallel workers
 * and other servers on the machine never collide. Started through ./app-server.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { upstreamEnv } from "../../../scripts/app-server.mjs";
import { favoritesIn, listenerIn, MY_DATA, ROOT_DATA } from "./route-data";
import { startAppServer, type AppServer, type Exit } from "./app-server";
import { clientAddress } from "./auth";

export const SESSION_SECRET = "e2e-durability-secret-0123456789abcdef";
export const DB_FILE = "hamradio.sqlite";

export type { Exit } from "./app-server";

export interface ServerProcess extends Omit<AppServer, "stop"> {
  /** SIGTERM and wait for the exit. */
  stop(): Promise<Exit>;
}

export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "hrs-e2e-durability-"));
}

let upstreams: Promise<{ origin: string; close(): void }> | null = null;
/** One fake streaming service per worker, shared by every server process it starts. */
function fakeUpstreams() {
  upstreams ??= (async () => {
    const { startFakeUpstreams } = (await import("../../../scripts/fakes/upstreams.mjs")) as {
      startFakeUpstreams(port: number): Promise<{ origin: string; close(): void }>;
    };
    return startFakeUpstreams(0);
  })();
  return upstreams;
}

/** The built server on `dataDir` (kept: the spec restarts on it and reads its files). */
export async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const upstream = (await fakeUpstreams()).origin;
  const server = await startAppServer(
    {
      SESSION_SECRET,
      ...upstreamEnv(upstream),
    },
    "durability",
    { dataDir },
  );
  return {
    ...server,
    async stop() {
      server.signal("SIGTERM");
      return server.exited;
    },
  };
}

/** A session's listener: the root data's user and restore, and their favorites from the data export (ADR 050). */
export interface RootData {
  user: { id: string } | null;
  favorites: string[];
  restore: { sync: { AudioSrc: string; AudioTitle: string; currentTime: number } | null } | null;
}

export async function rootData(origin: string, cookie: string): Promise<RootData> {
  const r = await fetch(origin + ROOT_DATA, { headers: { Cookie: cookie, "X-Forwarded-For": clientAddress() } });
  if (r.status !== 200) throw new Error(`${ROOT_DATA} answered ${r.status}`);
  const listener = await listenerIn(await r.text());
  const favorites = listener
    ? favoritesIn(
        await (
          await fetch(origin + MY_DATA, { headers: { Cookie: cookie, "X-Forwarded-For": clientAddress() } })
        ).text(),
      )
    : [];
  return { user: listener?.user ?? null, favorites, restore: listener?.restore ?? null };
}
