import type { OutgoingHttpHeaders } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import { writeReadableStreamToWritable, type AppLoadContext } from "@remix-run/node";
import type { Bytes, Listener, Part } from "./app-contract";
import { newTiming, serverTimingHeader, type RequestTiming } from "../server-timing";
import { requestOrigin } from "../path-guard";
import { sharedBody, type SharedBody } from "./shared-body";
import { gzipTemplate, gzipTemplateBytes, spliceGzip, type GzipTemplate } from "./listener-gzip";
import { newNonce } from "../security";

/**
 * Render cache of public pages, for anonymous visitors and signed-in listeners alike (ADRs 006,
 * 019).
 *
 * A GET/HEAD of a public page is answered from an in-process LRU keyed on the URL Remix sees
 * (origin + path + the query parameters pages read) when a fresh copy is there; Remix (routing,
 * loaders, React rendering) runs only to fill it, and never with anybody's session. Two copies
 * per URL: the anonymous page, and the listener template (rendered for a listener with no
 * favorites, its hearts and the root data's personal part left as holes) that every signed-in
 * listener's page is filled from, with their own data read for this request. Rules:
 * - requests: GET/HEAD only, never the personal or action paths (/api but now-playing, /auth, /signin, /signup,
 *   /user, /up-next, /SpankBank…, /favorites, /logout, /healthz); a request with one of our cookies
 *   (`hrs_*`, `__Host-hrs_*`, `__Secure-hrs_*`) naming a live session gets the listener copy,
 *   any other cookie or header, and unknown query parameters, change nothing;
 * - responses: only 200 (TTL) and 404 (shorter TTL), only with `Cache-Control: public` and
 *   without private/no-store/no-cache, never with Set-Cookie, only varying on Cookie and/or
 *   Accept-Encoding; the TTL is also capped by the response's own max-age, and the stale window by
 *   its stale-while-revalidate (none: never stale, as now-playing). A render in which a
 *   loader asked for the session is private, so a page that depends on who asks is never kept:
 *   a listener then gets a render of their own;
 * - an anonymous copy is the same bytes for everybody, compressed once, its inline scripts
 *   allowed by hash (ADR 030); a listener's copy gets this response's CSP nonce and is
 *   `Cache-Control: private, no-store`;
 * - after the TTL a copy is served stale for up to `staleMs` while ONE background render
 *   refreshes it; concurrent misses of one key wait for one render (no stampede);
 * - past that, a copy is kept for up to `errorMs` more, served only when its re-render fails
 *   with a 5xx (the database is down): a page that was fine a while ago beats an error page;
 * - `invalidate()` drops everything (and renders started before it are not stored).
 *
 * Responses carry `X-Render-Cache: hit | stale | stale-if-error | miss | pass | bypass | off`,
 * and, when `serverTiming` is on, `Server-Timing` (cache state; render, data and session time
 * when Remix ran). Off by default: session times would tell a prober which session ids exist.
 */

export interface RenderCacheOptions {
  /** Fresh lifetime of a 200 page (ms). 0 turns the cache off. */
  ttlMs: number;
  /** Fresh lifetime of a 404 page (ms); default half the TTL. */
  notFoundTtlMs?: number;
  /** How long past its TTL a copy may be served while it is re-rendered; default the TTL. */
  staleMs?: number;
  /** How long past that a copy is kept for when its re-render fails (5xx); default 24 h. */
  errorMs?: number;
  /** Memory bound of all bodies, bytes; default 64 MiB. */
  maxBytes?: number;
  maxEntries?: number;
  /** Larger pages are not cached; default 2 MiB. */
  maxEntryBytes?: number;
  /** Cuts a listener template's body at the nonce it was rendered with and at its holes. */
  toParts: (body: Buffer, nonce: string, template: boolean) => Part[];
  /** The Content-Security-Policy of the shared page at `url` (a path) whose inline scripts have these hashes. */
  sharedPolicy: (scriptHashes: string[], url: string) => string;
  now?: () => number;
}

