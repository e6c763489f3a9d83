import { createStateLog } from "~/services/state-log";
import { log as appLog } from "~/services/log.server";

/**
 * A store the request needs cannot be reached right now (the database is down, restarting or
 * out of connections). Not the caller's fault and not a bug: the edge answers 503 and the
 * listener may retry; nothing was written.
 */
export class OutageError extends Error {
  override name = "OutageError";
}

/** `service` with every method's result seen by `ok` and every failure replaced by what `fail` makes of it. */
function intercept<T extends object>(service: T, on: { ok?: () => void; fail: (error: unknown) => unknown }): T {
  const fail = (error: unknown): never => {
    throw on.fail(error);
  };
  const ok = <V>(value: V): V => {
    on.ok?.();
    return value;
  };
  // One wrapper per method, not one per call: a signed-in page calls several.
  const wrappers = new WeakMap<object, (...args: unknown[]) => unknown>();
  return new Proxy(service, {
    get(target, prop, receiver) {
      const original = Reflect.get(target, prop, receiver);
      if (typeof original !== "function") return original;
      let wrapper = wrappers.get(original);
      if (!wrapper) {
        wrapper = (...args: unknown[]) => {
          try {
            const result = (original as (...a: unknown[]) => unknown).apply(target, args);
            return result instanceof Promise ? result.then(ok, fail) : result;
          } catch (error) {
            return fail(error);
          }
        };
        wrappers.set(original, wrapper);
      }
      return wrapper;
    },
  });
}

/** `service` with every method's failure (thrown or rejected) replaced by what `map` makes of it. */
export function mapFailures<T extends object>(service: T, map: (error: unknown) => unknown): T {
  return intercept(service, { fail: map });
}

export type CallState = "ok" | "down" | "unknown";

/**
 * `service`, watched: `state()` says whether its last call reached the system behind it ("ok"),
 * failed to ("down", for failures `counts` as the system's, not the caller's), or none was made
 * yet. Passive, so a health check never adds load to an upstream.
 */
export function watchCalls<T extends object>(
  service: T,
  counts: (error: unknown) => boolean = () => true,
): { service: T; state(): CallState } {
  let state: CallState = "unknown";
  return {
    service: intercept(service, {
      ok: () => (state = "ok"),
      fail: (error) => {
        if (counts(error)) state = "down";
        return error;
      },
    }),
    state: () => state,
  };
}

/**
 * `service` whose failures that `isOutage` recognises become an OutageError: logged in one line
 * without a stack, once until a call succeeds again (then "recovered", once).
 */
export function withOutages<T extends object>(
  name: string,
  service: T,
  isOutage: (error: unknown) => boolean,
  log: (message: string) => void = (m) => appLog.error(m),
): T {
  const states = createStateLog(log);
  return intercept(service, {
    ok: () => states.ok(name, `[${name}] recovered`),
    fail: (error) => {
      if (!isOutage(error)) return error;
      const message = error instanceof Error ? error.message : String(error);
      states.failed(name, `[${name}] unavailable: ${message}`);
      return new OutageError(message, { cause: error });
    },
  });
}
