/**
 * deploy/start-instances.sh as a supervisor, run on a copy whose build/server.js is a stand-in
 * that writes what happens to it (start, SIGHUP, SIGTERM) to a log: each instance is restarted
 * on its own, SIGHUP reaches every instance and the script outlives it, SIGTERM stops them all.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const STAND_IN = `
const fs = require("node:fs");
const note = (what) => fs.appendFileSync(process.env.LOG, what + " " + process.env.PORT + " " + process.pid + "\\n");
note("start");
process.on("SIGHUP", () => note("hup"));
process.on("SIGTERM", () => (note("term"), setTimeout(() => process.exit(0), 100)));
setInterval(() => {}, 1000);
`;

let script: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
  if (script?.pid && script.exitCode === null) process.kill(-script.pid, "SIGKILL");
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const events = (log: string) =>
  (fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [what, port, pid] = line.split(" ");
      return { what, port: Number(port), pid: Number(pid) };
    });

describe("deploy/start-instances.sh", () => {
  it("restarts only the instances that died, passes SIGHUP on to every instance and stops them all on SIGTERM", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-start-instances-"));
    fs.mkdirSync(path.join(dir, "deploy"));
    fs.mkdirSync(path.join(dir, "build"));
    fs.copyFileSync("deploy/start-instances.sh", path.join(dir, "deploy/start-instances.sh"));
    fs.writeFileSync(path.join(dir, "build/server.js"), STAND_IN);
    const log = path.join(dir, "events.log");
    script = spawn("bash", [path.join(dir, "deploy/start-instances.sh"), "2", "5001"], {
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        LOG: log,
        DATABASE_URL: "postgres://x",
        SESSION_SECRET: "s",
        SITE_URL: "https://listen.example.org",
        DATA_ROOT: dir,
      },
    });
    const exited = new Promise<number | null>((resolve) => script!.once("exit", (code) => resolve(code)));
    const wait = { timeout: 15_000, interval: 50 };

    await vi.waitFor(() => expect(events(log).filter((e) => e.what === "start")).toHaveLength(2), wait);
    const [a, b] = events(log).sort((x, y) => x.port - y.port);
    expect([a!.port, b!.port]).toEqual([5001, 5002]);

    process.kill(script.pid!, "SIGHUP");
    await vi.waitFor(() => expect(events(log).filter((e) => e.what === "hup")).toHaveLength(2), wait);
    expect(
      events(log)
        .filter((e) => e.what === "hup")
        .map((e) => e.pid),
    ).toEqual(expect.arrayContaining([a!.pid, b!.pid]));

    process.kill(a!.pid, "SIGKILL");
    await vi.waitFor(() => expect(events(log).filter((e) => e.what === "start")).toHaveLength(3), wait);
    const restarted = events(log).filter((e) => e.what === "start")[2]!;
    expect(restarted.port).toBe(5001);
    expect(restarted.pid).not.toBe(a!.pid);
    // The other instance was left alone: no signal but the SIGHUP, the same process.
    expect(events(log).filter((e) => e.port === 5002)).toEqual([b, { what: "hup", port: 5002, pid: b!.pid }]);
    expect(() => process.kill(b!.pid, 0)).not.toThrow();

    // Both at once (one dies while the other is being restarted): both come back.
    process.kill(restarted.pid, "SIGKILL");
    process.kill(b!.pid, "SIGKILL");
    await vi.waitFor(() => expect(events(log).filter((e) => e.what === "start")).toHaveLength(5), wait);
    const [c, d] = events(log)
      .filter((e) => e.what === "start")
      .slice(3)
      .sort((x, y) => x.port - y.port);
    expect([c!.port, d!.port]).toEqual([5001, 5002]);

    process.kill(script.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    const terms = events(log).filter((e) => e.what === "term");
    expect(terms.map((e) => e.pid).sort()).toEqual([c!.pid, d!.pid].sort());
  }, 30_000);
});
