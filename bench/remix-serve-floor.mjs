// The remix-serve "framework floor": the trivial Remix v2 page of bench/floor-app (stock root,
// `<h1>floor</h1>`, no loader) and a resource route (a tiny HTML Response), served by the stock
// `remix-serve` (@remix-run/serve, express + compression + morgan) in production mode: the
// floor `npm run bench` compares every page with.
//
//   import { startRemixServeFloor } from "./remix-serve-floor.mjs";
//   const floor = await startRemixServeFloor(4700); // { origin, pagePath, resourcePath, stop }
//
// Run directly, it measures both paths with autocannon (50 connections, warm-up, then a timed run):
//   node bench/remix-serve-floor.mjs            FLOOR_PORT=4700 FLOOR_WARMUP=3 FLOOR_DURATION=10
//
// The floor app is built on its own (`remix build` run in bench/floor-app), into
// bench/floor-app/build and bench/floor-app/public/build, whenever that build is missing or older
// than the app's sources; the project's own build/ and public/build/ are never touched.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assertPortFree, load } from "./lib.mjs";

const require = createRequire(import.meta.url);
const FLOOR_DIR = fileURLToPath(new URL("./floor-app/", import.meta.url));
const SERVER_BUILD = path.join(FLOOR_DIR, "build", "index.js");
const REMIX_CLI = path.join(path.dirname(require.resolve("@remix-run/dev/package.json")), "dist", "cli.js");
const REMIX_SERVE_CLI = path.join(path.dirname(require.resolve("@remix-run/serve/package.json")), "dist", "cli.js");

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

function needsBuild() {
  if (!fs.existsSync(SERVER_BUILD) || !fs.existsSync(path.join(FLOOR_DIR, "public", "build"))) return true;
  const sources = ["app", "remix.config.js", "package.json"].map((p) => newestMtime(path.join(FLOOR_DIR, p)));
  return Math.max(...sources) > fs.statSync(SERVER_BUILD).mtimeMs;
}

/** Builds bench/floor-app if needed; quiet unless the build fails. */
export async function buildFloorApp({ force = false } = {}) {
  if (!force && !needsBuild()) return false;
  const child = spawn(process.execPath, [REMIX_CLI, "build"], {
    cwd: FLOOR_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0 || !fs.existsSync(SERVER_BUILD))
    throw new Error(`remix build of bench/floor-app failed (${code}):\n${output}`);
  return true;
}

/**
 * Starts `remix-serve build/index.js` for bench/floor-app (built first if needed) on
 * 127.0.0.1:port with NODE_ENV=production. remix-serve reads PORT and HOST from the environment
 * and serves public/ relative to its working directory, so it runs in bench/floor-app. Resolves
 * once the resource route answers.
 */
export async function startRemixServeFloor(port) {
  await assertPortFree(port);
  await buildFloorApp();
  const child = spawn(process.execPath, [REMIX_SERVE_CLI, "build/index.js"], {
    cwd: FLOOR_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
  });
  // morgan logs every request on stdout: drain it (pipes are synchronous on Linux, a full one
  // would stall the server). Keep only the tail of stderr for error messages.
  child.stdout.resume();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-8000)));
  const exited = new Promise((resolve) => child.once("exit", resolve));

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`remix-serve exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
    try {
      const r = await fetch(`${origin}/resource`);
      await r.arrayBuffer();
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`remix-serve did not answer on ${origin} within 30 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    origin,
    pagePath: "/",
    resourcePath: "/resource",
    pid: child.pid,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // remix-serve's SIGTERM handler closes the server, which then waits out open keep-alive
        // connections (5 s); nothing here needs a graceful end, so kill it after a short grace.
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 1000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const port = Number(process.env.FLOOR_PORT ?? 4700);
  const warmup = Number(process.env.FLOOR_WARMUP ?? 3);
  const duration = Number(process.env.FLOOR_DURATION ?? 10);
  const connections = 50;
  const floor = await startRemixServeFloor(port);
  try {
    console.log(
      `remix-serve floor on ${floor.origin} (pid ${floor.pid}), ${os.cpus().length} CPUs, node ${process.version}`,
    );
    for (const [name, p] of [
      ["trivial page", floor.pagePath],
      ["resource route", floor.resourcePath],
    ]) {
      const sample = await fetch(floor.origin + p, { headers: { "Accept-Encoding": "identity" } });
      const bytes = (await sample.arrayBuffer()).byteLength;
      if (warmup > 0) await load(floor.origin + p, { connections, duration: warmup });
      const m = await load(floor.origin + p, { connections, duration });
      console.log(
        `${name.padEnd(14)} ${p.padEnd(10)} ${String(m.reqPerSec).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ` +
          `errors ${m.errors}  ${bytes} B  load1 ${m.load1}`,
      );
    }
  } finally {
    await floor.stop();
  }
}
