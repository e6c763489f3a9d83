import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where a request's server time goes, for the `Server-Timing` header: time spent in service
 * reads that actually reached the store or upstream (read-cache misses) and in reading the
 * session. The server opens the scope (`withTiming`, handed to it through the Remix build so
 * there is one store) and formats the header; render-cache hits never open one.
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
  if (!t) return read();
  const start = performance.now();
  try {
    return await read();
  } finally {
    t.session += performance.now() - start;
  }
}
