import { describe, expect, it } from "vitest";
import { mediaPositionState, mediaSessionInfo } from "./media-session";
import { createPlayerConfig, initialPlayerState, playerReducer, type PlayerState } from "./machine";

const ORIGIN = "https://hamradioshow.example";
const config = createPlayerConfig("https://streaming.live365.com/a93581");

function episode(image = "/media/img/ep.jpg"): PlayerState {
  const chosen = playerReducer(initialPlayerState(config), {
    type: "choose",
    media: { src: "/a.mp3", title: "Pilot Light", image, duration: 300 },
  });
  return playerReducer(chosen, { type: "switchElapsed", id: chosen.pending!.id });
}

describe("mediaSessionInfo", () => {
  it("within a chapter: its title, the episode as the artist, its picture first", () => {
    const chose = playerReducer(initialPlayerState(config), {
      type: "choose",
      media: { src: "/a.mp3", title: "Pilot Light", image: "/media/img/ep.jpg", chaptersUrl: "/media/chapters/a.json" },
    });
    let s = playerReducer(chose, { type: "switchElapsed", id: chose.pending!.id });
    s = playerReducer(s, { type: "chapter", chapter: { title: "The mailbag", image: "/media/img/mail.png" } });
    expect(mediaSessionInfo(s, ORIGIN)).toEqual({
      title: "The mailbag",
      artist: "Pilot Light",
      album: "The Ham Radio Show",
      artwork: [
        { src: `${ORIGIN}/media/img/mail.png`, type: "image/png" },
        { src: `${ORIGIN}/media/img/ep.jpg`, sizes: "512x512", type: "image/jpeg" },
      ],
    });
    // Another source forgets the chapters; an episode without them takes none.
    s = playerReducer(s, { type: "goLive" });
    expect(s.chapter).toBeNull();
    expect(playerReducer(episode(), { type: "chapter", chapter: { title: "x", image: null } }).chapter).toBeNull();
  });

  it("title, subtext as artist, the show as album, absolute artwork with its type", () => {
    expect(mediaSessionInfo(episode(), ORIGIN)).toEqual({
      title: "Pilot Light",
      artist: "Why? Because We Can!",
      album: "The Ham Radio Show",
      artwork: [{ src: `${ORIGIN}/media/img/ep.jpg`, sizes: "512x512", type: "image/jpeg" }],
    });
  });
  it("live: now-playing title/artist; no art → the default picture", () => {
    let s = playerReducer(initialPlayerState(config), { type: "goLive" });
    s = playerReducer(s, { type: "nowPlaying", info: { title: "Track", artist: "Crew" } });
    const info = mediaSessionInfo(s, ORIGIN)!;
    expect(info.title).toBe("Track");
    expect(info.artist).toBe("Crew");
    expect(info.artwork[0]!.src).toBe(`${ORIGIN}/media/img/default-episode.svg`);
    expect(info.artwork[0]!.type).toBe("image/svg+xml");
  });
  it("keeps absolute artwork URLs; nothing without a source", () => {
    expect(mediaSessionInfo(episode("https://cdn.example/a.png?x=1"), ORIGIN)!.artwork[0]).toEqual({
      src: "https://cdn.example/a.png?x=1",
      sizes: "512x512",
      type: "image/png",
    });
    const cleared = playerReducer(episode(), { type: "signedOut" });
    expect(mediaSessionInfo(cleared, ORIGIN)).toBeNull();
  });
});

describe("mediaPositionState", () => {
  it("episodes of known length: duration, rate and a clamped position", () => {
    let s = playerReducer(episode(), { type: "timeUpdate", time: 42 });
    s = playerReducer(s, { type: "setPlaybackRate", rate: 1.5 });
    expect(mediaPositionState(s)).toEqual({ duration: 300, playbackRate: 1.5, position: 42 });
    expect(mediaPositionState({ ...s, currentTime: 999 })).toEqual({ duration: 300, playbackRate: 1.5, position: 300 });
  });
  it("none for live streams, unknown length or mid-switch", () => {
    expect(mediaPositionState(playerReducer(initialPlayerState(config), { type: "goLive" }))).toBeNull();
    expect(mediaPositionState({ ...episode(), duration: 0 })).toBeNull();
    expect(
      mediaPositionState(playerReducer(episode(), { type: "choose", media: { src: "/b.mp3", title: "B" } })),
    ).toBeNull();
  });
});
