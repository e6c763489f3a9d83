// The deployment of deploy/ on this machine, for the peak benchmarks: a throwaway PostgreSQL,
// COUNT instances supervised by deploy/start-instances.sh and Debian's nginx running
// deploy/nginx.conf with only its ports, paths and certificate swapped (a self-signed one for
// 127.0.0.1). The instances trust two hops (TRUST_PROXY_HOPS=2, as behind a CDN), so the load
// generator can speak for many client addresses through X-Forwarded-For. Everything is removed
// when the script ends, however it ends. CPU of each part is read from /proc/<pid>/stat.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { assertPortFree, SECRET, startUpstreams } from "./lib.mjs";
import { localNginxMain, localNginxSite, localNginxStream } from "../scripts/nginx-site.mjs";
import { upstreamEnv } from "../scripts/app-server.mjs";
import { postgresBinaries, startThrowawayPostgres } from "../scripts/throwaway-postgres.mjs";

const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => fs.existsSync(p));
const TICKS = 100; // USER_HZ on Linux

// One list per stack: a run may hold two stacks (a commit and its baseline) and stop them apart.
const stacks = new Set();
const runAll = (cleanups) => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(`clean-up failed: ${error.message}`);
    }
  }
};
process.on("exit", () => {
  for (const cleanups of stacks) runAll(cleanups);
});

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

async function until(what, child, ready, output) {
  const deadline = Date.now() + 120_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not come up:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stat = (pid) => {
  const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // utime, stime, cutime, cstime are fields 14–17 (1-based), here 11–14 after the name.
  return { ppid: Number(fields[1]), cpu: fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) };
};
const children = (pid) => {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ").filter(Boolean))
      .map(Number);
  } catch {
    return [];
  }
};
/**
 * CPU seconds a process and its descendants used so far: their own time, their threads', and
 * that of the children they have reaped (cutime/cstime).
 */
export function treeCpu(pid) {
  try {
    return stat(pid).cpu / TICKS + children(pid).reduce((n, c) => n + treeCpu(c), 0);
  } catch {
    return 0; // gone meanwhile
  }
}

