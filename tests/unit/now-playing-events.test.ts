import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nowPlayingEvents, type NowPlayingEventsOptions } from "../../server/now-playing-events";

const PATH = "/api/now-playing/events";
const ON_AIR = { title: "Last Song", artist: "The Crew", art: null, fallback: false };
const OFF_AIR = { title: "The Ham Radio Show", artist: "Live Radio", art: null, fallback: true };

interface Client {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The `data:` of every event so far, parsed. */
  events: unknown[];
  text: () => string;
  ended: boolean;
  close(): void;
}

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
  servers = [];
});

/** An Express app with the stream, whose answer `current` returns; anything else answers 299. */
async function serve(current: () => unknown, options: Partial<NowPlayingEventsOptions> = {}) {
  const calls = { n: 0 };
  const events = nowPlayingEvents({
    path: PATH,
    current: async () => {
      calls.n++;
      return current();
    },
    checkMs: 10,
    heartbeatMs: 10,
    lifetimeMs: 60_000,
    retryMs: 3_000,
    perAddress: 3,
    cacheControl: "private, no-store",
    ...options,
  });
  const app = express();
  app.set("trust proxy", 1);
  app.use(events);
  app.all("*", (_req, res) => res.status(299).send("remix"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const open = (from = "203.0.113.7", path = PATH) =>
    new Promise<Client>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path, headers: { "X-Forwarded-For": from } }, (res) => {
        let body = "";
        const client: Client = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events: [],
          text: () => body,
          ended: false,
          close: () => req.destroy(),
        };
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
          client.events = [...body.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
        });
        res.on("end", () => (client.ended = true));
        res.on("error", () => {});
        resolve(client);
      });
      req.on("error", reject);
    });
  return { events, open, calls };
}

describe("the push stream of now-playing changes", () => {
  it("a subscriber gets the current answer at once as an event stream, nothing cached or buffered", async () => {
    const { open } = await serve(() => ON_AIR);
    const client = await open();
    expect(client.status).toBe(200);
    expect(client.headers["content-type"]).toBe("text/event-stream");
    expect(client.headers["cache-control"]).toBe("private, no-store");
    expect(client.headers["x-accel-buffering"]).toBe("no");
    await vi.waitFor(() => expect(client.events).toEqual([ON_AIR]));
    expect(client.text()).toMatch(/^retry: 3000\n\n/);
    client.close();
  });

  it("sends each change once to every subscriber, the same bytes, however often it checks", async () => {
    let answer: object = ON_AIR;
    const { open, calls } = await serve(() => answer);
    const [a, b] = [await open("203.0.113.7"), await open("198.51.100.2")];
    await vi.waitFor(() => expect([a.events, b.events]).toEqual([[ON_AIR], [ON_AIR]]));
    const checked = calls.n;
    await vi.waitFor(() => expect(calls.n).toBeGreaterThan(checked + 3));
    answer = OFF_AIR;
    await vi.waitFor(() => expect(a.events).toEqual([ON_AIR, OFF_AIR]));
    const later = calls.n;
    await vi.waitFor(() => expect(calls.n).toBeGreaterThan(later + 3));
    expect(a.events).toEqual([ON_AIR, OFF_AIR]);
    expect(b.events).toEqual([ON_AIR, OFF_AIR]);
    expect(b.text().replace(/^:\n\n/gm, "")).toBe(a.text().replace(/^:\n\n/gm, ""));
    a.close();
    b.close();
  });

  it("a later subscriber gets the last change at once; the watcher runs only while someone listens", async () => {
    const { open, calls, events } = await serve(() => OFF_AIR, { checkMs: 60_000 });
    const first = await open();
    await vi.waitFor(() => expect(first.events).toEqual([OFF_AIR]));
    const second = await open();
    await vi.waitFor(() => expect(second.events).toEqual([OFF_AIR]));
    expect(calls.n).toBe(1);
    first.close();
    second.close();
    await vi.waitFor(() => expect(events.open()).toBe(0));
    // Nobody listens: the next subscriber waits for a fresh read, not the last one kept.
    const third = await open();
    await vi.waitFor(() => expect(third.events).toEqual([OFF_AIR]));
    expect(calls.n).toBe(2);
    third.close();
  });

  it("beats while open, so no proxy takes it for idle, and ends after its lifetime", async () => {
    const { open, events } = await serve(() => ON_AIR, { lifetimeMs: 50 });
    const client = await open();
    await vi.waitFor(() => expect(client.text()).toContain(":\n\n"));
    await vi.waitFor(() => expect(client.ended).toBe(true));
    expect(events.open()).toBe(0);
  });

  it("one address holds at most its share of streams (429, the browser does not retry); others are not held back", async () => {
    const { open, events } = await serve(() => ON_AIR);
    const mine = await Promise.all([open(), open(), open()]);
    expect(mine.map((c) => c.status)).toEqual([200, 200, 200]);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("3");
    expect((await open("198.51.100.2")).status).toBe(200);
    expect(events.open()).toBe(4);
    // A stream that ends frees its place.
    mine[0]!.close();
    await vi.waitFor(() => expect(events.open()).toBe(3));
    expect((await open()).status).toBe(200);
  });

  it("the graceful stop ends every stream at once and refuses new ones", async () => {
    const { open, events } = await serve(() => ON_AIR);
    const clients = [await open(), await open("198.51.100.2")];
    events.close();
    await vi.waitFor(() => expect(clients.map((c) => c.ended)).toEqual([true, true]));
    expect(events.open()).toBe(0);
    expect((await open()).status).toBe(503);
  });

  it("leaves every other request alone", async () => {
    const { open, events } = await serve(() => ON_AIR);
    for (const path of ["/api/now-playing", `${PATH}?x=1`, `${PATH}/`, "/API/now-playing/events"])
      expect((await open("203.0.113.7", path)).status).toBe(299);
    expect(events.open()).toBe(0);
  });
});
