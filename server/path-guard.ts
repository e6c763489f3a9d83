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