/** The postmaster serving `port` (its command line names the port). */
function postmasterOf(port) {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      // pg_ctl passes "-p <free port> … -c port=<ours>": the last one wins.
      if (/\/postgres$/.test(cmd[0]) && cmd.includes(`port=${port}`)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no postmaster found on port ${port}`);
}

/** The process of `pids` whose environment says PORT=`port` (an instance of start-instances.sh). */
export function pidOfPort(pids, port) {
  return pids.find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`PORT=${port}`);
    } catch {
      return false;
    }
  });
}

/**
 * Starts the stack on ports from `base`: nginx HTTPS base, HTTP base+1, the instances base+2…,
 * the fake upstreams base+10, PostgreSQL base+11. `env`: more variables for the instances.
 * `root`: the checkout whose build, deploy/ and public/ run (another commit's, for a baseline).
 * `postgresSettings`: more server options for the cluster.
 */
export async function startStack({ base, count = 2, env = {}, root = ".", postgresSettings = {} }) {
  if (!NGINX) throw new Error("nginx not found (/usr/sbin/nginx): apt-get install nginx");
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL 15+ server binaries not found: apt-get install postgresql");
  const ports = {
    https: base,
    http: base + 1,
    instances: Array.from({ length: count }, (_, i) => base + 2 + i),
    upstreams: base + 10,
    postgres: base + 11,
  };
  for (const p of [ports.https, ports.http, ...ports.instances, ports.upstreams, ports.postgres])
    await assertPortFree(p);
  const cleanups = [];
  stacks.add(cleanups);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-peak-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));

  // PostgreSQL's defaults (durable commits), on our port.
  const cluster = await startThrowawayPostgres({
    bin,
    prefix: "hrs-peak-pg-",
    settings: { port: ports.postgres, ...postgresSettings },
  });
  cleanups.push(cluster.remove);
  const admin = new URL(cluster.url);
  admin.port = String(ports.postgres);
  const postmaster = postmasterOf(ports.postgres);

  const upstreams = await startUpstreams(ports.upstreams);
  cleanups.push(() => upstreams.close());

  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|RATE_LIMIT_|PORT$|DATA_DIR$)/.test(k)),
  );
  const instances = spawn(
    "bash",
    [path.join(root, "deploy/start-instances.sh"), String(count), String(ports.instances[0])],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...inherited,
        DATABASE_URL: admin.toString(),
        SESSION_SECRET: SECRET,
        SITE_URL: `https://127.0.0.1:${ports.https}`,
        DATA_ROOT: path.join(dir, "instances"),
        TRUST_PROXY_HOPS: "2",
        ...upstreamEnv(upstreams.origin),
        ...env,
      },
    },
  );
  let output = "";
  instances.stdout.on("data", (d) => (output += d));
  instances.stderr.on("data", (d) => (output += d));
  const stopGroup = (child) => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // gone
    }
  };
  cleanups.push(() => stopGroup(instances));
  const origins = ports.instances.map((p) => `http://127.0.0.1:${p}`);
  for (const origin of origins)
    await until(
      origin,
      instances,
      async () => (await fetch(`${origin}/healthz`)).ok,
      () => output,
    );

  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", path.join(dir, "site.key"), "-out", path.join(dir, "site.pem")],
    ],
    { stdio: "pipe" },
  );
  const errorLog = path.join(dir, "error.log");
  fs.writeFileSync(
    path.join(dir, "site.conf"),
    // No access log: a line per request would be the disk's load, not nginx's. The load generator
    // is one address standing for thousands of listeners: the cap per address (64 requests at
    // once) would refuse it, not them.
    localNginxSite(
      fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"),
      ports,
      {
        certificate: path.join(dir, "site.pem"),
        key: path.join(dir, "site.key"),
        cache: path.join(dir, "cache"),
        publicDir: path.resolve(root, "public"),
        sockets: dir,
      },
      { connectionsPerAddress: 4096 },
    ),
  );
  fs.writeFileSync(
    path.join(dir, "stream.conf"),
    localNginxStream(
      fs.readFileSync("deploy/nginx-stream.conf", "utf8"),
      ports,
      { sockets: dir },
      {
        connectionsPerAddress: 4096,
      },
    ),
  );
  fs.writeFileSync(path.join(dir, "nginx.conf"), localNginxMain(dir, errorLog, { tuned: true }));
  const proxy = spawn(NGINX, ["-p", dir, "-e", errorLog, "-c", path.join(dir, "nginx.conf")], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  proxy.stderr.on("data", (d) => (output += d));
  cleanups.push(() => stopGroup(proxy));
  await until(
    "nginx",
    proxy,
    () => accepts(ports.https),
    () => output + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""),
  );

  // The script's own children are the instances and the `sleep` of its supervising loop.
  const isInstance = (pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("build/server.js");
    } catch {
      return false;
    }
  };
  const instancePids = () => children(instances.pid).filter((c) => c !== instances.pid && isInstance(c));
  return {
    site: `https://127.0.0.1:${ports.https}`,
    instances: origins,
    postgresUrl: admin.toString(),
    instancePids,
    /** CPU seconds used so far by the app instances (in all and each), PostgreSQL and nginx (each with its children). */
    cpu: () => {
      const each = instancePids().map(treeCpu);
      return {
        app: each.reduce((n, s) => n + s, 0),
        appEach: each,
        postgres: treeCpu(postmaster),
        nginx: treeCpu(proxy.pid),
      };
    },
    output: () => output,
    async stop() {
      stopGroup(proxy);
      stopGroup(instances);
      await new Promise((resolve) => (instances.exitCode !== null ? resolve() : instances.once("exit", resolve)));
      runAll(cleanups);
      stacks.delete(cleanups);
    },
  };
}
