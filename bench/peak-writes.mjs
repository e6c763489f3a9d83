// npm run peak:writes — the most progress writes a second the deployment of deploy/ takes: wrk
// (C, so the load generator takes little of the cores) posts the player's JSON write through
// nginx's TLS to 2 instances over a throwaway PostgreSQL, for PEAK_WRITES_DURATION s with
// PEAK_WRITES_CONNECTIONS connections, each write from a listener of PEAK_LISTENERS and a client
// address of 4,096. Prints writes/s, latency, non-2xx answers and the CPU per write of the app,
// PostgreSQL and nginx (from /proc/<pid>/stat before and after). Writes
// bench/results/peak-writes-<timestamp>.json. PEAK_PROFILE=<dir> runs the instances under
// `node --cpu-prof` and leaves their profiles there.
//   npm run build && PEAK_PORT=4600 npm run peak:writes
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertBuilt, gitCommit, machine } from "./lib.mjs";
import { signUpListeners, progressBody } from "./peak-lib.mjs";
import { startStack } from "./stack.mjs";

assertBuilt();
const BASE = Number(process.env.PEAK_PORT ?? 4600);
const DURATION = Number(process.env.PEAK_WRITES_DURATION ?? 20);
const CONNECTIONS = Number(process.env.PEAK_WRITES_CONNECTIONS ?? 48);
const LISTENERS = Number(process.env.PEAK_LISTENERS ?? 100);
const PROFILE = process.env.PEAK_PROFILE;

const stack = await startStack({
  base: BASE,
  env: PROFILE
    ? { NODE_OPTIONS: `--import=${path.resolve("bench/cpu-profile.mjs")}`, CPU_PROFILE_DIR: path.resolve(PROFILE) }
    : {},
});
try {
  const { cookies, episodes } = await signUpListeners(stack.instances[0], LISTENERS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-wrk-"));
  const bodies = Array.from({ length: 64 }, () => progressBody(episodes));
  const script = path.join(dir, "writes.lua");
  fs.writeFileSync(
    script,
    `local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(", ")} }
local bodies = { ${bodies.map((b) => `[==[${b}]==]`).join(", ")} }
local n = 0
request = function()
  n = n + 1
  local i = math.random(1, 4096)
  local headers = {
    ["Content-Type"] = "application/json",
    ["Origin"] = "${stack.site}",
    ["Cookie"] = cookies[(n % #cookies) + 1],
    ["X-Forwarded-For"] = "10.64." .. math.floor(i / 256) .. "." .. (i % 256),
  }
  return wrk.format("POST", "/api/progress", headers, bodies[(n % #bodies) + 1])
end
done = function(summary, latency, requests)
  io.write("JSON" .. string.format('{"p50":%d,"p99":%d,"requests":%d,"non2xx":%d,"errors":%d}',
    latency:percentile(50), latency:percentile(99), summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout) .. "\\n")
end
`,
  );
  const wrk = (seconds) =>
    execFileSync("wrk", ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", script, stack.site], {
      encoding: "utf8",
      maxBuffer: 1 << 24,
    });
  process.stdout.write("warm-up 3 s… ");
  wrk(3);
  console.log("done");
  const loadBefore = os.loadavg();
  const uptimeBefore = execFileSync("uptime", { encoding: "utf8" }).trim();
  const before = stack.cpu();
  const out = wrk(DURATION);
  const after = stack.cpu();
  const loadAfter = os.loadavg();
  const r = JSON.parse(/JSON(.*)/.exec(out)[1]);
  const writesPerSec = r.requests / DURATION;
  const ms = (k) => Math.round(((after[k] - before[k]) * 1000 * 100) / r.requests) / 100;
  const cpuMs = { app: ms("app"), postgres: ms("postgres"), nginx: ms("nginx") };
  const bound = Math.round((os.cpus().length * 1000) / (cpuMs.app + cpuMs.postgres + cpuMs.nginx));
  console.log(
    `\n${Math.round(writesPerSec)} writes/s (${r.requests} in ${DURATION} s, ${CONNECTIONS} connections), ` +
      `p50 ${(r.p50 / 1000).toFixed(1)} ms, p99 ${(r.p99 / 1000).toFixed(1)} ms, ${r.non2xx} non-2xx, ${r.errors} socket errors\n` +
      `CPU per write: app ${cpuMs.app} ms, PostgreSQL ${cpuMs.postgres} ms, nginx ${cpuMs.nginx} ms ` +
      `→ at most ${bound} writes/s on ${os.cpus().length} cores with nothing else running\n` +
      `load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after (${uptimeBefore})`,
  );
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join("bench", "results", `peak-writes-${stamp}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        command: "npm run peak:writes",
        commit: gitCommit(),
        machine: machine(),
        uptime: uptimeBefore,
        loadavgBefore: loadBefore,
        loadavgAfter: loadAfter,
        config: { durationS: DURATION, connections: CONNECTIONS, listeners: LISTENERS, instances: 2 },
        writesPerSec: Math.round(writesPerSec),
        latencyMs: { p50: r.p50 / 1000, p99: r.p99 / 1000 },
        non2xx: r.non2xx,
        socketErrors: r.errors,
        cpuMsPerWrite: cpuMs,
        boundWritesPerSec: bound,
      },
      null,
      2,
    ),
  );
  console.log(`wrote ${file}`);
  fs.rmSync(dir, { recursive: true, force: true });
} finally {
  await stack.stop();
}
