import type { RequestHandler } from "express";

/**
 * Load shedding for the render path: at most `concurrency` requests run Remix at once and at
 * most `queue` wait for a turn; any more are answered 503 with Retry-After at once. One render
 * is many milliseconds of the only JavaScript thread, so without a bound a flood of uncached
 * pages queues every other request (cache hits, static files, /healthz, new connections) behind
 * it for seconds; with it, the flood is refused cheaply and the rest stays fast.
 */
export function shedLoad(options: {
  concurrency: number;
  queue: number;
  retryAfterSeconds: number;
  cacheControl: string;
}): RequestHandler & { stats(): { running: number; waiting: number; shed: number } } {
  let running = 0;
  let shed = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const handler: RequestHandler = (req, res, next) => {
    if (options.concurrency <= 0) return next();
    const start = () => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        release();
      };
      res.once("finish", finish);
      res.once("close", finish);
      next();
    };
    if (running < options.concurrency) {
      running++;
      return start();
    }
    if (waiting.length < options.queue) {
      const turn = () => (res.destroyed ? release() : start());
      waiting.push(turn);
      // A client that gives up while waiting leaves the queue.
      res.once("close", () => {
        const i = waiting.indexOf(turn);
        if (i !== -1) waiting.splice(i, 1);
      });
      return;
    }
    shed++;
    res
      .status(503)
      .set({ "Retry-After": String(options.retryAfterSeconds), "Cache-Control": options.cacheControl })
      .type("text/plain")
      .send("The site is very busy right now. Please try again in a few seconds.");
  };
  return Object.assign(handler, { stats: () => ({ running, waiting: waiting.length, shed }) });
}
