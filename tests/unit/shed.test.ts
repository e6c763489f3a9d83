import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import type { Request, Response } from "express";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { shedLoad } from "../../server/shed";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A server whose every request holds its slot until `release()` is called. */
async function serve(concurrency: number, queue: number) {
  const held: (() => void)[] = [];
  const shed = shedLoad({ concurrency, perTurn: 100, queue, retryAfterSeconds: 5, cacheControl: "private, no-store" });
  const app = express();
  app.get("/fast", (_req, res) => res.send("fast"));
  app.use(shed);
  app.get("/slow", (_req, res) => held.push(() => res.send("done")));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };
  return { base, held, shed, until };
}

describe("load shedding on the render path", () => {
  it("runs `concurrency` at once, queues `queue`, refuses the rest at once with 503 and Retry-After", async () => {
    const { base, held, shed, until } = await serve(2, 1);
    const running = [fetch(`${base}/slow`), fetch(`${base}/slow`), fetch(`${base}/slow`)];
    await until(() => held.length === 2 && shed.stats().waiting === 1);
    const refused = await fetch(`${base}/slow`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toMatch(/busy/);
    // What the limit does not cover is answered meanwhile.
    expect(await (await fetch(`${base}/fast`)).text()).toBe("fast");
    held.shift()!();
    await until(() => held.length === 2);
    expect(shed.stats()).toEqual({ running: 2, waiting: 0, shed: 1 });
    while (held.length) held.shift()!();
    const answers = await Promise.all(running.map(async (r) => (await r).status));
    expect(answers).toEqual([200, 200, 200]);
    await until(() => shed.stats().running === 0);
  });

  it("a client that leaves the queue gives its place up", async () => {
    const { base, held, shed, until } = await serve(1, 1);
    const first = fetch(`${base}/slow`);
    await until(() => held.length === 1);
    const leaving = new AbortController();
    const gone = fetch(`${base}/slow`, { signal: leaving.signal }).catch(() => "aborted");
    await until(() => shed.stats().waiting === 1);
    leaving.abort();
    expect(await gone).toBe("aborted");
    await until(() => shed.stats().waiting === 0);
    const next = fetch(`${base}/slow`);
    await until(() => shed.stats().waiting === 1);
    held.shift()!();
    await until(() => held.length === 1);
    held.shift()!();
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
  });
});

describe("renders per event-loop turn", () => {
  /** A response that finishes when told, and records a refusal. */
  const fakeResponse = () => {
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
      refused: 0,
      status: () => res,
      set: () => res,
      type: () => res,
      send: () => {
        res.refused = 1;
        return res;
      },
    });
    return res;
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("starts at most perTurn in one turn; the rest start in later turns, in order, or are refused past the queue", async () => {
    const shed = shedLoad({ concurrency: 100, perTurn: 2, queue: 3, retryAfterSeconds: 5, cacheControl: "x" });
    const started: number[] = [];
    const responses = Array.from({ length: 6 }, fakeResponse);
    responses.forEach((res, i) =>
      shed({} as Request, res as unknown as Response, () => {
        started.push(i);
        // A render of the embedded database finishes within its turn.
        res.emit("finish");
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(responses.map((r) => r.refused)).toEqual([0, 0, 0, 0, 0, 1]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(shed.stats()).toEqual({ running: 0, waiting: 0, shed: 1 });
  });
});
