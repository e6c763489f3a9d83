/**
 * The promise's value; if it fails, the failure is logged under `what` and `fallback` decides:
 * a value to use instead, or a thrown response. A failure that already is a response (a 503 for a
 * database outage) is thrown as it is: no fallback stands in for the app's own data.
 */
export function orElse<T>(what: string, promise: Promise<T>, fallback: () => NoInfer<T>): Promise<T>;
export function orElse<T>(what: string, promise: Promise<T>, fallback: () => null): Promise<T | null>;
export async function orElse<T>(what: string, promise: Promise<T>, fallback: () => T | null): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`[${what}] failed:`, error instanceof Error ? error.message : error);
    return fallback();
  }
}
