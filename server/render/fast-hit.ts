import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { HitCounter } from "../rate-limit";
import { cacheKeyUrl, isCacheableRequest, OUR_COOKIE, type Encoding, type RenderCache } from "./cache";

/**
 * A fresh anonymous page from the render cache, answered before Express (ADR 030): the same
 * bytes and headers its first answer went out with (security headers included), for the encoding
 * the client takes, counted against the client's GET limit like any page. Anything else, or any
 * doubt (a cookie of ours, a conditional request, no copy yet for this encoding, a client over its
 * limit, the server stopping), goes through Express as before, where every check runs.
 */
export interface FastHitOptions {
  cache: RenderCache;
  keyParams: ReadonlySet<string>;
  /** TRUST_PROXY_HOPS: which X-Forwarded-* headers name the client, as Express reads them. */
  trustHops: number;
  getLimit: number;
  getHits: HitCounter;
  stopping: () => boolean;
  /** Send `Server-Timing` (diagnostics), as the render cache does. */
  serverTiming?: boolean;
}

export function fastHits(o: FastHitOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !o.cache.enabled || o.stopping()) return false;
    const url = req.url ?? "";
    const h = req.headers;
    if (!url.startsWith("/") || h["if-none-match"] || h["if-modified-since"]) return false;
    if (h.cookie && OUR_COOKIE.test(h.cookie)) return false;
    const q = url.indexOf("?");
    if (!isCacheableRequest(req.method, q === -1 ? url : url.slice(0, q))) return false;
    const page = o.cache.fresh(origin(req, o.trustHops) + cacheKeyUrl(url, o.keyParams));
    if (!page?.shared || page.status !== 200) return false;
    const encoding = encodingFor(h["accept-encoding"]);
    const head = page.shared.heads[encoding];
    if (!head) return false;
    const limits: Record<string, string> = o.serverTiming ? { "Server-Timing": "cache;desc=hit" } : {};
    if (o.getLimit > 0) {
      const { totalHits, resetTime } = o.getHits.increment(clientAddress(req, o.trustHops));
      if (totalHits > o.getLimit) return false;
      const reset = Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
      limits["RateLimit-Policy"] = `${o.getLimit};w=${Math.ceil(o.getHits.window / 1000)}`;
      limits.RateLimit = `limit=${o.getLimit}, remaining=${Math.max(0, o.getLimit - totalHits)}, reset=${reset}`;
    }
    res.writeHead(200, { ...head, ...limits });
    res.end(req.method === "HEAD" ? undefined : page.shared[encoding]);
    return true;
  };
}

/** The origin Express gives the request (requestOrigin in path-guard.ts), from the raw headers. */
export function origin(req: IncomingMessage, trustHops: number): string {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (trustHops <= 0) return `${own}://${req.headers.host ?? "localhost"}`;
  const first = (value: string | string[] | undefined) =>
    typeof value === "string" ? value.split(",")[0]!.trim() : "";
  const host = first(req.headers["x-forwarded-host"]) || req.headers.host || "localhost";
  return `${first(req.headers["x-forwarded-proto"]) || own}://${host}`;
}

/** The address Express names the client by (`req.ip`) with `trust proxy` set to `trustHops`. */
export function clientAddress(req: IncomingMessage, trustHops: number): string {
  const forwarded = typeof req.headers["x-forwarded-for"] === "string" ? req.headers["x-forwarded-for"] : "";
  const chain = [
    req.socket.remoteAddress ?? "",
    ...forwarded
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean)
      .reverse(),
  ];
  return chain[Math.min(trustHops, chain.length - 1)]!;
}

/** Brotli whenever taken, then gzip (the same choice as the render cache's own answer). */
export function encodingFor(header: string | string[] | undefined): Encoding {
  const takes = acceptsEncoding(header);
  return takes("br") ? "br" : takes("gzip") ? "gzip" : "identity";
}

/** Whether an `Accept-Encoding` header takes an encoding. Browsers send a handful of headers: each read once. */
export function acceptsEncoding(header: string | string[] | undefined): (name: string) => boolean {
  const key = typeof header === "string" ? header : null;
  const known = key === null ? undefined : readHeaders.get(key);
  if (known) return known;
  const takes = readAcceptEncoding(header);
  if (key !== null && key.length <= 256) {
    if (readHeaders.size >= 64) readHeaders.clear();
    readHeaders.set(key, takes);
  }
  return takes;
}
const readHeaders = new Map<string, (name: string) => boolean>();

function readAcceptEncoding(header: string | string[] | undefined): (name: string) => boolean {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return (name) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
}
