/**
 * The Node server: Express + Remix. Security headers with a fresh CSP nonce per response,
 * compression, static assets (hashed build files immutable), request limits, /healthz, and a
 * graceful shutdown that lets in-flight requests finish and closes the database. One log line
 * per request (server/observe.ts).
 *
 * No app module is imported here: the env, services and load context come from the Remix
 * build's entry module (app/entry.server.tsx), so each app module runs once.
 */
import type { ErrorRequestHandler } from "express";
import type { ServerBuild } from "@remix-run/node";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import express from "express";
import helmet from "helmet";
import type { AppEntry, AppServer } from "./server/app-contract";
import { allowFramingOfEmbeds, PERMISSIONS_POLICY } from "./server/security";
import { isAuthPost, rateLimits } from "./server/rate-limit";
import { methodGuard, pathGuard, requestGuard } from "./server/path-guard";
import { limitConnections, readBodies } from "./server/request-limits";
import { precompressed } from "./server/precompressed";
import { progressWrites } from "./server/progress-write";
import { nowPlayingEvents } from "./server/now-playing-events";
import { shedLoad } from "./server/shed";
import { remixHandler } from "./server/remix";
import { observe } from "./server/observe";

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;

let appServer: AppServer;
try {
  appServer = await (build.entry.module as unknown as AppEntry).createAppServer();
} catch (error) {
  if (error instanceof Error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { env, services, cachePolicy, episodeFileTypes } = appServer;
const production = env.NODE_ENV === "production";
// Request lines and metrics (ADR 061); the metrics port opens here.
const observed = observe(env, {
  routes: build.routes,
  paths: { "/healthz": "healthz", "/healthz/live": "healthz", [appServer.nowPlayingPush.path]: "now-playing-events" },
  renders: () => renders.stats(),
  streams: () => nowPlayingPush.open(),
});

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY_HOPS);

// Graceful shutdown (below): responses still in flight when it starts, and any after, say
// "Connection: close", so keep-alive clients neither hold the exit back nor reuse a connection
// that is about to go away.
let stopping = false;
const inFlight = new Set<express.Response>();
app.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  else {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  }
  next();
});

// Before anything reads the request's address (static files, limits, the router).
app.use(requestGuard(cachePolicy.private));

// Anything but a page runs no inline script: the same policy for every answer. A page names its
// own (app/entry.server.tsx).
app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  res.setHeader("Content-Security-Policy", appServer.contentSecurityPolicy(req.path, []));
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: false,
    // Firebase's sign-in popup (another origin) answers through window.opener.
    crossOriginOpenerPolicy: { policy: env.FIREBASE_AUTH_DOMAIN ? "same-origin-allow-popups" : "same-origin" },
    strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  }),
);
app.use(allowFramingOfEmbeds);

// Liveness: the process answers (a supervisor restarts it when not). Readiness: this instance can
// serve (its database answers; 503 takes it out of a load balancer), with each upstream's state.
app.get("/healthz/live", (_req, res) => {
  res.set("Cache-Control", cachePolicy.private).json({ ok: true });
});
// A full render queue also makes it unready: the balancer should send the next ones elsewhere.
app.get("/healthz", async (_req, res) => {
  const health = await services.health();
  const { waiting } = renders.stats();
  const checks = {
    ...health.checks,
    renders: waiting >= env.RENDER_QUEUE && env.RENDER_CONCURRENCY > 0 ? "full" : "ok",
  };
  const ready = health.ready && checks.renders === "ok";
  res
    .status(ready ? 200 : 503)
    .set("Cache-Control", cachePolicy.private)
    .json({ ...health, ready, checks });
});

