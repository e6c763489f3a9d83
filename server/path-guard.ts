import type { RequestHandler } from "express";

/**
 * React Router's server renderer builds `new URL(decodedPath, base)` for the location, and that
 * throws on some decoded paths (→ HTTP 500): "/\", "/\/", "/<TAB>/" all parse as "//" with an
 * empty host, because URL parsing reads "\" as "/" and drops tabs. No route of this app has a
 * backslash or a control character in its path, so such escapes are encoded once more: the
 * router then sees the literal text (e.g. "%5C") and answers with the normal NOT FOUND page.
 * Only the path is touched; the query string is left as it came.
 */
const UNSAFE_ESCAPE = /%(5c|[01][0-9a-f]|7f)/i;
const UNSAFE_ESCAPES = /%(5c|[01][0-9a-f]|7f)/gi;

export function escapeUnsafePathEscapes(url: string): string {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!UNSAFE_ESCAPE.test(path) && !path.includes("\\")) return url;
  const safe = path.replace(UNSAFE_ESCAPES, "%25$1").replace(/\\/g, "%255C");
  return q === -1 ? safe : safe + url.slice(q);
}

export const pathGuard: RequestHandler = (req, _res, next) => {
  const safe = escapeUnsafePathEscapes(req.originalUrl);
  if (safe !== req.originalUrl) {
    req.url = escapeUnsafePathEscapes(req.url);
    req.originalUrl = safe;
  }
  next();
};

const METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Requests the app cannot turn into a Fetch Request end here with a clear 4xx instead of a 500:
 * methods it does not serve (a Request refuses TRACE and CONNECT outright) and a Host header that
 * is no host (the router builds the page's URL from it).
 */
export const requestGuard =
  (cacheControl: string): RequestHandler =>
  (req, res, next) => {
    if (!METHODS.has(req.method)) {
      res.status(405).set({ Allow: "GET, HEAD, POST", "Cache-Control": cacheControl });
      res.type("text/plain").send("Method Not Allowed");
      return;
    }
    const host = req.headers.host;
    if (host !== undefined && !isHost(host)) {
      res.status(400).set("Cache-Control", cacheControl);
      res.type("text/plain").send("Bad Request: the Host header is not a host name.");
      return;
    }
    next();
  };

/** A name or an IPv4/IPv6 literal, with an optional port. */
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const isHost = (host: string) => HOST.test(host);
