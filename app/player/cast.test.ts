import { describe, expect, it } from "vitest";
import { castMediaFor, type CastMedia } from "./cast";
import { createFakeCast } from "./cast-fake";
import { buildCastLoadRequest, contentTypeFor } from "./cast-request";
import { createPlayerConfig, initialPlayerState, muted, playerReducer, type PlayerState } from "./machine";
import { castCapableBrowser } from "./cast-google.client";

const episode: CastMedia = {
  url: "https://cdn.example/ep1.mp3",
  title: "Episode 1",
  poster: "https://cdn.example/ep1.jpg",
  description: "The first one",
  live: false,
};
const ORIGIN = "https://hamradioshow.example";

describe("buildCastLoadRequest (docs/product.md §4, §7)", () => {
  it("carries the episode URL, title, poster and description; BUFFERED for episodes", () => {
    expect(buildCastLoadRequest(episode)).toEqual({
      contentId: "https://cdn.example/ep1.mp3",
      contentType: "audio/mpeg",
      streamType: "BUFFERED",
      metadata: {
        metadataType: 0,
        title: "Episode 1",
        subtitle: "The first one",
        images: [{ url: "https://cdn.example/ep1.jpg" }],
      },
      autoplay: true,
    });
  });
  it("LIVE for the live stream; no images without a poster", () => {
    const req = buildCastLoadRequest({
      ...episode,
      url: "https://streaming.live365.com/a93581",
      live: true,
      poster: "",
    });
    expect(req.streamType).toBe("LIVE");
    expect(req.metadata.images).toEqual([]);
    expect(req.contentType).toBe("audio/mpeg");
  });
  it("content type follows the file extension", () => {
    expect(contentTypeFor("https://x/a.M4A?x=1")).toBe("audio/mp4");
    expect(contentTypeFor("https://x/a.ogg#t")).toBe("audio/ogg");
    expect(contentTypeFor("https://x/stream")).toBe("audio/mpeg");
  });
});

describe("castMediaFor", () => {
  const config = createPlayerConfig("https://streaming.live365.com/a93581");
  const chosen = (s: PlayerState) => {
    const c = playerReducer(s, {
      type: "choose",
      media: { src: "/media/audio/ep1.mp3", title: "Ep 1", image: "/media/img/ep1.jpg", description: "D" },
    });
    return playerReducer(c, { type: "switchElapsed", id: c.pending!.id });
  };
  it("builds absolute URLs for the current episode", () => {
    expect(castMediaFor(chosen(initialPlayerState(config)), ORIGIN)).toEqual({
      url: `${ORIGIN}/media/audio/ep1.mp3`,
      title: "Ep 1",
      poster: `${ORIGIN}/media/img/ep1.jpg`,
      description: "D",
      live: false,
    });
  });
  it("live stream is live", () => {
    const live = playerReducer(initialPlayerState(config), { type: "goLive" });
    expect(castMediaFor(live, ORIGIN)).toMatchObject({ url: config.liveStreamUrl, live: true, poster: "" });
  });
  it("nothing to cast without a source, mid-switch or for the error audio", () => {
    const s = initialPlayerState(config);
    expect(castMediaFor(playerReducer(s, { type: "signedOut" }), ORIGIN)).toBeNull();
    expect(castMediaFor(playerReducer(s, { type: "choose", media: { src: "/a.mp3", title: "A" } }), ORIGIN)).toBeNull();
    expect(castMediaFor(playerReducer(chosen(s), { type: "audioError", code: 1 }), ORIGIN)).toBeNull();
  });
});

describe("createFakeCast", () => {
  it("connect/disconnect fire session events that drive the player's muted output", async () => {
    const cast = createFakeCast();
    let state = initialPlayerState(createPlayerConfig("https://live"));
    const events: boolean[] = [];
    const off = cast.onSessionChange((connected) => {
      events.push(connected);
      state = playerReducer(state, { type: "castSession", connected });
    });
    expect(cast.isAvailable()).toBe(true);
    await cast.connect();
    expect(cast.isConnected()).toBe(true);
    expect(muted(state)).toBe(true);
    await cast.load(episode);
    expect(cast.loads).toEqual([buildCastLoadRequest(episode)]);
    cast.simulateRemoteDisconnect();
    expect(muted(state)).toBe(false);
    await cast.connect();
    await cast.disconnect();
    await cast.disconnect(); // no duplicate event
    expect(events).toEqual([true, false, true, false]);
    off();
    await cast.connect();
    expect(events).toHaveLength(4);
  });
  it("load without a session and connect without a device reject", async () => {
    const cast = createFakeCast({ available: false });
    expect(cast.isAvailable()).toBe(false);
    await expect(cast.connect()).rejects.toThrow();
    await expect(cast.load(episode)).rejects.toThrow();
    expect(cast.loads).toEqual([]);
  });
  it("losing the device ends the session", async () => {
    const cast = createFakeCast();
    await cast.connect();
    cast.setAvailable(false);
    expect(cast.isConnected()).toBe(false);
  });
});

describe("cast start position and browser support", () => {
  it("an episode past 0 starts on the device where the page is; live never carries a position", () => {
    expect(buildCastLoadRequest({ ...episode, startTime: 125.7 }).currentTime).toBe(125);
    expect(buildCastLoadRequest({ ...episode, startTime: 0 }).currentTime).toBeUndefined();
    expect(buildCastLoadRequest({ ...episode, startTime: Number.NaN }).currentTime).toBeUndefined();
    expect(buildCastLoadRequest({ ...episode, live: true, startTime: 30 }).currentTime).toBeUndefined();
  });
  it("castMediaFor passes the current position of an episode", () => {
    const config = createPlayerConfig("https://streaming.live365.com/a93581");
    const c = playerReducer(initialPlayerState(config), {
      type: "choose",
      media: { src: "/a.mp3", title: "A", duration: 100 },
    });
    let s = playerReducer(c, { type: "switchElapsed", id: c.pending!.id });
    expect(castMediaFor(s, ORIGIN)!.startTime).toBeUndefined();
    s = playerReducer(s, { type: "timeUpdate", time: 40 });
    expect(castMediaFor(s, ORIGIN)!.startTime).toBe(40);
  });
  it("the fake reports availability changes", () => {
    const fake = createFakeCast({ available: false });
    const seen: boolean[] = [];
    const off = fake.onAvailabilityChange((a) => seen.push(a));
    fake.setAvailable(true);
    fake.setAvailable(true);
    fake.setAvailable(false);
    off();
    fake.setAvailable(true);
    expect(seen).toEqual([true, false]);
  });
  it("the Cast web sender runs in Chromium browsers only (not iOS)", () => {
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const safari =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
    const iosChrome =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1";
    expect([chrome, android, firefox, safari, iosChrome].map(castCapableBrowser)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
