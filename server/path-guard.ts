import type { Request, RequestHandler } from "express";

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

/** Methods the app does not serve (a Fetch Request refuses TRACE and CONNECT outright): 405. */
export const methodGuard =
  (cacheControl: string): RequestHandler =>
  (req, res, next) => {
    if (METHODS.has(req.method)) return next();
    res.status(405).set({ Allow: "GET, HEAD, POST", "Cache-Control": cacheControl });
    res.type("text/plain").send("Method Not Allowed");
  };

/**
 * Requests whose address the app cannot build end here with a 400, before anything else runs:
 * a target that is not a path (absolute-form `GET http://other.example/`, `GET *`), or a host
 * that is no host (a port past 65535, a path in it) in Host or, from a trusted proxy only, in
 * X-Forwarded-Host. The router and every link are built from that address.
 */
export const requestGuard =
  (cacheControl: string): RequestHandler =>
  (req, res, next) => {
    const bad = (text: string) => res.status(400).set("Cache-Control", cacheControl).type("text/plain").send(text);
    if (!req.originalUrl.startsWith("/")) return bad("Bad Request: the request target is not a path on this site.");
    const host = req.headers.host;
    if (host !== undefined && !isHost(host)) return bad("Bad Request: the Host header is not a host name.");
    const forwarded = trustedForwardedHost(req);
    if (forwarded !== undefined && !isHost(forwarded))
      return bad("Bad Request: the X-Forwarded-Host header is not a host name.");
    next();
  };

/** X-Forwarded-Host (its first value) when the proxy that sent it is trusted, as Express reads it. */
function trustedForwardedHost(req: Request): string | undefined {
  const header = req.get("X-Forwarded-Host");
  if (!header) return undefined;
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return trust(req.socket.remoteAddress, 0) ? header.split(",")[0]!.trim() : undefined;
}

/**
 * The origin of the page as the client asked for it (Remix renders links and the router's
 * location from it): Express's protocol and host (trusted proxies' headers only), port included.
 * Only after requestGuard has passed the request.
 */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${trustedForwardedHost(req) ?? req.get("host") ?? "localhost"}`;
}

/** A name or an IPv4/IPv6 literal, with an optional port (1 to 65535). */
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;
function isHost(host: string): boolean {
  const match = HOST.exec(host);
  return match !== null && (match[1] === undefined || (Number(match[1]) >= 1 && Number(match[1]) <= 65535));
}
