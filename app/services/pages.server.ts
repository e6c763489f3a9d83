/**
 * SPEC §8 "Failed fetches elsewhere: Logged only. Lists stay empty or show 'Loading...'."
 * A failing part of a page is logged and replaced by its empty value; the page still renders.
 */
export async function orEmpty<T>(what: string, promise: Promise<T>, empty: T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    console.error(`[${what}] failed:`, error instanceof Error ? error.message : error);
    return empty;
  }
}
