// A throwaway PostgreSQL server from Debian's binaries: initdb into a temp dir, started on a free
// port (or a given one), removed at the end. The one helper for the unit suite's cluster
// (tests/support/postgres-cluster.ts), the scale-out e2e stack and the benchmarks (bench/lib.mjs).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const POSTGRES_MISSING =
  "PostgreSQL 15+ server binaries not found under /usr/lib/postgresql/<version>/bin. Install Debian's postgresql package";

/** For tests: nothing survives the run, so nothing waits on the disk; room for many pools. */
export const TEST_SETTINGS = {
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_connections: 300,
};

/**
 * Debian's server binaries, newest version first (15 or later).
 * @returns {string | undefined}
 */
export function postgresBinaries() {
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

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * @typedef {object} ThrowawayPostgres
 * @property {string} url The superuser's URL (trust authentication, loopback only).
 * @property {() => void} stop A clean, fast shutdown: sessions are cut off, as in a restart or a failover.
 * @property {() => void} start Starts it again on the same port and data; returns once it accepts connections.
 * @property {() => void} remove Stops it at once (if running) and removes its files. Synchronous, so an
 *   exit or signal handler can call it.
 */

/**
 * initdb + pg_ctl start; throws POSTGRES_MISSING without Debian's binaries. `settings` are server
 * options (`-c name=value`).
 * @param {{ port?: number, settings?: Record<string, string | number>, prefix?: string }} [options]
 * @returns {Promise<ThrowawayPostgres>}
 */
export async function startThrowawayPostgres({ port, settings = {}, prefix = "hrs-pg-" } = {}) {
  const bin = postgresBinaries();
  if (!bin) throw new Error(POSTGRES_MISSING);
  // The server refuses to run as root: as root, everything runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  /** @param {string} cmd @param {string[]} args */
  const run = (cmd, args) =>
    execFileSync(
      asRoot ? "runuser" : path.join(bin, cmd),
      asRoot ? ["-u", "postgres", "--", path.join(bin, cmd), ...args] : args,
      { stdio: "pipe" },
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const data = path.join(dir, "data");
  /** @param {string[]} args */
  const ctl = (args) => void run("pg_ctl", [...args, "-D", data]);
  const remove = () => {
    try {
      if (fs.existsSync(path.join(data, "postmaster.pid"))) ctl(["stop", "-m", "immediate"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
    const listenPort = port ?? (await freePort());
    const options = Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`);
    const start = () =>
      ctl([
        "start",
        "-w",
        "-l",
        path.join(dir, "server.log"),
        "-o",
        [`-p ${listenPort}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...options].join(" "),
      ]);
    run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    start();
    return {
      url: `postgres://postgres@127.0.0.1:${listenPort}/postgres`,
      stop: () => ctl(["stop", "-w", "-m", "fast"]),
      start,
      remove,
    };
  } catch (error) {
    try {
      remove();
    } catch {
      /* the first error is the one to report */
    }
    throw error;
  }
}
