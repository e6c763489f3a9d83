/**
 * The Node server: Express + Remix. Security headers with a fresh CSP nonce per response,
 * compression for text, static assets (hashed build files immutable), /healthz, the render
 * cache of public pages for anonymous visitors and signed-in listeners (ADRs 006, 019), and a graceful shutdown that lets in-flight
 * requests finish and closes the database. One log line per request (server/observe.ts).
 *
 * No app module is imported here: the env, services and load context come from the Remix
 * build's entry module (app/entry.server.tsx), so each app module runs once.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import express from "express";
import helmet from "helmet";
import type { AppEntry, AppServer } from "./server/render/app-contract";
import {
  allowFramingOfEmbeds,
  contentSecurityPolicy,
  newNonce,
  PERMISSIONS_POLICY,
  policyHeader,
} from "./server/security";
import { HitCounter, isAuthPost, rateLimits } from "./server/rate-limit";
import { fastHits } from "./server/render/fast-hit";
import { signedInHits } from "./server/render/signed-in-hit";
import { methodGuard, pathGuard, requestGuard } from "./server/path-guard";
import { createRemixWithCache, createRenderCache, remixHandler } from "./server/render/cache";
import { limitConnections, readBodies } from "./server/request-limits";
import { precompressed } from "./server/precompressed";
import { progressWrites } from "./server/progress-write";
import { nowPlayingEvents } from "./server/now-playing-events";
import { shedLoad } from "./server/render/shed";
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
const mode = production ? "production" : "development";
// Request lines and metrics (ADR 060); the metrics port opens here.
const observed = observe(env, {
  routes: build.routes,
  paths: { "/healthz": "healthz", "/healthz/live": "healthz", [appServer.nowPlayingPush.path]: "now-playing-events" },
  renders: () => renders.stats(),
  streams: () => nowPlayingPush.open(),
  pageCache: () => renderCache.stats(),
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

app.use((req, res, next) => {
  res.locals.cspNonce = newNonce();
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
});
// One policy, two ways of allowing the page's own scripts: this response's nonce, or (a page
// shared by every anonymous listener, server/render/shared-body.ts) the hashes of its inline scripts.
const policy = (scripts: Parameters<typeof contentSecurityPolicy>[0]) =>
  contentSecurityPolicy(
    scripts,
    {
      helpUrl: env.HELP_URL,
      specialFeatureUrl: env.SPECIAL_FEATURE_URL,
      contentSiteUrl: env.CONTENT_SITE_URL,
      liveStreamUrl: env.LIVE_STREAM_URL,
      galleryUrl: env.GALLERY_API_URL,
      wordpressUrl: env.WORDPRESS_API_URL,
      production,
    },
    {
      firebaseAuth: env.FIREBASE_AUTH_DOMAIN
        ? { authDomain: env.FIREBASE_AUTH_DOMAIN, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST }
        : undefined,
      analytics:
        env.ANALYTICS_PROVIDER === "firebase"
          ? { provider: "firebase" }
          : env.ANALYTICS_PROVIDER === "plausible" && env.ANALYTICS_ENDPOINT
            ? { provider: "plausible", endpoint: env.ANALYTICS_ENDPOINT }
            : undefined,
      signInOrigins: services.auth.signInOrigins,
    },
  );
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: policy([(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`]),
    },
    // Firebase's sign-in popup (another origin) answers through window.opener.
    crossOriginOpenerPolicy: { policy: env.FIREBASE_AUTH_DOMAIN ? "same-origin-allow-popups" : "same-origin" },
    strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  }),
);
app.use(allowFramingOfEmbeds);
// Compression for text over 1 KB (compression's own filter: compressible types only), applied
// once per response: static files, pages from the render cache and Remix renders.
const compress = compression({ threshold: 1024 });
const compressOnce: RequestHandler = (req, res, next) => {
  if (res.locals.compressing) return next();
  res.locals.compressing = true;
  return compress(req, res, next);
};

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

// Hashed build assets: the brotli/gzip copies written by `npm run build`, else compressed here.
app.use(
  "/build",
  precompressed("public/build"),
  compressOnce,
  express.static("public/build", { immutable: true, maxAge: "1y", index: false, redirect: false }),
);
// Other public files live under /media (and the odd root file with an extension); page paths
// never touch the file system.
const publicFiles = express.static("public", {
  index: false,
  redirect: false,
  setHeaders(res, filePath) {
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
app.use((req, res, next) =>
  FILE_PATH.test(req.path) ? compressOnce(req, res, () => publicFiles(req, res, next)) : next(),
);

app.use(pathGuard);
// A write from another site is refused with a clear 403 before Remix runs (Remix would answer
// a foreign-Origin form POST with a 500). Actions check again.
app.use((req, res, next) => {
  if (!appServer.isCrossSiteWrite(req.method, req.get("host"), req.get("origin"), req.get("sec-fetch-site")))
    return next();
  res.status(403).set("Cache-Control", cachePolicy.private).type("text/plain").send(appServer.crossSiteRefusal);
});

const getHits = new HitCounter();
app.use(
  rateLimits(
    { auth: env.RATE_LIMIT_AUTH_PER_MIN, post: env.RATE_LIMIT_POST_PER_MIN, get: env.RATE_LIMIT_GET_PER_MIN },
    cachePolicy.private,
    appServer.rateLimitStore,
    getHits,
  ),
);
// After the limits, so a flood of junk methods still counts against the client's POST tier.
app.use(methodGuard(cachePolicy.private));
// Every POST body has arrived before it may wait for a render, a sign-in or a hash.
const bodies = readBodies({
  maxBytes: env.REQUEST_BODY_MAX_KB * 1024,
  timeoutMs: env.REQUEST_TIMEOUT_MS,
  perClient: env.BODIES_PER_CLIENT,
  cacheControl: cachePolicy.private,
});
app.use(bodies);
app.use(progressWrites(appServer.progressWrite));
// Held open, so before compression (which would buffer it) and outside the render slots.
const nowPlayingPush = nowPlayingEvents({
  ...appServer.nowPlayingPush,
  current: () => services.nowPlaying.current(),
  cacheControl: cachePolicy.private,
});
app.use(nowPlayingPush);

const renderCache = createRenderCache({
  ttlMs: env.RENDER_CACHE_TTL_MS,
  maxBytes: env.RENDER_CACHE_MAX_MB * 1024 * 1024,
  toParts: appServer.toParts,
  sharedPolicy: (scriptHashes, url) => policyHeader(policy(scriptHashes), url),
});
services.onInvalidate(() => renderCache.invalidate());
const fastHit = fastHits({
  cache: renderCache,
  keyParams: appServer.pageQueryParams,
  trustHops: env.TRUST_PROXY_HOPS,
  getLimit: env.RATE_LIMIT_GET_PER_MIN,
  getHits,
  stopping: () => stopping,
  serverTiming: env.SERVER_TIMING === "on",
});
const signedInHit = signedInHits({
  cache: renderCache,
  keyParams: appServer.pageQueryParams,
  trustHops: env.TRUST_PROXY_HOPS,
  getLimit: env.RATE_LIMIT_GET_PER_MIN,
  getHits,
  stopping: () => stopping,
  listener: (cookie, nonce, address, parts) =>
    appServer.listenerOf(appServer.getLoadContext(cookie, nonce, address), parts),
  fillHole: appServer.fillHole,
  serverTiming: env.SERVER_TIMING === "on",
});
const handle = createFetchHandler(build, mode);
const remix = createRemixWithCache({
  handle,
  cache: renderCache,
  loadContext: (req, cookie, nonce, template) => appServer.getLoadContext(cookie, nonce, req.ip, template),
  signedIn: appServer.signedIn,
  listenerOf: appServer.listenerOf,
  fillParts: appServer.fillParts,
  fillHole: appServer.fillHole,
  privatePolicy: cachePolicy.private,
  keyParams: appServer.pageQueryParams,
  withTiming: appServer.withTiming,
  serverTiming: env.SERVER_TIMING === "on",
});
app.use(compressOnce);
app.use(remix.serveCached);
// Past the cache, every request runs Remix: bounded, the excess refused at once (503). Account
// POSTs (they wait on password hashes, which have threads of their own) have a gate of their own,
// so a burst of sign-ins never holds the slots pages render in.
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
  remix.render,
  remixHandler(
    handle,
    // A session the cache already looked up is not read twice.
    (req, res) =>
      (res.locals.loadContext as AppLoadContext | undefined) ??
      appServer.getLoadContext(req.headers.cookie, res.locals.cspNonce, req.ip),
    cachePolicy.private,
  ),
);

// Errors Express meets before a route runs (a path or body it cannot decode): a clear 4xx, one
// log line, never a stack trace in the answer or the log; anything else is a plain 500.
app.use(((error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = error instanceof URIError ? 400 : Number(error?.status ?? error?.statusCode ?? 500);
  const clientError = status >= 400 && status < 500;
  console.error(
    `[http] ${req.method} ${req.path.slice(0, 200)}: ${clientError ? status : "failed"} (${error instanceof Error ? error.message : String(error)})`,
  );
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
  // A fresh anonymous page needs none of the middleware: its bytes and headers are ready; a
  // listener's needs their session and library read, and its holes spliced (ADR 038).
  (req, res) => {
    observed.request(req, res);
    return fastHit(req, res) || signedInHit(req, res, () => app(req, res)) || app(req, res);
  },
);
if (env.TRUST_PROXY_HOPS === 0) limitConnections(server, env.CONNECTIONS_PER_ADDRESS);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`The Ham Radio Show is on the air at http://localhost:${port} (${env.NODE_ENV})`);
  for (const notice of appServer.startNotices) console.log(notice);
});
server.keepAliveTimeout = 65_000;

// A short drain first: requests already on their way (on a kept-alive connection or in the
// accept queue) are still served, each answer closing its connection. Then stop listening and
// close connections as they go idle; the database closes once the last one has.
closeWithGrace({ delay: 10_000, skip: ["SIGHUP"], onSecondSignal: () => {} }, async ({ signal, err }) => {
  if (err) console.error(err);
  stopping = true;
  console.log(`${signal ?? "error"}: finishing in-flight requests`);
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
// cached reads and rendered pages.
process.on("SIGHUP", () => services.invalidate("SIGHUP"));
