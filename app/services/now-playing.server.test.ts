import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createNowPlayingService, fallbackNowPlaying, type NowPlayingSource } from "./now-playing.server";
import { createLive365Source } from "~/adapters/now-playing/live365.server";
import { createIcecastSource } from "~/adapters/now-playing/icecast.server";
import { createNowPlayingFromEnv } from "~/adapters/now-playing/from-env.server";
import { NOW_PLAYING_MAX_BYTES } from "~/adapters/now-playing/http-json.server";
import { NOW_PLAYING_CACHE_MS as WINDOW } from "~/rules/now-playing";

/** A local stand-in for the streaming service: counts requests, can fail, stall or send junk. */
type Mode = "ok" | "fail" | "junk" | "slow" | "huge" | "icecast" | "azuracast";
let mode: Mode = "ok";
let hits = 0;
let delayMs = 0;
let server: http.Server;
let origin = "";

const LIVE365_BODY = {
  "current-track": { title: "Bunker Sessions Vol. 7", artist: "The Crew", art: "https://img.example/a.jpg" },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    const send = (status: number, body: string) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    const reply = () => {
      switch (mode) {
        case "fail":
          return send(503, "down");
        case "junk":
          return send(200, "{not json");
        case "huge":
          return send(
            200,
            JSON.stringify({ "current-track": { title: "x".repeat(NOW_PLAYING_MAX_BYTES), artist: "" } }),
          );
        case "icecast":
          return send(
            200,
            JSON.stringify({
              icestats: {
                source: [
                  { listenurl: "http://r/other", title: "Nope" },
                  { listenurl: "http://r/live", title: "Crew - Mount Track" },
                ],
              },
            }),
          );
        case "azuracast":
          return send(
            200,
            JSON.stringify({ now_playing: { song: { title: "Azura Track", artist: "Azura Artist", art: "" } } }),
          );
        case "slow":
          return setTimeout(() => send(200, JSON.stringify(LIVE365_BODY)), 1_500);
        default:
          return delayMs
            ? setTimeout(() => send(200, JSON.stringify(LIVE365_BODY)), delayMs)
            : send(200, JSON.stringify(LIVE365_BODY));
      }
    };
    reply();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  mode = "ok";
  hits = 0;
  delayMs = 0;
});

