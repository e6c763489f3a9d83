// The built server as BENCH_WORKERS node:cluster workers sharing one port, for `LOAD_WORKERS=2
// npm run load`: a measurement of what a process per core gives on this machine, not a way to
// deploy (deploy/ runs one instance per core behind nginx over PostgreSQL, where rate limits and
// cache invalidation are shared; here each worker counts and caches on its own).
import cluster from "node:cluster";
import { once } from "node:events";
import path from "node:path";
import { pathToFileURL } from "node:url";

if (cluster.isPrimary) {
  const workers = Math.max(1, Number(process.env.BENCH_WORKERS ?? 2));
  // One at a time: the first creates and migrates the embedded database.
  for (let i = 0; i < workers; i++) await once(cluster.fork(), "listening");
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  }
} else {
  await import(pathToFileURL(path.resolve("build/server.js")).href);
}
