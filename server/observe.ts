import { randomUUID, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { pino, type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import pretty from "pino-pretty";
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from "prom-client";
import { matchRoutes, type RouteObject } from "react-router-dom";

/**
 * What an operator sees (ADR 061): one pino line per request (its id, route, status and time)
 * and the HTTP layer's Prometheus metrics, served with the app's (app/services/metrics.server.ts,
 * on prom-client's one default registry) on a port of their own, never the site's.
 */
export interface ObserveEnv {
  NODE_ENV: string;
  TRUST_PROXY_HOPS: number;
  // Validated by the app (app/config/env.server.ts); the render path's contract does not list them.
  LOG_LEVEL?: string;
  logFormat?: "json" | "pretty";
  metricsPort?: number;
  METRICS_HOST?: string;
  METRICS_TOKEN?: string;
}

export interface Watched {
  routes: ServerBuild["routes"];
  /** Paths answered outside Remix, each with its label. */
  paths: Record<string, string>;
  renders(): { running: number; waiting: number; shed: number };
  streams(): number;
}

// Few buckets: every request observes one. 0.25 s is the peak's p99 budget.
const requests = new Histogram({
  name: "hrs_http_request_duration_seconds",
  help: "HTTP requests by route (a Remix route id or a fixed family) and status, and how long they took",
  labelNames: ["route", "status"] as const,
  buckets: [0.005, 0.025, 0.1, 0.25, 1, 5],
});

const ROUTE = Symbol("route");
type Labelled = IncomingMessage & { [ROUTE]?: string; id?: string };
const STATIC_FILE = /^\/media\/|\.[A-Za-z0-9]{1,8}$/;

/** `out`: where the lines go instead of stdout (tests). */
export function observe(env: ObserveEnv, watched: Watched, out?: DestinationStream) {
  const log = createLog(env, out);
  const routeOf = routeLabels(watched);
  sources = watched;

  const requestLog = pinoHttp({
    logger: log,
    // nginx's $request_id when it is the trusted hop, so its access log and ours meet.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return env.TRUST_PROXY_HOPS > 0 && typeof given === "string" && /^[\w-]{8,64}$/.test(given)
        ? given
        : randomUUID();
    },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessObject: (req, res, value) => line(req, res, value),
    // The failure's stack is logged where it is caught, once: this line says which request.
    customErrorObject: (req, res, _error, value) => line(req, res, value),
    customSuccessMessage: (req, res) => `${req.method} ${(req as Labelled)[ROUTE]} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${(req as Labelled)[ROUTE]} ${res.statusCode}`,
  });
  const line = (req: IncomingMessage, res: ServerResponse, value: object) => ({
    method: req.method,
    route: (req as Labelled)[ROUTE],
    status: res.statusCode,
    ms: (value as { responseTime: number }).responseTime,
  });

  const metricsServer = serveMetrics(env, log);
  // Without a metrics port nothing would read them: no timing per request, no process sampling.
  if (metricsServer) collectDefaultMetrics();
  log.info(`Logs: ${env.logFormat === "pretty" ? "pretty" : "JSON"} lines on stdout, LOG_LEVEL=${log.level}`);

  return {
    log,
    metricsServer,
    /** Times and logs one request; as Express middleware, or first thing in the server's handler. */
    request(req: IncomingMessage, res: ServerResponse, next?: () => void) {
      const started = performance.now();
      const route = ((req as Labelled)[ROUTE] = routeOf(req.url ?? "/"));
      requestLog(req, res);
      if (metricsServer)
        res.once("close", () => {
          const status = res.writableFinished ? String(res.statusCode) : "aborted";
          requests.observe({ route, status }, (performance.now() - started) / 1000);
        });
      next?.();
    },
  };
}

/**
 * pino JSON lines on stdout, or pino-pretty's (as app/services/log.server.ts). A line per request
 * written on its own was a write call each: a quarter of a cached page's cost. So lines are
 * gathered up to 8 KB and written at least every 250 ms (pino writes what is left at exit).
 */
function createLog(env: ObserveEnv, given?: DestinationStream): Logger {
  if (given) return pino({ base: undefined, level: env.LOG_LEVEL ?? "info" }, given);
  if (env.logFormat === "pretty")
    return pino({ base: undefined, level: env.LOG_LEVEL ?? "info" }, pretty({ sync: true, destination: 1 }));
  const out = pino.destination({ dest: 1, minLength: 8192, sync: false });
  setInterval(() => out.flush(), 250).unref();
  return pino({ base: undefined, level: env.LOG_LEVEL ?? "info" }, out);
}

/**
 * A request's label: the deepest Remix route its path matches, or a fixed family for what is
 * answered outside Remix. A bounded set whatever the URL; each path is matched once while kept.
 */
function routeLabels({ routes, paths }: Watched): (url: string) => string {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((r) => r!.parentId === parentId)
      .map(
        (r) =>
          ({
            id: r!.id,
            path: r!.path,
            caseSensitive: r!.caseSensitive,
            index: r!.index,
            children: r!.index ? undefined : children(r!.id),
          }) as RouteObject,
      );
  const tree = children(undefined);
  const kept = new LRUCache<string, string>({ max: 1000 });
  return (url) => {
    const path = url.split("?", 1)[0]!;
    let label = kept.get(path);
    if (label) return label;
    if (paths[path]) label = paths[path]!;
    else if (path.startsWith("/build/")) label = "build";
    else {
      try {
        decodeURI(path);
        const match = matchRoutes(tree, path)?.at(-1)?.route;
        label = !match || (match.path === "*" && STATIC_FILE.test(path)) ? "static" : match.id!;
      } catch {
        label = "malformed";
      }
    }
    kept.set(path, label);
    return label;
  };
}

/** What the HTTP layer's gauges read at each scrape. */
let sources: Watched | null = null;

new Gauge({
  name: "hrs_render_slots",
  help: "Renders running now, and waiting for a slot",
  labelNames: ["state"] as const,
  collect() {
    const { running, waiting } = sources?.renders() ?? { running: 0, waiting: 0 };
    this.set({ state: "running" }, running);
    this.set({ state: "waiting" }, waiting);
  },
});
new Counter({
  name: "hrs_render_shed_total",
  help: "Renders refused at once (503) with every slot and the queue taken",
  collect() {
    this.reset();
    this.inc(sources?.renders().shed ?? 0);
  },
});
new Gauge({
  name: "hrs_now_playing_streams",
  help: "Now-playing push streams (server-sent events) open now",
  collect() {
    this.set(sources?.streams() ?? 0);
  },
});
/** GET /metrics on METRICS_HOST:METRICS_PORT, with the bearer token when one is set; nothing else. */
function serveMetrics(env: ObserveEnv, log: Logger): http.Server | null {
  const port = env.metricsPort ?? 0;
  if (port <= 0) return null;
  const host = env.METRICS_HOST ?? "127.0.0.1";
  const expected = env.METRICS_TOKEN ? Buffer.from(`Bearer ${env.METRICS_TOKEN}`) : null;
  const server = http.createServer(async (req, res) => {
    // A scrape every few seconds: no kept-alive connection holds a stopping instance back.
    res.shouldKeepAlive = false;
    if (req.url?.split("?", 1)[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD"))
      return void res.writeHead(404).end();
    const given = Buffer.from(req.headers.authorization ?? "");
    if (expected && !(given.length === expected.length && timingSafeEqual(given, expected)))
      return void res.writeHead(401, { "WWW-Authenticate": "Bearer" }).end();
    try {
      const text = await register.metrics();
      res.writeHead(200, { "Content-Type": register.contentType, "Cache-Control": "no-store" }).end(text);
    } catch (error) {
      log.error({ err: error }, "[metrics] could not be collected");
      res.writeHead(500).end();
    }
  });
  const where = `http://${host.includes(":") ? `[${host}]` : host}:${port}/metrics`;
  // A port taken is logged, and the site serves on without its metrics.
  server.on("error", (error) => log.error(`[metrics] not served at ${where}: ${error.message}`));
  server.listen(port, host, () =>
    log.info(`Metrics: ${where}${expected ? " (Authorization: Bearer $METRICS_TOKEN)" : ""}`),
  );
  server.unref();
  return server;
}
