/**
 * A store the request needs cannot be reached right now (the database is down, restarting or
 * out of connections). Not the caller's fault and not a bug: the edge answers 503 and the
 * listener may retry; nothing was written.
 */
export class OutageError extends Error {
  override name = "OutageError";
}

/** `service` with every method's failure (thrown or rejected) replaced by what `map` makes of it. */
export function mapFailures<T extends object>(service: T, map: (error: unknown) => unknown): T {
  const fail = (error: unknown): never => {
    throw map(error);
  };
  return new Proxy(service, {
    get(target, prop, receiver) {
      const original = Reflect.get(target, prop, receiver);
      if (typeof original !== "function") return original;
      return (...args: unknown[]) => {
        try {
          const result = (original as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? result.catch(fail) : result;
        } catch (error) {
          return fail(error);
        }
      };
    },
  });
}

/** `service` whose failures that `isOutage` recognises become an OutageError (one log line, no stack). */
export function withOutages<T extends object>(name: string, service: T, isOutage: (error: unknown) => boolean): T {
  return mapFailures(service, (error) => {
    if (!isOutage(error)) return error;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[${name}] unavailable: ${message}`);
    return new OutageError(message, { cause: error });
  });
}
