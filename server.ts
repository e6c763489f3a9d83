/**
 * The Node server: Express + Remix. Security headers with a fresh CSP nonce per response,
 * compression for text, static assets (hashed build files immutable), /healthz, the render
 * cache of public pages for anonymous visitors and signed-in listeners (ADRs 006, 019), and a graceful shutdown that lets in-flight
 * requests finish and closes the database. No per-request logging.
 *
 * No app module is imported here: the env, services and load context come from the Remix
 * build's entry module (app/entry.server.tsx), so each app module runs once.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import crypto from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import express from "express";
import helmet from "helmet";
import type { AppEntry, AppServer } from "./server/app-contract";
import { contentSecurityPolicy, PERMISSIONS_POLICY } from "./server/security";
import { rateLimits } from "./server/rate-limit";
import { pathGuard, requestGuard } from "./server/path-guard";
import { createRemixWithCache, createRenderCache } from "./server/render-cache";
import { precompressed } from "./server/precompressed";
import { shedLoad } from "./server/shed";

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

app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(
        (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
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
      ),
    },
    // Firebase's sign-in popup (another origin) answers through window.opener.
    crossOriginOpenerPolicy: { policy: env.FIREBASE_AUTH_DOMAIN ? "same-origin-allow-popups" : "same-origin" },
    strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  }),
);
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
app.get("/healthz", async (_req, res) => {
  const health = await services.health();
  res
    .status(health.ready ? 200 : 503)
    .set("Cache-Control", cachePolicy.private)
    .json(health);
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

app.use(
  rateLimits(
    { auth: env.RATE_LIMIT_AUTH_PER_MIN, post: env.RATE_LIMIT_POST_PER_MIN, get: env.RATE_LIMIT_GET_PER_MIN },
    cachePolicy.private,
    appServer.rateLimitStore,
  ),
);
// After the limits, so a flood of junk methods still counts against the client's POST tier.
app.use(requestGuard(cachePolicy.private));

const renderCache = createRenderCache({
  ttlMs: env.RENDER_CACHE_TTL_MS,
  maxBytes: env.RENDER_CACHE_MAX_MB * 1024 * 1024,
  toParts: appServer.toParts,
});
services.onInvalidate(() => renderCache.invalidate());
const remix = createRemixWithCache({
  handle: createFetchHandler(build, mode),
  cache: renderCache,
  loadContext: (req, cookie, nonce, template) => appServer.getLoadContext(cookie, nonce, req.ip, template),
  signedIn: appServer.signedIn,
  listenerOf: appServer.listenerOf,
  fillParts: appServer.fillParts,
  privatePolicy: cachePolicy.private,
  keyParams: appServer.pageQueryParams,
  withTiming: appServer.withTiming,
  serverTiming: env.SERVER_TIMING === "on",
});
app.use(compressOnce);
app.use(remix.serveCached);
// Past the cache, every request runs Remix: bounded, the excess refused at once (503).
app.use(
  shedLoad({
    concurrency: env.RENDER_CONCURRENCY,
    perTurn: env.RENDER_PER_TURN,
    queue: env.RENDER_QUEUE,
    retryAfterSeconds: 5,
    cacheControl: cachePolicy.private,
  }),
);
app.all(
  "*",
  remix.render,
  createRequestHandler({
    build,
    mode,
    // A session the cache already looked up is not read twice.
    getLoadContext: (req, res) =>
      (res.locals.loadContext as AppLoadContext | undefined) ??
      appServer.getLoadContext(req.headers.cookie, res.locals.cspNonce, req.ip),
  }),
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
      clientError
        ? "This address could not be read. Please check the link."
        : "Something went wrong on our side. Please try again in a moment.",
    );
}) as ErrorRequestHandler);

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`The Ham Radio Show is on the air at http://localhost:${port} (${env.NODE_ENV})`);
});
server.keepAliveTimeout = 65_000;

// A short drain first: requests already on their way (on a kept-alive connection or in the
// accept queue) are still served, each answer closing its connection. Then stop listening and
// close connections as they go idle; the database closes once the last one has.
closeWithGrace({ delay: 10_000, skip: ["SIGHUP"], onSecondSignal: () => {} }, async ({ signal, err }) => {
  if (err) console.error(err);
  stopping = true;
  console.log(`${signal ?? "error"}: finishing in-flight requests`);
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
