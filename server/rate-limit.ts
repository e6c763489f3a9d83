import type { RequestHandler } from "express";
import { rateLimit, type Store } from "express-rate-limit";

/**
 * Rate limits in three tiers, keyed on the client address Express derives with the configured
 * number of trusted proxies (TRUST_PROXY_HOPS): sign-in/up/OAuth/logout POSTs and those of the
 * mailed flows (password reset, address confirmation), other POSTs, and page GETs. Over the
 * limit: 429 with the standard RateLimit headers. Counters live in this process unless a shared
 * store is given: then the POST tiers are counted once for every instance; GETs always per process.
 */
const AUTH_PATHS = /^\/(signin|signup|logout|auth|forgot-password|reset-password|verify-email|user\/delete)(\/|$)/i;

/**
 * The path as the router will see it: percent-decoded, dot segments resolved, repeated slashes
 * collapsed. Matching the raw path let "/%73ignin" or "/x/../signin" reach sign-in under the
 * looser POST tier.
 */
export function routedPath(raw: string): string {
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: the router refuses these; match the path as sent.
  }
  return new URL(path.replace(/\\/g, "/").replace(/\/{2,}/g, "/"), "http://in.site").pathname;
}

/** A sign-in, sign-up or other account POST (these hash passwords or send mail). */
export const isAuthPost = (method: string, path: string): boolean =>
  method === "POST" && AUTH_PATHS.test(routedPath(path));

export type RateLimitStore = (tier: string) => Store;

function tier(
  limit: number,
  name: string,
  message: string,
  cacheControl: string,
  store: RateLimitStore | undefined,
): RequestHandler | null {
  if (limit <= 0) return null;
  return rateLimit({
    store: store?.(name),
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

/** `cacheControl`: the Cache-Control of a 429 (the app's private policy); `store`: shared counters. */
export function rateLimits(
  limits: { auth: number; post: number; get: number },
  cacheControl: string,
  store?: RateLimitStore,
): RequestHandler {
  const auth = tier(
    limits.auth,
    "auth",
    "Too many sign-in attempts from your network. Please wait a minute and try again.",
    cacheControl,
    store,
  );
  const post = tier(
    limits.post,
    "post",
    "Too many requests. Please slow down and try again in a minute.",
    cacheControl,
    store,
  );
  const get = tier(
    limits.get,
    "get",
    "Too many requests. Please slow down and try again in a minute.",
    cacheControl,
    // Reads write nothing: page GETs are counted in this process only (a shared counter cost a
    // database write per page view). Each instance allows the limit; nginx can cap the sum.
    undefined,
  );
  return (req, res, next) => {
    const handler = isAuthPost(req.method, req.path)
      ? auth
      : req.method === "GET" || req.method === "HEAD"
        ? get
        : post;
    return handler ? handler(req, res, next) : next();
  };
}
