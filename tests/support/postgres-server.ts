/**
 * A throwaway PostgreSQL server from Debian's binaries, in a temp directory: the unit suite's
 * cluster (./postgres-cluster.ts) and the scale-out e2e stack (tests/e2e/support/scale-out.ts).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const POSTGRES_MISSING =
  "PostgreSQL 15+ server binaries not found under /usr/lib/postgresql/<version>/bin. Install Debian's postgresql package";

/** Debian's server binaries, newest version first (15 or later). */
export function serverBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map(Number)
        .filter((v) => v >= 15)
    : [];
  return versions
    .sort((a, b) => b - a)
    .map((v) => path.join(root, String(v), "bin"))
    .find((dir) => fs.existsSync(path.join(dir, "initdb")));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresServer {
  /** The superuser's URL (trust authentication, loopback only). */
  url: string;
  /** A clean, fast shutdown: sessions are cut off, as in a restart or a failover. */
  stop(): void;
  /** Starts it again on the same port and data; returns once it accepts connections. */
  start(): void;
  /** Stops it at once (if running) and removes its files. */
  remove(): void;
}

/** initdb + pg_ctl start on `port` (a free one when not given); throws POSTGRES_MISSING without binaries. */
export async function startPostgresServer(port?: number): Promise<PostgresServer> {
  const bin = serverBinaries();
  if (!bin) throw new Error(POSTGRES_MISSING);
  // The server refuses to run as root: as root, everything runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : path.join(bin, cmd),
      asRoot ? ["-u", "postgres", "--", path.join(bin, cmd), ...args] : args,
      { stdio: "pipe" },
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-pg-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const listenPort = port ?? (await freePort());
  const ctl = (args: string[]) => void run("pg_ctl", [...args, "-D", data]);
  const start = () =>
    ctl([
      "start",
      "-w",
      "-l",
      path.join(dir, "server.log"),
      "-o",
      `-p ${listenPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    ]);
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${listenPort}/postgres`,
    stop: () => ctl(["stop", "-w", "-m", "fast"]),
    start,
    remove() {
      try {
        if (fs.existsSync(path.join(data, "postmaster.pid"))) ctl(["stop", "-m", "immediate"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
