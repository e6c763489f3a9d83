import type { Store } from "express-rate-limit";
import { RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";
import type { Pg } from "./db.server";

/**
 * The rate-limit counters of every instance in one PostgreSQL table (rate-limiter-flexible's
 * PostgreSQL store, one atomic upsert per hit), behind express-rate-limit's store interface, so
 * the tiers, the 429 and its RateLimit headers stay the server's. While PostgreSQL is unreachable
 * each instance counts in its own memory instead (the library's insurance limiter), so the
 * limits still hold per instance and no request fails for want of a counter.
 */
export function createPostgresRateLimitStore(pool: Pg, tier: string): Store {
  let limiter: RateLimiterPostgres | undefined;
  const counters = () => {
    if (!limiter) throw new Error("rate-limit store used before express-rate-limit initialised it");
    return limiter;
  };
  return {
    localKeys: false,
    prefix: `${tier}:`,
    init(options) {
      const points = typeof options.limit === "number" ? options.limit : Number.MAX_SAFE_INTEGER;
      const duration = Math.ceil(options.windowMs / 1000);
      limiter = new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        keyPrefix: tier,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: tier, points, duration }),
      });
    },
    async increment(key) {
      // penalty() counts the hit and resolves whatever the count; the limit is the caller's.
      const res = await counters().penalty(key, 1);
      return { totalHits: res.consumedPoints, resetTime: new Date(Date.now() + res.msBeforeNext) };
    },
    async decrement(key) {
      await counters().reward(key, 1);
    },
    async resetKey(key) {
      await counters().delete(key);
    },
  };
}
