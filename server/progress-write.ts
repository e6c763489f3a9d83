import type { RequestHandler } from "express";
import type { AppServer } from "./app-contract";

/**
 * The player's progress write (POST /api/progress, every 10 s per listener while playing: the
 * most frequent write of a live show) answered without Remix (ADR 036). Mounted after every
 * check a POST meets in Express — the request guard, security headers, the cross-site refusal,
 * the rate limits and the bounded body read — it skips only Remix's request and response
 * objects, its router and compression. The answer is the route's
 * own (`AppServer.progressWrite`: session, validation, 401/413/400/422, 503 in a blip). Any other
 * spelling of the path, a query string or another method goes on to Remix's route as before.
 */
export function progressWrites(write: AppServer["progressWrite"]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || req.originalUrl !== "/api/progress") return next();
    const body = Buffer.isBuffer(req.body) ? req.body : new Uint8Array();
    write(req.headers.cookie, req.ip, req.get("content-type") ?? "", body).then(({ status, headers, json }) => {
      if (res.headersSent) return;
      // Not res.send: it would hash the body for an ETag nobody revalidates.
      res.writeHead(status, {
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(json)),
      });
      res.end(json);
    }, next);
  };
}
