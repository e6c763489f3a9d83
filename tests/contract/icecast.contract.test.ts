import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIcecastSource } from "~/adapters/now-playing/icecast.server";
import {
  NOW_PLAYING_CACHE_MS,
  NOW_PLAYING_OFF_AIR_WITHIN_MS,
  NOW_PLAYING_SHARED_CACHE_S,
  nowPlayingOffAirWorstCaseMs,
} from "~/rules/now-playing";
import { NOW_PLAYING_POLL_MS } from "~/rules/player";
import { createNowPlayingService, fallbackNowPlaying, type NowPlayingResult } from "~/services/now-playing.server";
import { startIcecast, type RealIcecast } from "../support/real/icecast";

/**
 * The now-playing adapter against Debian's Icecast 2.4 fed by ffmpeg. Each answer is the one a
 * listener's next poll gets: the service is asked afresh every time (no 10 s window here).
 */
let icecast: RealIcecast;

beforeAll(async () => {
  icecast = await startIcecast();
}, 60_000);

afterAll(async () => {
  await icecast?.close();
});

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const nowPlaying = () =>
  createNowPlayingService(createIcecastSource({ url: icecast.statusUrl, mount: "/live" }), {
    ttlMs: 0,
    logger: { warn: () => {} },
  }).current();

describe("now playing from Debian's Icecast 2.4", () => {
  it("is the fallback while the mount has no source", async () => {
    expect(await nowPlaying()).toEqual(fallbackNowPlaying());
  });

  it("shows a Latin-1 title (updinfo's default charset), artist and title apart", async () => {
    await icecast.startSource("/live");
    await icecast.setTitle("/live", latin1("Señor Bunker - Café Olé"));
    expect(await nowPlaying()).toEqual({ title: "Café Olé", artist: "Señor Bunker", art: null, fallback: false });
  });

  it("follows a title change", async () => {
    await icecast.setTitle("/live", latin1("The Crew - Antenna Day"));
    expect(await nowPlaying()).toMatchObject({ title: "Antenna Day", artist: "The Crew" });
  });

  it("shows a UTF-8 title sent with charset=UTF-8, beyond Latin-1 too", async () => {
    await icecast.setTitle("/live", utf8("Zoë - Snowman ☃ in Kraków"), "UTF-8");
    expect(await nowPlaying()).toMatchObject({ title: "Snowman ☃ in Kraków", artist: "Zoë" });
  });

  it("shows a UTF-8 title sent without a charset (which Icecast takes for Latin-1)", async () => {
    await icecast.setTitle("/live", utf8("Zoë - Crème brûlée ☃"));
    expect(await nowPlaying()).toMatchObject({ title: "Crème brûlée ☃", artist: "Zoë" });
  });

  it("never shows another mount's song: the fallback once the stream's source stops", async () => {
    await icecast.startSource("/other");
    await icecast.setTitle("/other", latin1("Other Station - Not Our Show"));
    await icecast.stopSource("/live");
    expect(await nowPlaying()).toEqual(fallbackNowPlaying());
  });

  it("goes off air in time for the page: with the production window, the fallback once the source stops", async () => {
    await icecast.startSource("/live");
    await icecast.setTitle("/live", latin1("The Crew - Last Song"));
    // The window an instance keeps its answer, kept warm by listeners polling all the time.
    const service = createNowPlayingService(createIcecastSource({ url: icecast.statusUrl, mount: "/live" }), {
      logger: { warn: () => {} },
    });
    expect(await service.current()).toMatchObject({ title: "Last Song", fallback: false });

    const stoppedAt = performance.now();
    const stopped = icecast.stopSource("/live");
    // What the page adds after this answer turns (its poll, a shared cache) leaves this much.
    const deadline =
      stoppedAt + NOW_PLAYING_OFF_AIR_WITHIN_MS - NOW_PLAYING_POLL_MS - NOW_PLAYING_SHARED_CACHE_S * 1000;
    let answer: NowPlayingResult;
    do {
      answer = await service.current();
      if (answer.fallback) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (performance.now() < deadline);
    const apiMs = Math.round(performance.now() - stoppedAt);
    await stopped;
    expect(answer, `still on air ${apiMs} ms after the source stopped`).toEqual(fallbackNowPlaying());
    console.log(
      `off air: /api/now-playing after ${apiMs} ms (window ${NOW_PLAYING_CACHE_MS} ms); on the page at worst ` +
        `${apiMs + NOW_PLAYING_POLL_MS + NOW_PLAYING_SHARED_CACHE_S * 1000} ms (bound ${nowPlayingOffAirWorstCaseMs()} ms + network)`,
    );
  });

  it("is back on the next poll when the source returns, and the fallback when Icecast is gone", async () => {
    await icecast.startSource("/live");
    await icecast.setTitle("/live", latin1("The Crew - Back On Air"));
    const service = createNowPlayingService(createIcecastSource({ url: icecast.statusUrl, mount: "/live" }), {
      ttlMs: 0,
      logger: { warn: () => {} },
    });
    expect(await service.current()).toMatchObject({ title: "Back On Air", fallback: false });
    await icecast.close();
    expect(await service.current()).toEqual(fallbackNowPlaying());
  });
});
