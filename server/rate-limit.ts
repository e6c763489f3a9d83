import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";

/**
 * Rate limits in three tiers, keyed on the client address Express derives with the configured
 * number of trusted proxies (TRUST_PROXY_HOPS): sign-in/up/OAuth/logout POSTs, other POSTs, and
 * page GETs. Over the limit: 429 with the standard RateLimit headers.
 */
const AUTH_PATHS = /^\/(signin|signup|logout|auth)(\/|$)/i;

function tier(limit: number, name: string, message: string, cacheControl: string): RequestHandler | null {
  if (limit <= 0) return null;
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    identifier: name,
    handler: (_req, res) => {
      res.status(429).set("Cache-Control", cacheControl).type("text/plain").send(message);
    },
  });
}

/** `cacheControl`: the Cache-Control of a 429 (the app's private policy). */
export function rateLimits(limits: { auth: number; post: number; get: number }, cacheControl: string): RequestHandler {
  const auth = tier(
    limits.auth,
    "auth",
    "Too many sign-in attempts from your network. Please wait a minute and try again.",
    cacheControl,
  );
  const post = tier(
    limits.post,
    "post",
    "Too many requests. Please slow down and try again in a minute.",
    cacheControl,
  );
  const get = tier(limits.get, "get", "Too many requests. Please slow down and try again in a minute.", cacheControl);
  return (req, res, next) => {
    const handler =
      req.method === "POST"
        ? AUTH_PATHS.test(req.path)
          ? auth
          : post
        : req.method === "GET" || req.method === "HEAD"
          ? get
          : post;
    return handler ? handler(req, res, next) : next();
  };
}
