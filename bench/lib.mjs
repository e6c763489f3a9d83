// Shared by the benchmark scripts: start the BUILT server (production mode, fresh data dir,
// rate limits off — or on, for `npm run load` — local fake upstreams), sign a listener up and
// in, run autocannon, start a throwaway PostgreSQL.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { launchServer, untilHealthy, upstreamEnv } from "../scripts/app-server.mjs";
import { startFakeUpstreams } from "../scripts/fakes/upstreams.mjs";
import { postgresBinaries, startThrowawayPostgres } from "../scripts/throwaway-postgres.mjs";

export const SECRET = "bench-session-secret-0123456789abcdef";

// Synchronous clean-ups (servers, data dirs, a PostgreSQL cluster) run however a script ends: done,
// an uncaught error, Ctrl-C or SIGTERM — so no server or cluster outlives the benchmark.
const cleanups = new Set();
function atExit(cleanup) {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
process.on("exit", () => {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (error) {
      console.error(`clean-up failed: ${error.message}`);
    }
  }
});
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
])
  process.once(signal, () => process.exit(code));

export function assertBuilt() {
  if (!fs.existsSync("build/server.js") || !fs.existsSync("build/index.js")) {
    console.error("No build found: run `npm run build` first (the benchmarks build nothing).");
    process.exit(1);
  }
}

export async function startUpstreams(port) {
  return startFakeUpstreams(port);
}

/** Fails unless nothing listens on 127.0.0.1:port (so we never measure someone else's server). */
export async function assertPortFree(port) {
  await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () =>
      reject(new Error(`port ${port} is in use: pick another with BENCH_PORT / SIZE_PORT / LIGHTHOUSE_PORT`)),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(resolve));
  });
}

/**
 * Starts build/server.js on `port` in production mode with a throwaway DATA_DIR (seeded from
 * `sampleDir`), rate limits off — or, with `productionLimits`, the rate limits at their defaults
 * and one trusted proxy hop (clients send X-Forwarded-For).
 * Resolves once /healthz answers.
 */
export async function startServer({
  port,
  upstreamOrigin,
  sampleDir,
  env = {},
  label = "server",
  productionLimits = false,
  workers = 1,
  root = ".",
}) {
  await assertPortFree(port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-bench-"));
  // The engine is the caller's choice: a DATABASE_URL in the shell would turn every server into
  // a PostgreSQL one.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => k !== "DATABASE_URL" && !(productionLimits && k.startsWith("RATE_LIMIT_")),
    ),
  );
  const limits = productionLimits
    ? { TRUST_PROXY_HOPS: "1" }
    : { RATE_LIMIT_AUTH_PER_MIN: "0", RATE_LIMIT_POST_PER_MIN: "0", RATE_LIMIT_GET_PER_MIN: "0" };
  const child = launchServer({
    entry: workers > 1 ? "bench/cluster-entry.mjs" : "build/server.js",
    cwd: root,
    port,
    dataDir,
    inherited,
    env: {
      ...(sampleDir ? { SAMPLE_DIR: sampleDir } : {}),
      SESSION_SECRET: SECRET,
      ...limits,
      ...upstreamEnv(upstreamOrigin),
      ...env,
      BENCH_WORKERS: String(workers),
    },
  });
  const forget = atExit(() => {
    child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  let stdout = "";
  let stderr = "";
  // Stdout only until it says where it listens: a long run would keep every line it prints.
  const onStdout = (d) => (stdout += d);
  child.stdout.on("data", onStdout);
  child.stderr.on("data", (d) => (stderr += d));
  const origin = await untilHealthy(child, { output: () => stdout + stderr, label, timeoutMs: 180_000 });
  child.stdout.off("data", onStdout);
  return {
    origin,
    pid: child.pid,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      forget();
    },
  };
}

/**
 * A fresh database for the PostgreSQL rows: on BENCH_DATABASE_URL's server (an admin URL: the
 * database is created and dropped), else in a throwaway cluster when Debian's server binaries (15+)
 * are installed. Null when neither, or with BENCH_POSTGRES=off. `stop()` drops the database or
 * removes the cluster.
 */
