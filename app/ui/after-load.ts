// Work that can wait past the first load. Both helpers return a canceller for effect clean-ups.

/** Runs `fn` once the window's load event has fired (at once if it already has). */
export function afterLoad(fn: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) fn();
  };
  if (document.readyState === "complete") {
    const t = window.setTimeout(run, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(t);
    };
  }
  window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
  };
}

/** Runs `fn` after the load event, when the browser is idle (at most `timeoutMs` later). */
export function whenLoadedAndIdle(fn: () => void, timeoutMs = 2_000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const hasIdle = typeof window.requestIdleCallback === "function";
  const cancelLoad = afterLoad(() => {
    idle = hasIdle
      ? window.requestIdleCallback(() => !cancelled && fn(), { timeout: timeoutMs })
      : window.setTimeout(() => !cancelled && fn(), 200);
  });
  return () => {
    cancelled = true;
    cancelLoad();
    if (idle !== undefined) {
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    }
  };
}
