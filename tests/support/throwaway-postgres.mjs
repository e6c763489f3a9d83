// A throwaway PostgreSQL cluster: initdb into a temp dir, started on a free port, removed on
// stop. Shared by the vitest global setup (./postgres-cluster.ts) and the benchmarks (bench/).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

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
function freePort() {
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
 * Starts a cluster with the binaries in `bin`; `settings` are server options (`-c name=value`).
 * `stop()` is synchronous, so an exit or signal handler can call it.
 * @param {{ bin: string, settings?: Record<string, string | number>, prefix?: string }} options
 * @returns {Promise<{ url: string, stop(): void }>} `url`: the postgres superuser's admin URL
 */
export async function startThrowawayPostgres({ bin, settings = {}, prefix = "hrs-pg-" }) {
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
  let started = false;
  const stop = () => {
    try {
      if (started) run("pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
    } finally {
      started = false;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
    const port = await freePort();
    run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    const options = Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`);
    started = true;
    run("pg_ctl", [
      "start",
      "-w",
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-o",
      [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...options].join(" "),
    ]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    try {
      stop();
    } catch {
      /* the first error is the one to report */
    }
    throw error;
  }
}
