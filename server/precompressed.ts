import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Serves the brotli/gzip copies `npm run build` wrote next to the hashed build assets
 * (scripts/precompress.mjs): mounted before express.static on /build, it points the request at
 * `<file>.br` or `<file>.gz` when the client takes that encoding (Express's own Accept-Encoding
 * negotiation) and the copy exists, with the original file's Content-Type. Nothing is
 * compressed per request. The list of copies is read once at start-up.
 */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

export function listCopies(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir, { recursive: true })
      .map((f) => String(f).split(path.sep).join("/"))
      .filter((f) => f.endsWith(".br") || f.endsWith(".gz")),
  );
}

export function precompressed(dir: string, copies: Set<string> = listCopies(dir)): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || copies.size === 0) return next();
    const rel = req.path.replace(/^\/+/, "");
    const type = TYPES[path.extname(rel)];
    if (!type) return next();
    const takes = (encoding: string) => req.acceptsEncodings(encoding) === encoding;
    const encoding =
      copies.has(`${rel}.br`) && takes("br") ? "br" : copies.has(`${rel}.gz`) && takes("gzip") ? "gzip" : null;
    res.append("Vary", "Accept-Encoding");
    if (!encoding) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    const q = req.url.indexOf("?");
    const pathPart = q === -1 ? req.url : req.url.slice(0, q);
    req.url = `${pathPart}.${encoding === "br" ? "br" : "gz"}${q === -1 ? "" : req.url.slice(q)}`;
    next();
  };
}
