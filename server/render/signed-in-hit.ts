import type { IncomingMessage, ServerResponse } from "node:http";
import type { Bytes, Listener, Part } from "./app-contract";
import { acceptsEncoding, clientAddress, origin } from "./fast-hit";
import { spliceGzip } from "./listener-gzip";
import type { HitCounter } from "../rate-limit";
import { newNonce } from "../security";
import { cacheKeyUrl, isCacheableRequest, listenerKey, OUR_COOKIE, type RenderCache } from "./cache";

/**
 * A signed-in listener's page from a fresh listener template, answered before Express (ADR 038):
 * the checks the Express path makes for it, made here — the session cookie verified and the
 * session read (revocation included) with the listener's library, the client's GET limit in the
 * same counter, the security headers its first answer went out with and a policy with this
 * answer's own nonce — and the body spliced as gzip from pieces deflated once. Anything else, or
 * any doubt (no gzip, a HEAD or conditional request, a page's data, no copy or no first answer
 * yet, a client over its limit, the server stopping), goes through Express, and so does a cookie
 * that names no live session or a session store that cannot be read (a 503 there, ADR 026).
 */
export interface SignedInHitOptions {
  cache: RenderCache;
  keyParams: ReadonlySet<string>;
  trustHops: number;
  getLimit: number;
  getHits: HitCounter;
  stopping: () => boolean;
  /**
   * The listener a cookie names (session and library read now, and whatever else the page's holes
   * need: their positions, ADR 033), or null; rejects when unreadable.
   */
  listener: (cookie: string, nonce: string, clientAddress: string, parts: Part[]) => Promise<Listener | null>;
  fillHole: (hole: Exclude<Part, Bytes>, nonce: string, listener: Listener | null) => Bytes;
  serverTiming?: boolean;
}

/** Claims a request (true) and answers it, or hands it to `otherwise` later; false: not one for it. */
export function signedInHits(
  o: SignedInHitOptions,
): (req: IncomingMessage, res: ServerResponse, otherwise: () => void) => boolean {
  return (req, res, otherwise) => {
    if (req.method !== "GET" || !o.cache.enabled || o.stopping()) return false;
    const url = req.url ?? "";
    const h = req.headers;
    const cookie = h.cookie;
    if (!cookie || !OUR_COOKIE.test(cookie) || !url.startsWith("/")) return false;
    if (h["if-none-match"] || h["if-modified-since"] || !acceptsEncoding(h["accept-encoding"])("gzip")) return false;
    const q = url.indexOf("?");
    if (!isCacheableRequest("GET", q === -1 ? url : url.slice(0, q))) return false;
    const page = o.cache.fresh(listenerKey(origin(req, o.trustHops) + cacheKeyUrl(url, o.keyParams)));
    const template = page?.gzip;
    const head = page?.listenerHead;
    if (!page || !template || !head || page.status !== 200) return false;
    const address = clientAddress(req, o.trustHops);
    const extra: Record<string, string> = o.serverTiming ? { "Server-Timing": "cache;desc=hit" } : {};
    if (o.getLimit > 0) {
      const { totalHits, resetTime } = o.getHits.increment(address);
      if (totalHits > o.getLimit) return false;
      const reset = Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
      extra["RateLimit-Policy"] = `${o.getLimit};w=${Math.ceil(o.getHits.window / 1000)}`;
      extra.RateLimit = `limit=${o.getLimit}, remaining=${Math.max(0, o.getLimit - totalHits)}, reset=${reset}`;
    }
    const nonce = newNonce();
    // Express counts the request again when it takes it.
    const handOver = () => {
      if (o.getLimit > 0) o.getHits.decrement(address);
      otherwise();
    };
    o.listener(cookie, nonce, address, page.parts).then((listener) => {
      if (!listener || o.stopping()) return handOver();
      const body = spliceGzip(template, page.parts, (hole) => o.fillHole(hole, nonce, listener), listener);
      if (body === null) return handOver();
      const csp = String(head.heads["content-security-policy"]).replaceAll(head.nonce, nonce);
      res.writeHead(200, {
        ...head.heads,
        "content-security-policy": csp,
        "content-encoding": "gzip",
        "content-length": body.length,
        ...extra,
      });
      res.end(body);
    }, handOver);
    return true;
  };
}