const quiet = () => ({ warn: vi.fn() });

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("now-playing service against a local upstream", () => {
  it("20 concurrent clients → one upstream request, all get the track", async () => {
    delayMs = 50;
    const c = clock();
    const service = createNowPlayingService(createLive365Source({ url: `${origin}/station/a93581` }), {
      now: c.now,
      logger: quiet(),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => service.current()));
    expect(hits).toBe(1);
    for (const a of answers) {
      expect(a).toEqual({
        title: "Bunker Sessions Vol. 7",
        artist: "The Crew",
        art: "https://img.example/a.jpg",
        fallback: false,
      });
    }
  });

  it("20 clients polling over 5 windows → at most one upstream request per window", async () => {
    const c = clock();
    const service = createNowPlayingService(createLive365Source({ url: `${origin}/x` }), {
      now: c.now,
      logger: quiet(),
    });
    const perWindow: number[] = [];
    for (let w = 0; w < 5; w++) {
      const before = hits;
      // Each of the 20 clients polls at its own offset within the window; some at the same instant.
      for (let step = 0; step < 10; step++) {
        await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 10 === step ? service.current() : null)));
        await Promise.all([service.current(), service.current()]);
        c.advance(WINDOW / 10);
      }
      perWindow.push(hits - before);
    }
    expect(perWindow.every((n) => n <= 1)).toBe(true);
    expect(hits).toBe(5);
  });

  it("a failing upstream is asked once per window too, and gives the docs/product.md §8 fallback", async () => {
    mode = "fail";
    const c = clock();
    const logger = quiet();
    const service = createNowPlayingService(createLive365Source({ url: `${origin}/x` }), { now: c.now, logger });
    const answers = await Promise.all(Array.from({ length: 20 }, () => service.current()));
    expect(hits).toBe(1);
    for (const a of answers)
      expect(a).toEqual({ title: "The Ham Radio Show", artist: "Live Radio", art: null, fallback: true });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0][0])).toMatch(/HTTP 503/);
    c.advance(WINDOW - 1);
    await service.current();
    expect(hits).toBe(1);
    c.advance(1);
    await service.current();
    expect(hits).toBe(2);
    // Still failing: nothing more to say until it recovers, then one line.
    expect(logger.warn).toHaveBeenCalledTimes(1);
    mode = "ok";
    c.advance(10_000);
    expect((await service.current()).fallback).toBe(false);
    c.advance(10_000);
    await service.current();
    expect(logger.warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/live365 failed .*HTTP 503/),
      "now-playing: live365 recovered",
    ]);
  });

  it("timeout → fallback when nothing good exists, without waiting for the upstream", async () => {
    mode = "slow";
    const logger = quiet();
    const service = createNowPlayingService(createLive365Source({ url: `${origin}/x`, timeoutMs: 150 }), { logger });
    const started = Date.now();
    const answer = await service.current();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(answer).toEqual(fallbackNowPlaying());
    expect(String(logger.warn.mock.calls[0][0])).toMatch(/TimeoutError|abort/i);
  });

  it("timeout, junk, 5xx and oversized answers → the fallback from the next window, even after a good track", async () => {
    const c = clock();
    const service = createNowPlayingService(createLive365Source({ url: `${origin}/x`, timeoutMs: 150 }), {
      now: c.now,
      logger: quiet(),
    });
    const good = await service.current();
    expect(good.fallback).toBe(false);
    for (const m of ["slow", "junk", "fail", "huge"] as const) {
      mode = m;
      c.advance(WINDOW - 1);
      expect(await service.current()).toEqual(good);
      c.advance(1);
      expect(await service.current()).toEqual(fallbackNowPlaying());
      mode = "ok";
      c.advance(WINDOW);
      expect(await service.current()).toEqual(good);
    }
  });

  it("recovers as soon as the upstream is good again (next window)", async () => {
    mode = "fail";
    const c = clock();
    const service = createNowPlayingService(createLive365Source({ url: `${origin}/x` }), {
      now: c.now,
      logger: quiet(),
    });
    expect((await service.current()).fallback).toBe(true);
    mode = "ok";
    c.advance(WINDOW);
    expect((await service.current()).title).toBe("Bunker Sessions Vol. 7");
  });

  it("reads Icecast status JSON (the stream's mount) and AzuraCast now-playing JSON", async () => {
    mode = "icecast";
    const ice = createNowPlayingService(createIcecastSource({ url: `${origin}/status-json.xsl`, mount: "/live" }), {
      logger: quiet(),
    });
    expect(await ice.current()).toEqual({ title: "Mount Track", artist: "Crew", art: null, fallback: false });
    mode = "azuracast";
    const azura = createNowPlayingService(createIcecastSource({ url: `${origin}/api/nowplaying/1` }), {
      logger: quiet(),
    });
    expect(await azura.current()).toEqual({ title: "Azura Track", artist: "Azura Artist", art: null, fallback: false });
  });
});

describe("now-playing service (injected source)", () => {
  it("never throws, even when the source throws synchronously-ish", async () => {
    const source: NowPlayingSource = {
      name: "broken",
      fetchCurrent: () => Promise.reject(new TypeError("fetch failed")),
    };
    const service = createNowPlayingService(source, { logger: quiet() });
    await expect(service.current()).resolves.toEqual(fallbackNowPlaying());
  });

  it("a clock that goes backwards starts a new window instead of freezing", async () => {
    let calls = 0;
    const source: NowPlayingSource = {
      name: "s",
      fetchCurrent: async () => (calls++, { title: `T${calls}`, artist: "" }),
    };
    const c = clock();
    const service = createNowPlayingService(source, { now: c.now, logger: quiet() });
    await service.current();
    c.advance(-60_000);
    expect((await service.current()).title).toBe("T2");
  });

  it("NOW_PLAYING_KIND=none never calls out and always gives the fallback", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const service = createNowPlayingFromEnv({
      NOW_PLAYING_KIND: "none",
      NOW_PLAYING_URL: undefined,
      LIVE_STREAM_URL: "https://s.example/live",
    });
    expect(await service.current()).toEqual(fallbackNowPlaying());
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("live365 without NOW_PLAYING_URL asks the Live365 API of station a93581", async () => {
    const urls: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify(LIVE365_BODY), { headers: { "content-type": "application/json" } });
    });
    const service = createNowPlayingFromEnv({
      NOW_PLAYING_KIND: "live365",
      NOW_PLAYING_URL: undefined,
      LIVE_STREAM_URL: "https://streaming.live365.com/a93581",
    });
    expect((await service.current()).title).toBe("Bunker Sessions Vol. 7");
    expect(urls).toEqual(["https://api.live365.com/station/a93581"]);
    fetchSpy.mockRestore();
  });
});
