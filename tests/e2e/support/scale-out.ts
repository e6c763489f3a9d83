/**
 * The scale-out deployment of deploy/ as shipped, on this machine: a throwaway PostgreSQL, two
 * app instances supervised by deploy/start-instances.sh (each with its own DATA_DIR), and Debian's
 * nginx running deploy/nginx.conf with only its ports, paths and certificate swapped for local
 * ones (a self-signed certificate for 127.0.0.1). Everything is removed on stop.
 *
 * Ports from `base` (the project's baseURL port): nginx HTTPS base, nginx HTTP base+1, the
 * instances base+2 and base+3, PostgreSQL base+4.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { upstreamEnv } from "../../../scripts/app-server.mjs";
import { localNginxMain, localNginxSite, localNginxStream, NGINX_STREAM_MODULE } from "../../../scripts/nginx-site.mjs";
import { startThrowawayPostgres, TEST_SETTINGS, type ThrowawayPostgres } from "../../../scripts/throwaway-postgres.mjs";

export const INSTANCES = 2;
/** The sign-in tier of every instance: small, so the spec can use it up. */
export const AUTH_LIMIT_PER_MIN = 10;

export interface ScaleOutStack {
  /** nginx over TLS: what listeners use. */
  site: string;
  /** nginx over plain HTTP (redirects to HTTPS). */
  plainSite: string;
  /** Each instance directly, in the order of the upstream block. */
  instances: string[];
  dataDirs: string[];
  /** The process of each instance now, in the order of `instances` (a restart changes it). */
  instancePids(): number[];
  postgres: Pick<ThrowawayPostgres, "stop" | "start">;
  /** nginx's access log so far (the shipped log format: one line per request, with upstream=). */
  accessLog(): string;
  /** nginx's error log so far ("[warn]" and worse). */
  errorLog(): string;
  /** What the instances and nginx printed so far. */
  logs(): string;
  stop(): Promise<void>;
}

const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"];
const NGINX_MISSING = "nginx not found (/usr/sbin/nginx): install Debian's nginx package (apt-get install nginx)";

/** Waits for `ready`; fails at once when the process behind it has exited. */
async function until(what: string, child: ChildProcess, ready: () => Promise<boolean>, output: () => string) {
  const deadline = Date.now() + 45_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not come up:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

/** Stops a process group this module started: SIGTERM, then SIGKILL after `graceMs`. */
async function stopGroup(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Gone already.
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** The child of the supervising script that serves `port` (its PORT variable), or 0 if none does. */
function instancePid(supervisor: number, port: number): number {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent !== supervisor) continue;
      const env = fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (env.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // Gone while looked at.
    }
  }
  return 0;
}

const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

function collect(child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (d) => (output += String(d)));
  child.stderr?.on("data", (d) => (output += String(d)));
  return () => output;
}

export async function startScaleOutStack(base: number): Promise<ScaleOutStack> {
  const nginx = NGINX.find((p) => fs.existsSync(p));
  if (!nginx) throw new Error(NGINX_MISSING);
  if (!fs.existsSync(NGINX_STREAM_MODULE))
    throw new Error(`${NGINX_STREAM_MODULE} not found: install Debian's libnginx-mod-stream package`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-scale-out-"));
  const ports = { https: base, http: base + 1, instances: [base + 2, base + 3], postgres: base + 4 };
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const postgres = await startThrowawayPostgres({ port: ports.postgres, settings: TEST_SETTINGS });
    cleanups.push(() => postgres.remove());

    const { startFakeUpstreams } = (await import("../../../scripts/fakes/upstreams.mjs")) as {
      startFakeUpstreams(port: number): Promise<{ origin: string; close(): void }>;
    };
    const upstreams = await startFakeUpstreams(0);
    cleanups.push(() => upstreams.close());

    // The instances, as deploy/README.md starts them, plus what every e2e server sets.
    const dataRoot = path.join(dir, "instances");
    const instances = spawn("bash", ["deploy/start-instances.sh", String(INSTANCES), String(ports.instances[0])], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        SESSION_SECRET: "scale-out-session-secret-0123456789abcdef",
        SITE_URL: `https://127.0.0.1:${ports.https}`,
        DATA_ROOT: dataRoot,
        RATE_LIMIT_AUTH_PER_MIN: String(AUTH_LIMIT_PER_MIN),
        ...upstreamEnv(upstreams.origin),
      },
    });
    const instanceOutput = collect(instances);
    cleanups.push(() => stopGroup(instances));
    const origins = ports.instances.map((p) => `http://127.0.0.1:${p}`);
    for (const origin of origins) {
      await until(
        `deploy/start-instances.sh (${origin})`,
        instances,
        async () => (await fetch(`${origin}/healthz`)).ok,
        instanceOutput,
      );
    }

    // nginx: the shipped site inside a main configuration that keeps everything in `dir`.
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
        ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        ...["-keyout", path.join(dir, "site.key"), "-out", path.join(dir, "site.pem")],
      ],
      { stdio: "pipe" },
    );
    const accessLog = path.join(dir, "access.log");
    const errorLog = path.join(dir, "error.log");
    const site = localNginxSite(fs.readFileSync("deploy/nginx.conf", "utf8"), ports, {
      certificate: path.join(dir, "site.pem"),
      key: path.join(dir, "site.key"),
      accessLog,
      cache: path.join(dir, "cache"),
      publicDir: path.resolve("public"),
      sockets: dir,
    });
    fs.writeFileSync(path.join(dir, "site.conf"), site);
    const stream = localNginxStream(fs.readFileSync("deploy/nginx-stream.conf", "utf8"), ports, { sockets: dir });
    fs.writeFileSync(path.join(dir, "stream.conf"), stream);
    fs.writeFileSync(path.join(dir, "nginx.conf"), localNginxMain(dir, errorLog));
    const proxy = spawn(nginx, ["-p", dir, "-e", errorLog, "-c", path.join(dir, "nginx.conf")], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const proxyOutput = collect(proxy);
    const nginxOutput = () => `${proxyOutput()}${read(errorLog)}`;
    cleanups.push(() => stopGroup(proxy));
    await until("nginx", proxy, async () => (await accepts(ports.https)) && accepts(ports.http), nginxOutput);

    return {
      site: `https://127.0.0.1:${ports.https}`,
      plainSite: `http://127.0.0.1:${ports.http}`,
      instances: origins,
      dataDirs: ports.instances.map((p) => path.join(dataRoot, String(p))),
      instancePids: () => ports.instances.map((port) => instancePid(instances.pid!, port)),
      postgres,
      accessLog: () => read(accessLog),
      errorLog: () => read(errorLog),
      logs: () => `== instances\n${instanceOutput()}\n== nginx\n${nginxOutput()}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