export interface CachedPage {
  status: number;
  /** Response headers of the render (no Content-Length/-Encoding, no Set-Cookie). */
  headers: [string, string][];
  vary: string;
  parts: Part[];
  /**
   * The same bytes for everybody (an anonymous copy), compressed once, with the policy that
   * allows its scripts; a listener template has parts to fill instead.
   */
  shared?: SharedBody & {
    csp: string;
    /** The headers its answer went out with, per encoding: a later hit sends them as they are. */
    heads: Partial<Record<Encoding, OutgoingHttpHeaders>>;
  };
  /** The parts have listener holes: a listener's copy needs their data, not only their session. */
  personal: boolean;
  /** A listener template's parts deflated once, spliced per response into gzip (ADR 038). */
  gzip?: GzipTemplate;
  /**
   * The headers a listener's gzip answer went out with (security headers included) and the nonce
   * in its policy: a later answer before Express sends them with its own (signed-in-hit.ts).
   */
  listenerHead?: { heads: OutgoingHttpHeaders; nonce: string };
  /**
   * A listener's copy is `private` (a page or a page's data, as Remix answers a listener); a
   * resource route's answer (suggestions, feeds) keeps its own policy: it is the same for everyone.
   */
  privateForListener: boolean;
  bytes: number;
  freshUntil: number;
  staleUntil: number;
}

export type CacheState = "fresh" | "stale";

export interface RenderCache {
  readonly enabled: boolean;
  get(key: string): { page: CachedPage; state: CacheState } | null;
  /** The page under `key` while it is fresh (counted as a hit), else null (counted as nothing). */
  fresh(key: string): CachedPage | null;
  /** A render of `key` in progress, if any (its page, or null when it turned out uncacheable). */
  pending(key: string): Promise<CachedPage | null> | undefined;
  /**
   * Runs `render` for `key` (one at a time per key). A cacheable response is buffered, stored
   * and returned as a page; a 5xx with an older copy kept returns that copy (`fallback`); any
   * other response comes back untouched, to be streamed.
   */
  fill(
    key: string,
    nonce: string,
    render: () => Promise<Response>,
    template?: boolean,
  ): Promise<{ page: CachedPage; fallback?: true } | { response: Response }>;
  /** Drops every cached page (call it when the catalog or content changes). */
  invalidate(reason?: string): void;
  stats(): { entries: number; bytes: number; hits: number; stale: number; misses: number; invalidations: number };
}

const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "server-timing",
  "x-render-cache",
]);

/** May this response be kept and shared between anonymous listeners? */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  const h = response.headers;
  if (h.has("set-cookie")) return false;
  const cc = (h.get("cache-control") ?? "").toLowerCase();
  if (!/\bpublic\b/.test(cc) || /\b(private|no-store|no-cache)\b/.test(cc)) return false;
  const vary = (h.get("vary") ?? "").toLowerCase();
  if (vary && vary.split(",").some((v) => !["cookie", "accept-encoding", ""].includes(v.trim()))) return false;
  if (/text\/event-stream/i.test(h.get("content-type") ?? "")) return false;
  return true;
}

/** The path and query of a cache key (an absolute URL). */
const pathOf = (key: string) => {
  const url = new URL(key);
  return url.pathname + url.search;
};

/** How long a response lets a stale copy be served while it is refreshed (none unless it says). */
function staleWhileRevalidateMs(cacheControl: string | null): number {
  const m = /\bstale-while-revalidate=(\d+)/i.exec(cacheControl ?? "");
  return m ? Number(m[1]) * 1000 : 0;
}

function maxAgeMs(cacheControl: string | null): number {
  const m = /\bmax-age=(\d+)/i.exec(cacheControl ?? "");
  return m ? Number(m[1]) * 1000 : Infinity;
}

