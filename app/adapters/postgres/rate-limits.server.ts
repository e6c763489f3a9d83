import type { Store } from "express-rate-limit";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Pg } from "./db.server";

interface Hit {
  key: string;
  resolve(info: { totalHits: number; resetTime: Date }): void;
  reject(error: unknown): void;
}

/**
 * The rate-limit counters of every instance in one PostgreSQL table (the rows rate-limiter-flexible's
 * PostgreSQL store kept: `<tier>:<address>`, points, expiry), behind express-rate-limit's store
 * interface, so the tiers, the 429 and its RateLimit headers stay the server's. The hits that
 * arrive in one turn of the event loop are counted by one statement (ADR 036): a progress write
 * costs no round trip of its own for its counter. While PostgreSQL is unreachable each instance
 * counts in its own memory instead, so the limits still hold per instance and no request fails for
 * want of a counter.
 */
export function createPostgresRateLimitStore(pool: Pg, tier: string): Store {
  let windowMs = 60_000;
  let insurance: RateLimiterMemory | undefined;
  let pending: Hit[] = [];

  const inMemory = (hit: Hit) =>
    insurance!
      .penalty(hit.key, 1)
      .then(
        (res) => hit.resolve({ totalHits: res.consumedPoints, resetTime: new Date(Date.now() + res.msBeforeNext) }),
        hit.reject,
      );
  const flush = () => {
    const batch = pending;
    pending = [];
    const counts = new Map<string, number>();
    for (const hit of batch) counts.set(hit.key, (counts.get(hit.key) ?? 0) + 1);
    // Keys in one order everywhere, so two instances' statements never wait on each other in a cycle.
    const keys = [...counts.keys()].sort();
    const now = Date.now();
    pool
      .query<{ key: string; points: number; expire: string }>({
        name: "rate-limit-hits",
        text: `INSERT INTO rate_limits (key, points, expire)
               SELECT key, n, $3::bigint FROM unnest($1::text[], $2::int[]) AS t (key, n)
               ON CONFLICT (key) DO UPDATE SET
                 points = CASE WHEN rate_limits.expire <= $4 THEN excluded.points
                               ELSE rate_limits.points + excluded.points END,
                 expire = CASE WHEN rate_limits.expire <= $4 THEN excluded.expire ELSE rate_limits.expire END
               RETURNING key, points, expire`,
        values: [keys, keys.map((k) => counts.get(k)), now + windowMs, now],
      })
      .then(
        ({ rows }) => {
          const counted = new Map(rows.map((r) => [r.key, r]));
          const seen = new Map<string, number>();
          // The hits of one key in this statement are numbered in the order they arrived.
          for (const hit of batch) {
            const row = counted.get(hit.key)!;
            const before = seen.get(hit.key) ?? 0;
            seen.set(hit.key, before + 1);
            const totalHits = row.points - counts.get(hit.key)! + before + 1;
            hit.resolve({ totalHits, resetTime: new Date(Number(row.expire)) });
          }
        },
        () => batch.forEach(inMemory),
      );
  };
  const counter = (key: string) => `${tier}:${key}`;

  return {
    localKeys: false,
    prefix: `${tier}:`,
    init(options) {
      windowMs = options.windowMs;
      const points = typeof options.limit === "number" ? options.limit : Number.MAX_SAFE_INTEGER;
      insurance = new RateLimiterMemory({ keyPrefix: tier, points, duration: Math.ceil(windowMs / 1000) });
    },
    increment(key) {
      if (!insurance) throw new Error("rate-limit store used before express-rate-limit initialised it");
      return new Promise((resolve, reject) => {
        if (pending.push({ key: counter(key), resolve, reject }) === 1) setImmediate(flush);
      });
    },
    async decrement(key) {
      await pool
        .query("UPDATE rate_limits SET points = points - 1 WHERE key = $1 AND points > 0", [counter(key)])
        .catch(() => insurance?.reward(counter(key), 1));
    },
    async resetKey(key) {
      await pool
        .query("DELETE FROM rate_limits WHERE key = $1", [counter(key)])
        .catch(() => insurance?.delete(counter(key)));
    },
  };
}
