/**
 * Private copies of the built server for the fault specs (a remote service down, slow or sending
 * junk; ADRs 002 and 013).
 *
 * The shared e2e server cannot be used for these: switching its remote services to fail would
 * break the specs running next to them in the other worker. Each private server runs
 * `build/server.js` as in production (NODE_ENV=production, own throwaway DATA_DIR, rate limits on,
 * one trusted proxy hop) on a port the system picks; its fakes run in this test process, so a
 * test switches them directly:
 * - the remote stack: Supabase and both WordPress sources (scripts/fakes/remote-services.mjs), the
 *   Firebase fake (scripts/fakes/firebase.mjs) and the streaming service
 *   (scripts/fakes/upstreams.mjs) — every remote call of the production code path;
 * - a now-playing server: the embedded catalog and its own streaming service only.
 * Servers start through ./app-server.ts.
 */
import { startAppServer, type AppServer, type Mode } from "./app-server";
import { upstreamEnv } from "../../../scripts/app-server.mjs";

const INVALIDATED = "SIGHUP: cached reads dropped";

export { startAppServer, startNowPlayingServer, type AppServer, type Mode, type NowPlayingServer } from "./app-server";
export type RemoteService = "supabase" | "content" | "gallery";

interface RecordedRequest {
  service: string;
  method: string;
  path: string;
  at: number;
}
interface RemoteFake {
  origin: string;
  env: Record<string, string>;
  requests: RecordedRequest[];
  setMode(service: RemoteService, mode: Mode): void;
  reset(): void;
  close(): Promise<void>;
}
interface FirebaseFake {
  env: Record<string, string>;
  requests: RecordedRequest[];
  setMode(service: "auth" | "rtdb", mode: Mode): void;
  reset(): void;
  close(): Promise<void>;
}
interface Upstreams {
  origin: string;
  close(): void;
}

export interface RemoteStack {
  origin: string;
  server: AppServer;
  remote: RemoteFake;
  firebase: FirebaseFake;
  /** The streaming service's origin (GET /__mode?mode=…, GET /__stats). */
  upstream: string;
  /** Every fake back to "ok" (the request logs are kept). */
  allOk(): Promise<void>;
  /**
   * Makes every cached read stale (kept as the last good copy) and drops the rendered pages, as
   * `kill -HUP` does in production; resolves once the server has done it (a page it had cached
   * is rendered again).
   */
  invalidate(): Promise<void>;
  stop(): Promise<void>;
}

/** The production code path: every remote adapter against local fakes. */
export async function startRemoteStack(): Promise<RemoteStack> {
  const { startRemoteServices } = (await import("../../../scripts/fakes/remote-services.mjs")) as {
    startRemoteServices(o: { port: number }): Promise<RemoteFake>;
  };
  const { startFirebaseFake } = (await import("../../../scripts/fakes/firebase.mjs")) as {
    startFirebaseFake(o: { port: number }): Promise<FirebaseFake>;
  };
  const { startFakeUpstreams } = (await import("../../../scripts/fakes/upstreams.mjs")) as {
    startFakeUpstreams(port: number): Promise<Upstreams>;
  };
  const [remote, firebase, upstreams] = await Promise.all([
    startRemoteServices({ port: 0 }),
    startFirebaseFake({ port: 0 }),
    startFakeUpstreams(0),
  ]);
  let server: AppServer;
  try {
    server = await startAppServer(
      {
        ...upstreamEnv(upstreams.origin),
        ...remote.env,
        ...firebase.env,
      },
      "faults",
    );
  } catch (error) {
    await Promise.all([remote.close(), firebase.close()]);
    upstreams.close();
    throw error;
  }
  return {
    origin: server.origin,
    server,
    remote,
    firebase,
    upstream: upstreams.origin,
    async allOk() {
      for (const s of ["supabase", "content", "gallery"] as const) remote.setMode(s, "ok");
      firebase.setMode("auth", "ok");
      firebase.setMode("rtdb", "ok");
      await fetch(`${upstreams.origin}/__mode?mode=ok`);
    },
    async invalidate() {
      // The server says so once it has dropped its cached reads.
      const said = () => server.output().split(INVALIDATED).length;
      const before = said();
      server.signal("SIGHUP");
      const deadline = Date.now() + 10_000;
      while (said() === before) {
        if (Date.now() > deadline) throw new Error("the server did not act on SIGHUP");
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      await server.stop();
      await Promise.all([remote.close(), firebase.close()]);
      upstreams.close();
    },
  };
}