export function createRenderCache(options: RenderCacheOptions): RenderCache {
  const ttl = Math.max(0, options.ttlMs);
  const notFoundTtl = options.notFoundTtlMs ?? Math.floor(ttl / 2);
  const staleMs = options.staleMs ?? ttl;
  const errorMs = options.errorMs ?? 24 * 60 * 60_000;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const lru = new LRUCache<string, CachedPage>({
    max: options.maxEntries ?? 1000,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (p) => Math.max(1, p.bytes),
  });
  const inflight = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  const counters = { hits: 0, stale: 0, misses: 0, invalidations: 0 };

  async function toPage(
    key: string,
    response: Response,
    body: Buffer,
    nonce: string,
    template: boolean,
  ): Promise<CachedPage> {
    const headers: [string, string][] = [];
    let vary = "";
    response.headers.forEach((value, name) => {
      if (DROPPED_HEADERS.has(name)) return;
      if (name === "vary") vary = value;
      else headers.push([name, value]);
    });
    const lifetime = Math.min(
      response.status === 404 ? notFoundTtl : ttl,
      maxAgeMs(response.headers.get("cache-control")),
    );
    const html = /^text\/html/i.test(response.headers.get("content-type") ?? "");
    const shared = template ? undefined : await sharedBody(body, nonce, html, lru.peek(key)?.shared);
    const parts = shared ? [] : options.toParts(body, nonce, template);
    const personal = parts.some((p) => typeof p !== "string" && !("nonce" in p));
    const gzip = personal && html ? await gzipTemplate(parts) : undefined;
    const at = now();
    return {
      status: response.status,
      headers,
      vary,
      parts,
      shared: shared && { ...shared, csp: options.sharedPolicy(shared.scriptHashes, pathOf(key)), heads: {} },
      personal,
      gzip,
      privateForListener: personal || response.headers.has("x-remix-response"),
      bytes: body.length + (gzip ? gzipTemplateBytes(gzip) : 0),
      freshUntil: at + lifetime,
      staleUntil: at + lifetime + Math.min(staleMs, staleWhileRevalidateMs(response.headers.get("cache-control"))),
    };
  }

  return {
    enabled: ttl > 0,
    get(key) {
      if (ttl <= 0) return null;
      const page = lru.get(key);
      if (!page) {
        counters.misses++;
        return null;
      }
      const t = now();
      if (t < page.freshUntil) {
        counters.hits++;
        return { page, state: "fresh" };
      }
      if (t < page.staleUntil) {
        counters.stale++;
        return { page, state: "stale" };
      }
      counters.misses++;
      return null;
    },
    fresh(key) {
      const page = ttl > 0 ? lru.get(key) : undefined;
      if (!page || now() >= page.freshUntil) return null;
      counters.hits++;
      return page;
    },
    pending(key) {
      return inflight.get(key);
    },
    async fill(key, nonce, render, template = false) {
      const startedIn = generation;
      let settle!: (page: CachedPage | null) => void;
      const done = new Promise<CachedPage | null>((resolve) => (settle = resolve));
      inflight.set(key, done);
      let page: CachedPage | null = null;
      try {
        const response = await render();
        const kept = response.status >= 500 ? lru.get(key) : undefined;
        if (kept && now() < kept.staleUntil + errorMs) {
          void response.body?.cancel();
          page = kept;
          return { page, fallback: true };
        }
        if (ttl <= 0 || !isCacheableResponse(response)) return { response };
        const body = Buffer.from(await response.arrayBuffer());
        if (body.length > maxEntryBytes) {
          return {
            response: new Response(body, {
              status: response.status,
              statusText: response.statusText,
              headers: response.headers,
            }),
          };
        }
        page = await toPage(key, response, body, nonce, template);
        if (startedIn === generation && page.freshUntil > now())
          lru.set(key, page, { ttl: page.staleUntil + errorMs - now() });
        return { page };
      } finally {
        settle(page);
        if (inflight.get(key) === done) inflight.delete(key);
      }
    },
    invalidate() {
      generation++;
      counters.invalidations++;
      lru.clear();
    },
    stats() {
      return { entries: lru.size, bytes: lru.calculatedSize ?? 0, ...counters };
    },
  };
}

// --- Which requests may be served from the cache ---

// Of /api, only now-playing is the same for everybody (polled by every player while live is on).
const PERSONAL_PATHS =
  /^\/(?:(?:api(?!\/now-playing$)|auth|signin|signup|user|favorites|up-next|logout|healthz|forgot-password|reset-password|verify-email)(?:[/.]|$)|spankbank)/i;
export const OUR_COOKIE = /(?:^|;)\s*(?:__Host-|__Secure-)?hrs_/;

/** May this request share a cached page: a GET/HEAD of a public path (sessions are checked apart)? */
export function isCacheableRequest(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && !PERSONAL_PATHS.test(path);
}

/**
 * The URL a shared page is kept under and rendered from: the path, and of the query only the
 * parameters some page reads (every value, in order, as the client spelled them: Remix's manifest
 * request repeats `p`, and a page links back to itself as asked), so junk parameters neither make
 * new entries nor force renders.
 */
