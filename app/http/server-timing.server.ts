import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where a request's server time goes, for the `Server-Timing` header (issue 6 §3): time spent
 * in service reads that actually reached the store or upstream (cache misses of `withCache` /
 * `withResilientCache`) and in reading the session. Only requests that render through Remix run
 * inside a timing scope; render-cache hits never touch this module.
 *
 * Service calls of one page run in parallel, so `data` is the sum of their durations (an upper
 * bound of their share of the wall time), and `calls` how many there were.
 */
export interface RequestTiming {
  data: number;
  calls: number;
  session: number;
}

const storage = new AsyncLocalStorage<RequestTiming>();

export function withTiming<T>(timing: RequestTiming, fn: () => T): T {
  return storage.run(timing, fn);
}

export function newTiming(): RequestTiming {
  return { data: 0, calls: 0, session: 0 };
}

/** Adds `ms` to the current request's data time (no-op outside a request). */
export function recordDataTime(ms: number): void {
  const t = storage.getStore();
  if (t) {
    t.data += ms;
    t.calls += 1;
  }
}

/** Measures a promise's settle time as data time of the current request. */
export function timeData<T>(value: T): T {
  if (!storage.getStore() || !(value instanceof Promise)) return value;
  const start = performance.now();
  const done = () => recordDataTime(performance.now() - start);
  value.then(done, done);
  return value;
}

/** Measures the session read of the current request. */
export async function timeSession<T>(read: () => Promise<T>): Promise<T> {
  const t = storage.getStore();
  const start = performance.now();
  try {
    return await read();
  } finally {
    if (t) t.session += performance.now() - start;
  }
}

const ms = (n: number) => n.toFixed(1);

/** The `Server-Timing` value: cache state, render time, and the data/session parts when known. */
export function serverTimingHeader(cache: string, renderMs?: number, timing?: RequestTiming): string {
  const parts = [`cache;desc=${cache}`];
  if (renderMs !== undefined) parts.push(`render;dur=${ms(renderMs)}`);
  if (timing && timing.calls > 0) parts.push(`data;dur=${ms(timing.data)};desc="${timing.calls} uncached reads (sum)"`);
  if (timing && timing.session > 0) parts.push(`session;dur=${ms(timing.session)}`);
  return parts.join(", ");
}
