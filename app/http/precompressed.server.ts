import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * Serves the brotli/gzip copies `npm run build` wrote next to the hashed build assets
 * (scripts/precompress.mjs): mounted before express.static on /build, it points the request at
 * `<file>.br` or `<file>.gz` when the client takes that encoding and the copy exists, with the
 * original file's Content-Type. Nothing is compressed per request. The list of copies is read
 * once at start-up (no file-system lookups per request).
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

/** The encodings a client takes, from Accept-Encoding (a q of 0 refuses one). */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const result = { br: false, gzip: false };
  if (!header) return result;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const ok = !q || Number(q.slice(2)) > 0;
    if (name === "br") result.br = ok;
    else if (name === "gzip" || name === "x-gzip") result.gzip = ok;
    else if (name === "*" && ok) {
      result.br ||= true;
      result.gzip ||= true;
    }
  }
  return result;
}

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
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = accepted.br && copies.has(`${rel}.br`) ? "br" : accepted.gzip && copies.has(`${rel}.gz`) ? "gzip" : null;
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