export function cacheKeyUrl(originalUrl: string, keyParams: ReadonlySet<string>): string {
  const q = originalUrl.indexOf("?");
  if (q === -1) return originalUrl;
  const kept = originalUrl
    .slice(q + 1)
    .split("&")
    .filter((pair) => {
      const name = pair.split("=", 1)[0];
      try {
        return keyParams.has(decodeURIComponent(name.replace(/\+/g, " ")));
      } catch {
        return false;
      }
    });
  return originalUrl.slice(0, q) + (kept.length > 0 ? `?${kept.join("&")}` : "");
}

/** A listener's copy of a page is kept apart from the anonymous one, under this suffix. */
const LISTENER_KEY = "\u0000listener";
export const listenerKey = (url: string) => url + LISTENER_KEY;

type FillParts = (parts: Part[], nonce: string, listener: Listener | null) => Bytes;

// --- Express wiring: a cache in front of Remix's fetch-style handler ---

export interface RemixWithCacheOptions {
  /** Remix's fetch-style handler: `createRequestHandler(build, mode)` from @remix-run/node. */
  handle: (request: Request, loadContext: AppLoadContext) => Promise<Response>;
  cache: RenderCache;
  /**
   * The load context of a request, with this cookie (none for a fill) and the CSP nonce its HTML
   * is rendered with; `template`: for a listener template.
   */
  loadContext: (req: ExpressRequest, cookie: string | undefined, nonce: string, template: boolean) => AppLoadContext;
  /** Whether a load context's session is live (read now). */
  signedIn: (context: AppLoadContext) => Promise<boolean>;
  /** The signed-in listener of a load context (their data read now), or null. */
  listenerOf: (context: AppLoadContext, parts: Part[]) => Promise<Listener | null>;
  fillParts: FillParts;
  /** One hole of fillParts: a listener's page is spliced as gzip from it. */
  fillHole: (hole: Exclude<Part, Bytes>, nonce: string, listener: Listener | null) => Bytes;
  /** Cache-Control of a listener's page. */
  privatePolicy: string;
  /** Query parameters some page reads; all others are dropped from the key (`cacheKeyUrl`). */
  keyParams: ReadonlySet<string>;
  /** Runs `fn` inside the request's timing scope (the app records data and session time in it). */
  withTiming: <T>(timing: RequestTiming, fn: () => T) => T;
  /** Send `Server-Timing` (diagnostics; off in production unless asked for). */
  serverTiming?: boolean;
  log?: (message: string) => void;
}

/**
 * Returns two middlewares: `serveCached` (early: answers fresh/stale hits and waits for a
 * render of the same page already under way) and `render` (runs Remix to fill the cache for
 * eligible requests; any other request goes on, timed, to the next handler: @remix-run/express).
 * A request with one of our cookies is looked up first: a live session gets the listener copy
 * (its load context is left in `res.locals.loadContext` for a render of its own when the page
 * cannot be shared), filled with the listener's data, read only when the copy has holes for it
 * (a page's own data request has none); a junk or expired cookie gets the anonymous page.
 */
