// npm run bench:wal: what a page view writes to PostgreSQL, as WAL bytes. Builds nothing: run `npm run build` first. One instance on a
// throwaway PostgreSQL cluster with the limits a deployment has (GET limits on, one proxy hop),
// each request from its own client address. Between two reads of pg_current_wal_lsn(): VIEWS
// anonymous views of home (render-cache hits), VIEWS signed-in views of home, and as long with no
// request at all (what the cluster writes by itself); then VIEWS progress writes, for scale.
// Prints a table and writes bench/results/wal-<timestamp>.json.
//   BENCH_WAL_VIEWS=2000 BENCH_PORT=3300 npm run bench:wal
import fs from "node:fs";
import pg from "pg";
import {
  assertBuilt,
  gitCommit,
  machine,
  signedInCookie,
  startBenchPostgres,
  startServer,
  startUpstreams,
  table,
} from "./lib.mjs";

assertBuilt();
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const VIEWS = Number(process.env.BENCH_WAL_VIEWS ?? 2000);
const CONCURRENCY = 16;

const database = await startBenchPostgres();
if (!database) throw new Error("PostgreSQL 15+ server binaries not found: apt-get install postgresql");
const upstreams = await startUpstreams(PORT + 1);
const server = await startServer({
  port: PORT,
  upstreamOrigin: upstreams.origin,
  productionLimits: true,
  env: { DATABASE_URL: database.url },
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const lsn = async () => (await db.query("SELECT pg_current_wal_lsn() AS at")).rows[0].at;
const walSince = async (from) =>
  Number((await db.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes", [from])).rows[0].bytes);

// A client address per request, as through a proxy (TRUST_PROXY_HOPS=1): no single address
// reaches its limit, and every one is counted.
let client = 0;
const address = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

async function run(count, request) {
  let next = 0;
  const statuses = new Map();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        const status = await request();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return Object.fromEntries(statuses);
}

async function measure(label, request) {
  const from = await lsn();
  const started = Date.now();
  const statuses = await run(VIEWS, request);
  const ms = Date.now() - started;
  const bytes = await walSince(from);
  return { label, requests: VIEWS, ms, statuses, walBytes: bytes, perRequest: Math.round((bytes / VIEWS) * 10) / 10 };
}

try {
  const listener = await signedInCookie(server.origin, { headers: { "X-Forwarded-For": address() } });
  const get = (headers) => async () => {
    const r = await fetch(`${server.origin}/`, {
      headers: { "Accept-Encoding": "gzip, deflate, br", "X-Forwarded-For": address(), ...headers },
    });
    await r.arrayBuffer();
    return r.status;
  };
  // Fill the render cache (anonymous page and listener template) and let the sign-in settle.
  for (let i = 0; i < 5; i++) {
    await get({})();
    await get({ Cookie: listener })();
  }
  await new Promise((r) => setTimeout(r, 1000));

  const rows = [];
  rows.push(await measure("home, anonymous (cache hit)", get({})));
  rows.push(await measure("home, signed in", get({ Cookie: listener })));
  const idleFrom = await lsn();
  await new Promise((r) => setTimeout(r, Math.max(...rows.map((r) => r.ms))));
  const idle = await walSince(idleFrom);
  rows.push({ label: "no request, as long", requests: 0, ms: Math.max(...rows.map((r) => r.ms)), walBytes: idle });
  const episode = (await (await fetch(`${server.origin}/?_data=routes/_index`)).json()).latest[0];
  let at = Date.now();
  rows.push(
    await measure("progress write (POST /api/progress)", async () => {
      const r = await fetch(`${server.origin}/api/progress`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Cookie: listener,
          Origin: server.origin,
          "X-Forwarded-For": address(),
        },
        body: JSON.stringify({
          AudioTitle: episode.title,
          AudioSrc: episode.audioUrl,
          Duration: episode.duration ?? 0,
          currentTime: 1,
          at: at++,
        }),
      });
      await r.arrayBuffer();
      return r.status;
    }),
  );

  console.log(
    `\nWAL written per request, ${VIEWS} requests each, ${CONCURRENCY} at once (PostgreSQL ${database.version})\n`,
  );
  console.log(
    table(rows, [
      { title: "requests", get: (r) => r.label },
      { title: "statuses", get: (r) => (r.statuses ? JSON.stringify(r.statuses) : "") },
      { title: "WAL bytes", get: (r) => r.walBytes },
      { title: "per request", get: (r) => r.perRequest ?? "" },
    ]),
  );
  const file = `bench/results/wal-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  fs.writeFileSync(file, JSON.stringify({ commit: gitCommit(), machine: machine(), views: VIEWS, rows }, null, 2));
  console.log(`\nwritten ${file}`);
} finally {
  await db.end();
  await server.stop?.();
  await database.stop();
  process.exit(0);
}