export async function startBenchPostgres() {
  if (process.env.BENCH_POSTGRES === "off") return null;
  let admin = process.env.BENCH_DATABASE_URL;
  let cluster;
  let forget = () => {};
  if (!admin) {
    if (!postgresBinaries()) return null;
    cluster = await startThrowawayPostgres({ prefix: "hrs-bench-pg-" });
    forget = atExit(cluster.remove);
    admin = cluster.url;
  }
  const name = `hrs_bench_${crypto.randomBytes(6).toString("hex")}`;
  const query = async (sql) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE ${name}`);
  const version = (await query("SHOW server_version"))[0].server_version;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    where: cluster ? "a throwaway cluster" : "BENCH_DATABASE_URL",
    async stop() {
      if (cluster) {
        cluster.remove();
        forget();
      } else await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Signs a new listener up and in through the forms; returns the session Cookie header. `headers`
 * go with every request (e.g. the listener's own X-Forwarded-For when rate limits are on).
 */
export async function signedInCookie(origin, { headers = {} } = {}) {
  const email = `bench-${Date.now()}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const password = "bench-password-123456";
  const form = (fields) => new URLSearchParams({ website: "", ...fields });
  const up = await fetch(`${origin}/signup`, {
    method: "POST",
    headers,
    body: form({ email, password }),
    redirect: "manual",
  });
  if (up.status !== 302 && up.status !== 303) throw new Error(`sign-up answered ${up.status}`);
  const inn = await fetch(`${origin}/signin`, {
    method: "POST",
    headers,
    body: form({ email, password, redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = inn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => /hrs_session=/.test(c));
  if (!cookie) throw new Error(`sign-in gave no session cookie (status ${inn.status})`);
  const check = await fetch(`${origin}/user`, { headers: { ...headers, Cookie: cookie }, redirect: "manual" });
  if (check.status !== 200) throw new Error(`the session cookie does not sign in (/user answered ${check.status})`);
  return cookie;
}

/** One autocannon run; returns the figures we print. */
/** The pages every throughput script measures, as real URLs of the running catalog: home, the
 * newest episode, a search for a word of its title, and its era's page. */
export async function benchPages(origin) {
  const home = await (await fetch(`${origin}/?_data=routes/_index`)).json();
  const episode = home.latest[0];
  const term = (episode.title.match(/[A-Za-z]{4,}/g) ?? ["radio"])[0].toLowerCase();
  return {
    home: "/",
    episode: `/episode?title=${encodeURIComponent(episode.title)}`,
    search: `/search?term=${encodeURIComponent(term)}`,
    era: `/era?station=${encodeURIComponent(episode.era ?? "MLR")}`,
  };
}

export async function load(url, { connections = 50, duration = 10, headers = {} } = {}) {
  const loadBefore = os.loadavg()[0];
  const r = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    non2xx: r.non2xx,
    requests: r.requests.total,
    throughputMBs: Math.round((r.throughput.average / 1e6) * 10) / 10,
    load1: Math.round(((loadBefore + os.loadavg()[0]) / 2) * 100) / 100,
  };
}

/**
 * The same run with wrk (C, Debian's package) when installed: autocannon turns every body into a
 * JavaScript string, a cost of its own that grows with the answer's size (past about 16 KB, 3× an
 * answer of 12 KB on this machine) and that no browser pays. One thread, so a core stays with the
 * server. Null when wrk is not installed.
 */
export async function wrkLoad(url, { connections = 50, duration = 10, headers = {} } = {}) {
  if (!hasWrk()) return null;
  const loadBefore = os.loadavg()[0];
  // Not execFileSync: the fake upstreams the server calls live in this process.
  const { stdout: out } = await execFileAsync(
    "wrk",
    [
      "-t1",
      `-c${connections}`,
      `-d${duration}s`,
      "--latency",
      ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
      url,
    ],
    { encoding: "utf8" },
  );
  const ms = (label) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\b`, "m").exec(out);
    if (!m) return NaN;
    const value = Number(m[1]);
    return m[2] === "us" ? value / 1000 : m[2] === "s" ? value * 1000 : value;
  };
  const count = (re) => Number(re.exec(out)?.[1] ?? 0);
  const requests = count(/(\d+) requests in/);
  const non2xx = count(/Non-2xx or 3xx responses: (\d+)/);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(out);
  const scale = { B: 1e-6, KB: 1e-3 * 1.024, MB: 1.048576, GB: 1073.741824 };
  return {
    reqPerSec: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1])),
    p50: Math.round(ms(50) * 10) / 10,
    p99: Math.round(ms(99) * 10) / 10,
    errors: non2xx + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
    non2xx,
    requests,
    throughputMBs: transfer ? Math.round(Number(transfer[1]) * scale[transfer[2]] * 10) / 10 : NaN,
    load1: Math.round(((loadBefore + os.loadavg()[0]) / 2) * 100) / 100,
  };
}

const execFileAsync = promisify(execFile);
let wrkInstalled;
export function hasWrk() {
  if (wrkInstalled === undefined) {
    try {
      execFileSync("wrk", ["--version"], { stdio: "ignore" });
      wrkInstalled = true;
    } catch (error) {
      // wrk --version prints its version and exits 1.
      wrkInstalled = error.status === 1;
    }
  }
  return wrkInstalled;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const git = (args, cwd = ".") => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

export function gitCommit() {
  try {
    // .git is a file in a worktree: ask git.
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "?",
    totalMemGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}

export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.title.length, ...rows.map((r) => String(c.get(r)).length)));
  const line = (cells) =>
    cells.map((c, i) => (columns[i].left ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [
    line(columns.map((c) => c.title)),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(columns.map((c) => c.get(r)))),
  ].join("\n");
}

/**
 * Another commit checked out and built in a temporary worktree, removed when the run ends; or the
 * directory of a checkout already built.
 */
export function checkoutBaseline(ref) {
  // A checkout built already (a commit whose own build no longer runs with today's install).
  if (fs.existsSync(path.join(ref, "build", "server.js"))) return { commit: git(["rev-parse", "HEAD"], ref), dir: ref };
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-base-"));
  fs.rmdirSync(dir);
  git(["worktree", "add", "--detach", dir, commit]);
  process.on("exit", () => {
    try {
      git(["worktree", "remove", "--force", dir]);
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  // The same lock file and patches make the same node_modules: share this checkout's.
  let same = true;
  try {
    git(["diff", "--quiet", commit, "HEAD", "--", "package-lock.json", "patches", ".npmrc"]);
  } catch {
    same = false;
  }
  if (same) {
    fs.symlinkSync(fs.realpathSync("node_modules"), path.join(dir, "node_modules"));
  } else {
    console.log(`${commit.slice(0, 7)}: its package-lock or patches differ; npm ci there…`);
    run("npm", ["ci", "--no-audit", "--no-fund"]);
  }
  console.log(`${commit.slice(0, 7)}: building in ${dir}…`);
  run("npm", ["run", "build"]);
  return { commit, dir };
}
