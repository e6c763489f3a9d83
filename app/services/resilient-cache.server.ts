import { LRUCache } from "lru-cache";
import { timeData } from "~/http/server-timing.server";
import { onClearServiceCache } from "./cache.server";

/**
 * Read cache for services backed by a remote system (SPEC §8 "Failed fetches elsewhere: logged
 * only"): every async method's result is kept per argument list.
 * - fresh (younger than `freshMs`): served from memory, no upstream call;
 * - stale: served at once from memory while one background refresh runs (stale-while-revalidate);
 * - upstream failing: the last good copy keeps being served, up to `maxStaleMs`;
 * - no good copy at all: the error reaches the caller (the page shows its empty fallback).
 * Concurrent misses of one key share one upstream request. Failures are logged, one line each.
 */
export interface ResilientCacheOptions {
  freshMs?: number;
  maxStaleMs?: number;
  max?: number;
  now?: () => number;
  log?: (message: string) => void;
}

interface Entry {
  value: unknown;
  at: number;
}

export function withResilientCache<T extends object>(name: string, service: T, options: ResilientCacheOptions = {}): T {
  const freshMs = options.freshMs ?? 30_000;
  const maxStaleMs = options.maxStaleMs ?? 24 * 60 * 60_000;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((m: string) => console.warn(m));
  const good = new LRUCache<string, Entry>({ max: options.max ?? 5_000 });
  const inflight = new Map<string, Promise<unknown>>();

  const load = (key: string, call: () => Promise<unknown>): Promise<unknown> => {
    const running = inflight.get(key);
    if (running) return running;
    const p = timeData(call())
      .then((value) => {
        good.set(key, { value, at: now() });
        return value;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, p);
    return p;
  };

  const proxy = new Proxy(service, {
    get(target, prop, receiver) {
      const original = Reflect.get(target, prop, receiver);
      if (typeof original !== "function") return original;
      return async (...args: unknown[]) => {
        const key = `${String(prop)}:${JSON.stringify(args)}`;
        const call = () => (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        const cached = good.get(key);
        const age = cached ? now() - cached.at : Infinity;
        if (cached && age < freshMs) return cached.value;
        if (cached && age < maxStaleMs) {
          load(key, call).catch((error: unknown) => log(`[${name}.${String(prop)}] refresh failed, serving last good copy: ${describe(error)}`));
          return cached.value;
        }
        try {
          return await load(key, call);
        } catch (error) {
          log(`[${name}.${String(prop)}] failed: ${describe(error)}`);
          throw error;
        }
      };
    },
  });
  // Invalidation makes every copy stale (the next read refreshes it) but keeps it as the
  // last good copy, so a failing upstream still serves the old content.
  onClearServiceCache(proxy, () => {
    for (const key of [...good.keys()]) {
      const entry = good.get(key);
      if (entry) good.set(key, { value: entry.value, at: Math.min(entry.at, now() - freshMs) });
    }
  });
  return proxy;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
