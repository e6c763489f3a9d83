/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run (each test file then
 * creates its own database in it, see ./postgres.ts). TEST_DATABASE_URL points at a server to
 * use instead; TEST_POSTGRES=off leaves PostgreSQL out of the run altogether.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** An admin URL of the server the tests may create databases on, or why there is none. */
    postgres: { url: string } | { error: string } | { off: true };
  }
}

/** Debian's server binaries, newest version first (15 or later). */
function serverBinaries(): string | undefined {
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES === "off") {
    project.provide("postgres", { off: true });
    return;
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgres", { url: process.env.TEST_DATABASE_URL });
    return;
  }
  const bin = serverBinaries();
  if (!bin) {
    project.provide("postgres", {
      error:
        "PostgreSQL 15+ server binaries not found under /usr/lib/postgresql/<version>/bin. " +
        "Install Debian's postgresql package, set TEST_DATABASE_URL to a server the tests may create databases on, " +
        "or set TEST_POSTGRES=off to leave PostgreSQL out.",
    });
    return;
  }
  // The server refuses to run as root: as root, everything runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : path.join(bin, cmd),
      asRoot ? ["-u", "postgres", "--", path.join(bin, cmd), ...args] : args,
      {
        stdio: "pipe",
      },
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-pg-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  run("pg_ctl", [
    "start",
    "-w",
    "-D",
    data,
    "-l",
    path.join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
  ]);
  project.provide("postgres", { url: `postgres://postgres@127.0.0.1:${port}/postgres` });
  return () => {
    try {
      run("pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
