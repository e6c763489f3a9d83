/**
 * Logs an upstream's failures once per change of state: the first failure, then nothing while it
 * keeps failing, then one line when it answers again. With the network down, every listener's
 * poll or page view fails the same way; the log says what changed, not each repeat.
 */
export function createStateLog(log: (message: string) => void) {
  const failing = new Set<string>();
  return {
    failed(upstream: string, message: string) {
      if (failing.has(upstream)) return;
      failing.add(upstream);
      log(`${message} (said once until it recovers)`);
    },
    ok(upstream: string, message = `${upstream} recovered`) {
      if (failing.delete(upstream)) log(message);
    },
  };
}
