import { cachified, softPurge, totalTtl, type Cache, type CacheEntry } from "@epic-web/cachified";
import { LRUCache } from "lru-cache";
import { createStateLog } from "~/services/state-log";
import { log as appLog } from "./log.server";
import { metrics } from "./metrics.server";

/**
 * Read cache in front of a service: every async method's result is kept per argument list.
 * - fresh (younger than `ttlMs`): served from memory;
 * - stale (up to `staleMs` more): served at once while one background refresh runs, so a
 *   failing upstream keeps serving its last good copy;
 * - nothing usable: the call goes through and its error reaches the caller (not cached).
 * Concurrent misses of one key share one call. Failures are logged once per method until it
 * answers again.
 */
export interface ReadCacheOptions {
  ttlMs?: number;
  staleMs?: number;
  max?: number;
  log?: (message: string) => void;
}

/** How long a remote system's last good copy is served while it fails. */
export const REMOTE_STALE_MS = 24 * 60 * 60_000;

export function withReadCache<T extends object>(name: string, service: T, options: ReadCacheOptions = {}): T {
  const ttl = options.ttlMs ?? 30_000;
  const swr = options.staleMs ?? 0;
  const log = options.log ?? ((m: string) => appLog.warn(m));
  const states = createStateLog(log);
  const lru = new LRUCache<string, CacheEntry>({ max: options.max ?? 5_000 });
  const cache: Cache = {
    get: (key) => lru.get(key),
    set: (key, entry) => {
      const lifetime = totalTtl(entry.metadata);
      lru.set(key, entry, { ttl: lifetime === Infinity ? undefined : lifetime });
    },
    delete: (key) => lru.delete(key),
  };

  const proxy = new Proxy(service, {
    get(target, prop, receiver) {
      const original = Reflect.get(target, prop, receiver);
      if (typeof original !== "function") return original;
      const label = `${name}.${String(prop)}`;
      return (...args: unknown[]) =>
        cachified(
          {
            cache,
            key: `${String(prop)}:${JSON.stringify(args)}`,
            ttl,
            swr,
            getFreshValue: () => (original as (...a: unknown[]) => Promise<unknown>).apply(target, args),
          },
          () => (event) => {
            if (event.name === "getCachedValueSuccess") metrics.cache.inc({ cache: name, result: "hit" });
            else if (event.name === "getFreshValueStart" || event.name === "getFreshValueHookPending")
              metrics.cache.inc({ cache: name, result: "miss" });
            else if (event.name === "getFreshValueError")
              states.failed(label, `[${label}] failed: ${describe(event.error)}`);
            else if (event.name === "refreshValueError")
              states.failed(label, `[${label}] refresh failed, serving last good copy: ${describe(event.error)}`);
            else if (event.name === "getFreshValueSuccess" || event.name === "refreshValueSuccess")
              states.ok(label, `[${label}] recovered`);
          },
        );
    },
  });
  invalidators.set(proxy, () => {
    if (swr === 0) lru.clear();
    // A remote copy turns stale but stays the last good copy while the upstream is down.
    else for (const key of [...lru.keys()]) void softPurge({ cache, key });
  });
  return proxy;
}

const invalidators = new WeakMap<object, () => void>();

/** Makes the next read of a `withReadCache` service go to the source (no-op for other objects). */
export function invalidateReadCache(service: object): void {
  invalidators.get(service)?.();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
