/**
 * deploy/hamradio@.service as systemd reads it: `systemd-analyze verify` on an instance of the
 * template (it warns about any setting it would ignore), and the settings the deployment relies on.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const UNIT = "deploy/hamradio@.service";
const analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((p) => fs.existsSync(p));
const settings = (text: string) =>
  new Map(
    text
      .split("\n")
      .filter((line) => /^[A-Z]\w*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
  );

describe(UNIT, () => {
  it.skipIf(!analyze)("passes systemd-analyze verify without a warning", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-unit-"));
    try {
      const instance = path.join(dir, "hamradio@3001.service");
      fs.copyFileSync(UNIT, instance);
      const run = spawnSync(analyze!, ["verify", instance], { encoding: "utf8" });
      expect(`${run.stdout}${run.stderr}`).toBe("");
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("restarts each instance on its own, stops it gracefully and passes reload on as SIGHUP", () => {
    const unit = settings(fs.readFileSync(UNIT, "utf8"));
    expect(unit.get("Restart")).toBe("always");
    expect(unit.get("StartLimitIntervalSec")).toBe("0");
    expect(unit.get("ExecStart")).toMatch(/\bPORT=%i\b.*\bnode build\/server\.js$/);
    expect(unit.get("KillMode")).toBe("mixed");
    expect(unit.get("KillSignal")).toBe("SIGTERM");
    // Longer than the server's own 10 s drain (server.ts), so systemd never cuts it short.
    expect(Number(unit.get("TimeoutStopSec"))).toBeGreaterThan(10);
    expect(unit.get("ExecReload")).toBe("/bin/kill -HUP $MAINPID");
  });
});
