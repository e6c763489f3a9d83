/**
 * An in-process lock per key: calls with the same key run one after another, others run freely.
 * It serialises read-then-write sequences against Firebase within ONE server process; several app
 * servers do not share it (see docs/decisions/005-firebase.md for what that means).
 */
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
