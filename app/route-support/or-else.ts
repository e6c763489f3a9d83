import { createStateLog } from "../services/state-log";
import { log } from "../services/log.server";

const states = createStateLog((m) => log.error(m));

/**
 * The promise's value; if it fails, the failure is logged under `what` (once until it succeeds
 * again) and `fallback` decides: a value to use instead, or a thrown response. A failure that already is a response (a 503 for a
 * database outage) is thrown as it is: no fallback stands in for the app's own data.
 */
export function orElse<T>(what: string, promise: Promise<T>, fallback: () => NoInfer<T>): Promise<T>;
export function orElse<T>(what: string, promise: Promise<T>, fallback: () => null): Promise<T | null>;
export async function orElse<T>(what: string, promise: Promise<T>, fallback: () => T | null): Promise<T | null> {
  try {
    const value = await promise;
    states.ok(what, `[${what}] recovered`);
    return value;
  } catch (error) {
    if (error instanceof Response) throw error;
    states.failed(what, `[${what}] failed: ${error instanceof Error ? error.message : String(error)}`);
    return fallback();
  }
}
