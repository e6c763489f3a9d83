import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { CACHE_POLICY } from "./cache-policy";

/**
 * Rate limits in three tiers, keyed on the client address Express derives with the configured
 * number of trusted proxies (TRUST_PROXY_HOPS): sign-in/up/OAuth/logout POSTs, other POSTs, and
 * page GETs. Over the limit: 429 with the standard RateLimit headers.
 */
const AUTH_PATHS = /^\/(signin|signup|logout|auth)(\/|$)/i;

function tier(limit: number, name: string, message: string): RequestHandler | null {
  if (limit <= 0) return null;
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    identifier: name,
    handler: (_req, res) => {
      res.status(429).set("Cache-Control", CACHE_POLICY.private).type("text/plain").send(message);
    },
  });
}

export function rateLimits(limits: { auth: number; post: number; get: number }): RequestHandler {
  const auth = tier(limits.auth, "auth", "Too many sign-in attempts from your network. Please wait a minute and try again.");
  const post = tier(limits.post, "post", "Too many requests. Please slow down and try again in a minute.");
  const get = tier(limits.get, "get", "Too many requests. Please slow down and try again in a minute.");
  return (req, res, next) => {
    const handler = req.method === "POST" ? (AUTH_PATHS.test(req.path) ? auth : post) : req.method === "GET" || req.method === "HEAD" ? get : post;
    return handler ? handler(req, res, next) : next();
  };
}
