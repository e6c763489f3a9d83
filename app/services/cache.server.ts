import { LRUCache } from "lru-cache";
import { timeData } from "~/http/server-timing.server";

/**
 * In-process read cache for a service: every async method's result is kept per argument list
 * for a short TTL, so pages do no repeated database or upstream work per request.
 * Concurrent callers of the same key share one in-flight promise. The time of the calls that
 * do reach the store shows in the request's `Server-Timing` (data).
 */
export function withCache<T extends object>(name: string, service: T, ttlMs = 30_000, max = 2_000): T {
  const cache = new LRUCache<string, { value: Promise<unknown> }>({ max, ttl: ttlMs });
  const proxy = new Proxy(service, {
    get(target, prop, receiver) {
      const original = Reflect.get(target, prop, receiver);
      if (typeof original !== "function") return original;
      return (...args: unknown[]) => {
        const key = `${name}.${String(prop)}:${JSON.stringify(args)}`;
        const hit = cache.get(key);
        if (hit) return hit.value;
        const value = timeData((original as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        cache.set(key, { value });
        // A failure is not cached.
        Promise.resolve(value).catch(() => cache.delete(key));
        return value;
      };
    },
  });
  clearers.set(proxy, () => cache.clear());
  return proxy;
}

const clearers = new WeakMap<object, () => void>();

/** Registers how to forget what a cached service proxy holds (see `clearServiceCache`). */
export function onClearServiceCache(service: object, clear: () => void): void {
  clearers.set(service, clear);
}

/** Forgets the cached reads of a service built with `withCache`/`withResilientCache` (no-op otherwise). */
export function clearServiceCache(service: object): void {
  clearers.get(service)?.();
}
