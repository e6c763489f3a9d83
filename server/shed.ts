import type { RequestHandler } from "express";

/**
 * Load shedding for the render path. A render is milliseconds of the only JavaScript thread, and
 * with the embedded database it runs start to finish inside the event-loop turn its request
 * arrived in: a flood of uncached pages then makes every turn hundreds of milliseconds long, and
 * everything else (cache hits, static files, /healthz, new connections) waits behind it.
 *
 * So at most `perTurn` renders start in one turn and at most `concurrency` run at once (renders
 * that wait on PostgreSQL or an upstream overlap); up to `queue` more wait for a later turn, in
 * arrival order; any more are answered 503 with Retry-After at once. Every turn stays short and
 * the rest of the server stays fast; a flood is refused cheaply.
 */
export interface ShedOptions {
  concurrency: number;
  perTurn: number;
  queue: number;
  retryAfterSeconds: number;
  cacheControl: string;
}

export function shedLoad(
  options: ShedOptions,
): RequestHandler & { stats(): { running: number; waiting: number; shed: number } } {
  let running = 0;
  let startedThisTurn = 0;
  let turnScheduled = false;
  let shed = 0;
  const waiting: (() => void)[] = [];
  const canStart = () => running < options.concurrency && startedThisTurn < options.perTurn;
  const drain = () => {
    while (waiting.length > 0 && canStart()) waiting.shift()!();
  };
  // The budget of a turn is renewed in the next one (setImmediate runs right after this turn's I/O).
  const nextTurn = () => {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(() => {
      turnScheduled = false;
      startedThisTurn = 0;
      drain();
    });
  };

  const handler: RequestHandler = (req, res, next) => {
    if (options.concurrency <= 0) return next();
    const start = () => {
      if (res.destroyed) return;
      running++;
      startedThisTurn++;
      nextTurn();
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        running--;
        drain();
      };
      res.once("finish", finish);
      res.once("close", finish);
      next();
    };
    if (waiting.length === 0 && canStart()) return start();
    if (waiting.length < options.queue) {
      waiting.push(start);
      nextTurn();
      // A client that gives up while waiting leaves the queue.
      res.once("close", () => {
        const i = waiting.indexOf(start);
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