// Text over 1 KB of a compressible type, but the build files npm run build compressed and the
// now-playing push (held open: compression would hold its events back).
app.use(
  compression({
    threshold: 1024,
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);
app.use(
  "/build",
  precompressed("public/build"),
  express.static("public/build", { immutable: true, maxAge: "1y", index: false, redirect: false }),
);
// Other public files live under /media (and the odd root file with an extension); page paths
// never touch the file system. Express 4's type table predates AVIF (the home page's slides), and
// nosniff makes a browser refuse an image sent as application/octet-stream.
express.static.mime.define({ "image/avif": ["avif"] });
const publicFiles = express.static("public", {
  index: false,
  redirect: false,
  setHeaders(res, filePath) {
    // The service worker (public/sw.js, made by the build) is the site's own script: no media policy.
    if (path.relative("public", filePath) === "sw.js") {
      res.setHeader("Cache-Control", cachePolicy.serviceWorker);
      return;
    }
    res.setHeader("Cache-Control", filePath.endsWith("favicon.ico") ? "public, max-age=86400" : cachePolicy.media);
    // Episode audio and art are what podcast apps, directories and link previews on other sites load.
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    // Chapters and transcripts, named in the feeds: web podcast players read them from their own origin.
    const extra = filePath.endsWith(".vtt")
      ? episodeFileTypes.transcript
      : filePath.endsWith(".json")
        ? episodeFileTypes.chapters
        : null;
    if (extra && /[\\/]media[\\/](chapters|transcripts)[\\/]/.test(filePath)) {
      res.setHeader("Content-Type", `${extra}; charset=utf-8`);
      res.setHeader("Access-Control-Allow-Origin", "*");
    }
  },
});
const FILE_PATH = /^\/media\/|\.[A-Za-z0-9]{1,8}$/;
app.use((req, res, next) => (FILE_PATH.test(req.path) ? publicFiles(req, res, next) : next()));

app.use(pathGuard);
// A write from another site is refused with a clear 403 before Remix runs (Remix would answer
// a foreign-Origin form POST with a 500). Actions check again.
app.use((req, res, next) => {
  if (!appServer.isCrossSiteWrite(req.method, req.get("host"), req.get("origin"), req.get("sec-fetch-site")))
    return next();
  res.status(403).set("Cache-Control", cachePolicy.private).type("text/plain").send(appServer.crossSiteRefusal);
});

app.use(
  rateLimits(
    { auth: env.RATE_LIMIT_AUTH_PER_MIN, post: env.RATE_LIMIT_POST_PER_MIN, get: env.RATE_LIMIT_GET_PER_MIN },
    cachePolicy.private,
    appServer.rateLimitStore,
  ),
);
// After the limits, so a flood of junk methods still counts against the client's POST tier.
app.use(methodGuard(cachePolicy.private));
// Every POST body has arrived before it may wait for a render, a sign-in or a hash.
app.use(
  readBodies({
    maxBytes: env.REQUEST_BODY_MAX_KB * 1024,
    timeoutMs: env.REQUEST_TIMEOUT_MS,
    perClient: env.BODIES_PER_CLIENT,
    cacheControl: cachePolicy.private,
  }),
);
app.use(progressWrites(appServer.progressWrite));
// Outside the render slots: a stream is held open for minutes.
const nowPlayingPush = nowPlayingEvents({
  ...appServer.nowPlayingPush,
  current: () => services.nowPlaying.current(),
  cacheControl: cachePolicy.private,
});
app.use(nowPlayingPush);

// Every request past here runs Remix: bounded, the excess refused at once (503). Account POSTs
// (they wait on password hashes, which have threads of their own) have a gate of their own, so a
// burst of sign-ins never holds the slots pages render in.
const shed = { retryAfterSeconds: 5, cacheControl: cachePolicy.private };
const renders = shedLoad({
  ...shed,
  concurrency: env.RENDER_CONCURRENCY,
  perTurn: env.RENDER_PER_TURN,
  queue: env.RENDER_QUEUE,
});
const accountPosts = shedLoad({ ...shed, concurrency: 16, perTurn: env.RENDER_PER_TURN, queue: 64 });
app.use((req, res, next) => (isAuthPost(req.method, req.path) ? accountPosts : renders)(req, res, next));
app.all(
  "*",
  remixHandler(
    build,
    env.NODE_ENV,
    (req, res) =>
      appServer.getLoadContext(req.headers.cookie, res.locals.cspNonce, req.ip, (scripts) =>
        res.setHeader("Content-Security-Policy", appServer.contentSecurityPolicy(req.path, scripts)),
      ),
    cachePolicy.private,
  ),
);

// Errors Express meets before a route runs (a path or body it cannot decode): a clear 4xx, one
// log line, never a stack trace in the answer or the log; anything else is a plain 500.
app.use(((error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = error instanceof URIError ? 400 : Number(error?.status ?? error?.statusCode ?? 500);
  const clientError = status >= 400 && status < 500;
  const line = `[http] ${req.method} ${req.path.slice(0, 200)}: ${clientError ? status : "failed"}`;
  if (clientError) observed.log.warn(`${line} (${error instanceof Error ? error.message : String(error)})`);
  else observed.log.error({ err: error }, line);
  res
    .status(clientError ? status : 500)
    .set("Cache-Control", cachePolicy.private)
    .type("text/plain")
    .send(
      status === 413
        ? "The request is too large."
        : status === 415
          ? "The request's encoding is not supported."
          : clientError
            ? "This address could not be read. Please check the link."
            : "Something went wrong on our side. Please try again in a moment.",
    );
}) as ErrorRequestHandler);

// Slow senders are cut off: the headers within the request time limit, checked every second (the
// default looks every 30 s); a body's own limit is readBodies'.
const server = http.createServer(
  {
    headersTimeout: env.REQUEST_TIMEOUT_MS,
    requestTimeout: env.REQUEST_TIMEOUT_MS * 2,
    connectionsCheckingInterval: 1000,
  },
  (req, res) => {
    observed.request(req, res);
    app(req, res);
  },
);
if (env.TRUST_PROXY_HOPS === 0) limitConnections(server, env.CONNECTIONS_PER_ADDRESS);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  observed.log.info(`The Ham Radio Show is on the air at http://localhost:${port} (${env.NODE_ENV})`);
  for (const notice of appServer.startNotices) observed.log.info(notice);
});
server.keepAliveTimeout = 65_000;

// A short drain first: requests already on their way (on a kept-alive connection or in the
// accept queue) are still served, each answer closing its connection. Then stop listening and
// close connections as they go idle; the database closes once the last one has.
closeWithGrace({ delay: 10_000, skip: ["SIGHUP"], onSecondSignal: () => {} }, async ({ signal, err }) => {
  if (err) observed.log.error({ err }, "stopping after an error");
  stopping = true;
  observed.log.info(`${signal ?? "error"}: finishing in-flight requests`);
  // A stream is never done by itself: ended now, the browser opens its next one elsewhere.
  nowPlayingPush.close();
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  await sleep(250);
  const closed = new Promise((resolve) => server.close(resolve));
  const idle = setInterval(() => server.closeIdleConnections(), 250);
  const cut = setTimeout(() => server.closeAllConnections(), 9_000);
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
  await services.close();
});
// The catalog or content was changed behind the server's back: `kill -HUP <pid>` drops the
// cached reads.
process.on("SIGHUP", () => {
  services.invalidate("SIGHUP");
  observed.log.info("SIGHUP: cached reads dropped");
});