export function createRemixWithCache(options: RemixWithCacheOptions): {
  serveCached: RequestHandler;
  render: RequestHandler;
} {
  const { cache, loadContext, handle } = options;
  // A timing scope makes every promise of the process pay for async hooks: opened only when its header is sent.
  const withTiming = options.serverTiming ? options.withTiming : <T>(_: RequestTiming, fn: () => T) => fn();
  const timingHeader: typeof serverTimingHeader | (() => null) = options.serverTiming ? serverTimingHeader : () => null;
  const log = options.log ?? ((m: string) => console.error(m));
  const KEY = "renderCacheKey";
  /**
   * Writes a cached page with this response's nonce, for a listener (`who`: their load context;
   * their copy, private) or anybody. `next`: a listener whose data cannot be read gets a render of
   * their own (it says what went wrong).
   */
  function send(
    req: ExpressRequest,
    res: ExpressResponse,
    next: () => void,
    page: CachedPage,
    who: AppLoadContext | null,
    state: string,
    timing: string | null,
  ) {
    if (who && page.personal) {
      options.listenerOf(who, page.parts).then(
        (listener) => (listener ? write(req, res, page, listener, true, state, timing) : next()),
        // Not next(error): the render says what went wrong (a 503 when the store is out of reach).
        () => next(),
      );
      return;
    }
    write(req, res, page, null, Boolean(who), state, timing);
  }
  function write(
    req: ExpressRequest,
    res: ExpressResponse,
    page: CachedPage,
    listener: Listener | null,
    signedIn: boolean,
    state: string,
    timing: string | null,
  ) {
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (signedIn && page.privateForListener) res.setHeader("Cache-Control", options.privatePolicy);
    if (page.vary) res.setHeader("Vary", page.vary);
    res.setHeader("X-Render-Cache", state);
    if (timing) res.setHeader("Server-Timing", timing);
    if (page.shared && !signedIn) return writeShared(req, res, page.status, page.shared);
    // A page with validators (a feed, the sitemap) the client already has: 304, no body.
    if (page.status === 200 && (res.hasHeader("ETag") || res.hasHeader("Last-Modified")) && req.fresh) {
      res.statusCode = 304;
      res.removeHeader("Content-Type");
      return res.end();
    }
    const nonce = res.locals.cspNonce as string;
    const gzip = listener && req.acceptsEncodings("gzip") ? page.gzip : undefined;
    if (gzip) {
      const vary = String(res.getHeader("Vary") ?? "");
      if (!/accept-encoding/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    // Not compressed per response: deflated once, spliced with this listener's holes (ADR 038).
    const spliced = gzip
      ? spliceGzip(gzip, page.parts, (hole) => options.fillHole(hole, nonce, listener), listener ?? undefined)
      : null;
    if (spliced !== null) {
      if (page.status === 200 && req.method === "GET") page.listenerHead ??= { heads: headsOf(res), nonce };
      res.setHeader("Content-Encoding", "gzip");
    }
    // One write of one body: a write per part through the response's layers costs more.
    const body = spliced ?? options.fillParts(page.parts, nonce, listener);
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") return res.end();
    res.end(body, "latin1");
  }

  /** The same bytes as everybody's, in the encoding the client takes best; 304 when it has them. */
  function writeShared(req: ExpressRequest, res: ExpressResponse, status: number, shared: CachedPage["shared"] & {}) {
    // Brotli whenever taken (negotiation alone would follow the header's order: gzip first).
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
    res.setHeader("Content-Security-Policy", shared.csp);
    res.setHeader("ETag", shared.etag[encoding]);
    const vary = String(res.getHeader("Vary") ?? "");
    if (!/accept-encoding/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (status === 200 && req.fresh) {
      res.statusCode = 304;
      res.removeHeader("Content-Type");
      return res.end();
    }
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    const body = shared[encoding];
    res.setHeader("Content-Length", body.length);
    if (status === 200) shared.heads[encoding] ??= headsOf(res);
    if (req.method === "HEAD") return res.end();
    res.end(body);
  }

  function refresh(key: string, url: string, req: ExpressRequest, template: boolean) {
    if (cache.pending(key)) return;
    const nonce = newNonce();
    const request = toFetchRequest(req, url);
    const context = loadContext(req, undefined, nonce, template);
    cache
      .fill(key, nonce, () => handle(request, context), template)
      .catch((error: unknown) => {
        log(
          `[render-cache] background render of ${key} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }

  const serveShared = (req: ExpressRequest, res: ExpressResponse, next: () => void, who: AppLoadContext | null) => {
    const url = requestOrigin(req) + cacheKeyUrl(req.originalUrl, options.keyParams);
    const key = who ? url + LISTENER_KEY : url;
    const found = cache.get(key);
    if (found) {
      const state = found.state === "fresh" ? "hit" : "stale";
      send(req, res, next, found.page, who, state, timingHeader(state));
      if (found.state === "stale") refresh(key, url, req, Boolean(who));
      return;
    }
    const pending = cache.pending(key);
    if (pending) {
      pending.then(
        (page) => (page ? send(req, res, next, page, who, "hit", timingHeader("coalesced")) : next()),
        () => next(),
      );
      return;
    }
    res.locals[KEY] = { key, url, who };
    next();
  };

  const serveCached: RequestHandler = (req, res, next) => {
    if (!cache.enabled || !isCacheableRequest(req.method, req.path)) return next();
    const cookie = req.headers.cookie;
    if (!cookie || !OUR_COOKIE.test(cookie)) return serveShared(req, res, next, null);
    const context = loadContext(req, cookie, res.locals.cspNonce as string, false);
    res.locals.loadContext = context;
    // A session that cannot be read gets a render of its own: a 503, never the anonymous page.
    options.signedIn(context).then(
      (signedIn) => serveShared(req, res, next, signedIn ? context : null),
      () => next(),
    );
  };

  const render: RequestHandler = async (req, res, next) => {
    const started = performance.now();
    const timing = newTiming();
    const nonce = res.locals.cspNonce as string;
    const shared = res.locals[KEY] as { key: string; url: string; who: AppLoadContext | null } | undefined;
    const bypass = () => {
      const state = cache.enabled ? "bypass" : "off";
      res.setHeader("X-Render-Cache", state);
      if (options.serverTiming)
        beforeHeaders(res, () =>
          res.setHeader("Server-Timing", serverTimingHeader(state, performance.now() - started, timing)),
        );
      return withTiming(timing, next);
    };
    if (!shared) return bypass();
    const { key, url, who } = shared;
    try {
      const context = loadContext(req, undefined, nonce, Boolean(who));
      // A cache fill is not aborted when its first client goes away: others may be waiting.
      const request = toFetchRequest(req, url);
      const result = await cache.fill(
        key,
        nonce,
        () => withTiming(timing, () => handle(request, context)),
        Boolean(who),
      );
      if ("page" in result) {
        const state = result.fallback ? "stale-if-error" : "miss";
        send(req, res, bypass, result.page, who, state, timingHeader(state, performance.now() - started, timing));
        return;
      }
      if (who) {
        // Not a page to share: this listener gets a render of their own.
        void result.response.body?.cancel();
        return bypass();
      }
      await stream(res, result.response, timingHeader("pass", performance.now() - started, timing), "pass");
    } catch (error) {
      next(error);
    }
  };

  return { serveCached, render };
}

/** Streams a Remix response (what @remix-run/express's sendRemixResponse does, plus our headers). */
async function stream(res: ExpressResponse, response: Response, timing: string | null, state?: string): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.append(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (timing) res.setHeader("Server-Timing", timing);
  if (state) res.setHeader("X-Render-Cache", state);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * The Fetch Request Remix gets for `req`: its URL, its headers as they came, and the body the
 * server has already read (server/request-limits.ts). A cache fill's is an anonymous,
 * unconditional GET: the copy kept is the whole page, and conditions are answered from it.
 */
const NOT_FORWARDED = new Set(["cookie", "authorization", "if-none-match", "if-modified-since"]);
function toFetchRequest(req: ExpressRequest, href: string, own?: { signal: AbortSignal }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || (!own && NOT_FORWARDED.has(name))) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  if (!own) return new Request(href, { method: "GET", headers });
  const read = req.method === "GET" || req.method === "HEAD" ? undefined : (req.body as Buffer | undefined);
  const body = read && new Uint8Array(read);
  return new Request(href, { method: req.method, headers, body, signal: own.signal });
}

/**
 * Express to Remix for a request of its own (not shared): the loaders and actions stop when the
 * client goes away before its answer is written.
 */
export function remixHandler(
  handle: RemixWithCacheOptions["handle"],
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  privatePolicy: string,
): RequestHandler {
  return async (req, res, next) => {
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const request = toFetchRequest(req, requestOrigin(req) + req.originalUrl, { signal: controller.signal });
      const response = await handle(request, loadContext(req, res));
      // A POST where no action is: the router's page for it carries its route ids in the page data.
      if (response.status === 405 && req.method === "POST") {
        void response.body?.cancel();
        res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": privatePolicy }).type("text/plain");
        res.send("This page doesn't take form submissions.");
        return;
      }
      await stream(res, response, null);
    } catch (error) {
      next(error);
    }
  };
}

export type Encoding = "br" | "gzip" | "identity";

/** What a hit may send again: every header but those of one response or one client. */
const NOT_KEPT = new Set([
  "date",
  "connection",
  "keep-alive",
  "server-timing",
  "set-cookie",
  "ratelimit",
  "ratelimit-policy",
]);
function headsOf(res: ExpressResponse): OutgoingHttpHeaders {
  const heads: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_KEPT.has(name)) heads[name] = value;
  heads["x-render-cache"] = "hit";
  return heads;
}

/** Calls `set` just before the response's headers go out. */
function beforeHeaders(res: ExpressResponse, set: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent) set();
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
