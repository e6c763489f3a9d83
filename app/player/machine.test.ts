import { describe, expect, it } from "vitest";
import {
  createPlayerConfig,
  initialPlayerState,
  isPlayingSource,
  muted,
  playerReducer,
  shouldPollNowPlaying,
  shouldSyncProgress,
  rememberedEpisode,
  failureReason,
  SIGNED_OUT_NOTICE,
  type EpisodeMedia,
  type PlayerAction,
  type PlayerState,
} from "./machine";
import {
  ALREADY_PLAYING_ALERT,
  DEFAULT_EPISODE_SUBTEXT,
  DEFAULT_LIVE_STREAM_URL,
  DEFAULT_PLAYER_TITLE,
  ERROR_AUDIO_PATH,
  NOW_PLAYING_FALLBACK,
} from "../rules/player";

const config = createPlayerConfig(DEFAULT_LIVE_STREAM_URL);
const LIVE = DEFAULT_LIVE_STREAM_URL;
const ep1: EpisodeMedia = {
  src: "https://cdn.example/ep1.mp3",
  title: "Episode 1",
  image: "/img/ep1.jpg",
  description: "First one",
  duration: 3600,
};
const ep2: EpisodeMedia = { src: "https://cdn.example/ep2.mp3", title: "Episode 2", coldcut: true };

const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const init = () => initialPlayerState(config);
/** Choose + let the 100 ms switch elapse. */
function playing(media: EpisodeMedia, state = init(), startTime?: number): PlayerState {
  const chosen = playerReducer(state, { type: "choose", media, startTime });
  return playerReducer(chosen, { type: "switchElapsed", id: chosen.pending!.id });
}

describe("initial state (docs/product.md §4 Player)", () => {
  it("has the live stream source, live flag off, default title, not playing", () => {
    const s = init();
    expect(s.src).toBe(LIVE);
    expect(s.live).toBe(false);
    expect(s.title).toBe(DEFAULT_PLAYER_TITLE);
    expect(s.playing).toBe(false);
    expect(s.currentTime).toBe(0);
    expect(s.casting).toBe(false);
    expect(s.favorite).toBe(false);
    expect(s.playbackRate).toBe(1);
  });
});

describe("play / pause", () => {
  it("toggle flips playing", () => {
    const a = playerReducer(init(), { type: "toggle" });
    expect(a.playing).toBe(true);
    expect(playerReducer(a, { type: "toggle" }).playing).toBe(false);
  });
  it("explicit play/pause are idempotent (same object when nothing changes)", () => {
    const s = init();
    expect(playerReducer(s, { type: "pause" })).toBe(s);
    const p = playerReducer(s, { type: "play" });
    expect(p.playing).toBe(true);
    expect(playerReducer(p, { type: "play" })).toBe(p);
    expect(playerReducer(p, { type: "pause" }).playing).toBe(false);
  });
  it("playing the initial live source does not turn the live flag on", () => {
    expect(playerReducer(init(), { type: "play" }).live).toBe(false);
  });
  it("play with no source plays the error audio (docs/product.md §8)", () => {
    const s = run(init(), { type: "signedOut" }, { type: "play" });
    expect(s.src).toBe(ERROR_AUDIO_PATH);
    expect(s.kind).toBe("error");
    expect(s.playing).toBe(true);
  });
});

describe("choosing an episode (docs/product.md §4)", () => {
  it("stops, clears the source and sets a pending switch", () => {
    const before = playerReducer(init(), { type: "play" });
    const s = playerReducer(before, { type: "choose", media: ep1 });
    expect(s.playing).toBe(false);
    expect(s.src).toBe("");
    expect(s.pending).toMatchObject({ media: ep1, autoplay: true, startTime: null });
    expect(s.title).toBe(DEFAULT_PLAYER_TITLE); // title is set only after the delay
  });
  it("switchElapsed sets source, title, image, subtext, live off, time 0 and plays", () => {
    const live = run(init(), { type: "goLive" });
    const s = playing(ep1, live);
    expect(s).toMatchObject({
      src: ep1.src,
      kind: "episode",
      title: "Episode 1",
      image: "/img/ep1.jpg",
      backgroundImage: "/img/ep1.jpg",
      description: "First one",
      subtext: DEFAULT_EPISODE_SUBTEXT,
      live: false,
      currentTime: 0,
      duration: 3600,
      playing: true,
      pending: null,
      requestedTime: null,
    });
  });
  it("keeps the cold cut flag for share links", () => {
    expect(playing(ep2).coldcut).toBe(true);
    expect(playing(ep1).coldcut).toBe(false);
  });
  it("a stale switchElapsed (older id) is ignored; the latest choice wins", () => {
    const a = playerReducer(init(), { type: "choose", media: ep1 });
    const b = playerReducer(a, { type: "choose", media: ep2 });
    expect(playerReducer(b, { type: "switchElapsed", id: a.pending!.id })).toBe(b);
    const done = playerReducer(b, { type: "switchElapsed", id: b.pending!.id });
    expect(done.src).toBe(ep2.src);
  });
  it("switchElapsed without a pending switch is a no-op", () => {
    const s = init();
    expect(playerReducer(s, { type: "switchElapsed", id: 1 })).toBe(s);
  });
  it("choosing the episode already pending changes nothing", () => {
    const a = playerReducer(init(), { type: "choose", media: ep1 });
    expect(playerReducer(a, { type: "choose", media: ep1 })).toBe(a);
  });
  it("pressing play on the episode already playing: no change, alert shown", () => {
    const s = playing(ep1);
    const again = playerReducer(s, { type: "choose", media: ep1 });
    expect(again.alert?.text).toBe(ALREADY_PLAYING_ALERT);
    expect({ ...again, alert: null }).toEqual(s);
  });
  it("the same notice raised again is a new one (announced again), with the same text", () => {
    const once = playerReducer(playing(ep1), { type: "choose", media: ep1 });
    const twice = playerReducer(once, { type: "choose", media: ep1 });
    expect(twice.alert?.text).toBe(ALREADY_PLAYING_ALERT);
    expect(twice.alert?.id).not.toBe(once.alert?.id);
  });
  it("notify raises any notice (the era share, the voice icon) without touching playback", () => {
    const s = playing(ep1);
    const told = playerReducer(s, { type: "notify", text: "Coming Soon!" });
    expect(told.alert?.text).toBe("Coming Soon!");
    expect({ ...told, alert: null }).toEqual(s);
    expect(playerReducer(s, { type: "notify", text: "" })).toBe(s);
  });
  it("dismissAlert clears the alert; with none it returns the same state", () => {
    const s = playerReducer(playing(ep1), { type: "choose", media: ep1 });
    expect(playerReducer(s, { type: "dismissAlert" }).alert).toBeNull();
    const clean = init();
    expect(playerReducer(clean, { type: "dismissAlert" })).toBe(clean);
  });
  it("choosing the loaded but paused episode resumes it at its position", () => {
    const s = run(playing(ep1), { type: "timeUpdate", time: 42 }, { type: "pause" });
    const again = playerReducer(s, { type: "choose", media: ep1 });
    expect(again).toMatchObject({ playing: true, currentTime: 42, src: ep1.src, pending: null, alert: null });
  });
  it("choosing another episode while one plays switches", () => {
    const s = playerReducer(playing(ep1), { type: "choose", media: ep2 });
    expect(s.src).toBe("");
    expect(s.pending?.media).toBe(ep2);
  });
  it("a pause during the 100 ms switch cancels autoplay; toggle flips it", () => {
    const a = playerReducer(init(), { type: "choose", media: ep1 });
    const paused = playerReducer(a, { type: "pause" });
    expect(paused.pending?.autoplay).toBe(false);
    expect(playerReducer(paused, { type: "switchElapsed", id: a.pending!.id }).playing).toBe(false);
    expect(playerReducer(paused, { type: "toggle" }).pending?.autoplay).toBe(true);
    expect(playerReducer(a, { type: "play" })).toBe(a);
  });
  it("the favorite flag follows the chosen media", () => {
    expect(playing({ ...ep1, favorite: true }).favorite).toBe(true);
    const fav = playerReducer(playing(ep1), { type: "setFavorite", favorite: true });
    expect(playing(ep2, fav).favorite).toBe(false);
  });
  it("a share start time (?t=) starts there, clamped to the known duration", () => {
    const s = playing(ep1, init(), 90);
    expect(s.currentTime).toBe(90);
    expect(s.requestedTime).toBe(90);
    const over = playing(ep1, init(), 99_999);
    expect(over.requestedTime).toBe(3600);
  });
  it("a start time with an unknown duration is clamped once the duration arrives", () => {
    const s = playing(ep2, init(), 500);
    expect(s.requestedTime).toBe(500);
    const d = playerReducer(s, { type: "durationChange", duration: 120 });
    expect(d.requestedTime).toBe(120);
    expect(d.currentTime).toBe(120);
  });
  it("a zero or negative start time is ignored", () => {
    expect(playing(ep1, init(), 0).requestedTime).toBeNull();
    expect(playing(ep1, init(), -5).requestedTime).toBeNull();
  });
});

describe("live radio (docs/product.md §4)", () => {
  it("goLive sets the live flag, the live source and plays with the default title", () => {
    const s = run(playing(ep1), { type: "timeUpdate", time: 100 }, { type: "goLive" });
    expect(s).toMatchObject({
      live: true,
      src: LIVE,
      kind: "live",
      playing: true,
      title: NOW_PLAYING_FALLBACK.title,
      subtext: NOW_PLAYING_FALLBACK.artist,
      currentTime: 0,
      duration: 0,
      image: "",
    });
  });
  it("goLive during a pending switch cancels the switch", () => {
    const a = playerReducer(init(), { type: "choose", media: ep1 });
    const s = playerReducer(a, { type: "goLive" });
    expect(s.pending).toBeNull();
    expect(s.src).toBe(LIVE);
    expect(playerReducer(s, { type: "switchElapsed", id: a.pending!.id })).toBe(s);
  });
  it("goLive when already live only resumes and keeps the now-playing text", () => {
    const s = run(
      init(),
      { type: "goLive" },
      { type: "nowPlaying", info: { title: "Song", artist: "Band" } },
      { type: "pause" },
      { type: "goLive" },
    );
    expect(s).toMatchObject({ playing: true, title: "Song", subtext: "Band" });
    expect(playerReducer(s, { type: "goLive" })).toBe(s);
  });
  it("nowPlaying sets title, subtext and art while live", () => {
    const s = run(
      init(),
      { type: "goLive" },
      { type: "nowPlaying", info: { title: "T", artist: "A", art: "https://x/a.jpg" } },
    );
    expect(s).toMatchObject({ title: "T", subtext: "A", image: "https://x/a.jpg" });
  });
  it("a new track without art clears the previous track's art", () => {
    const s = run(
      init(),
      { type: "goLive" },
      { type: "nowPlaying", info: { title: "T", artist: "A", art: "https://x/a.jpg" } },
      { type: "nowPlaying", info: { title: "U", artist: "B" } },
    );
    expect(s.image).toBe("");
  });
  it("nowPlaying is ignored when not live (initial state, episodes, after leaving live)", () => {
    const info = { title: "T", artist: "A" };
    const i = init();
    expect(playerReducer(i, { type: "nowPlaying", info })).toBe(i);
    const e = run(init(), { type: "goLive" });
    const ep = playing(ep1, e);
    expect(playerReducer(ep, { type: "nowPlaying", info })).toBe(ep);
  });
  it("shouldPollNowPlaying is true only while live", () => {
    expect(shouldPollNowPlaying(init())).toBe(false);
    const live = run(init(), { type: "goLive" });
    expect(shouldPollNowPlaying(live)).toBe(true);
    expect(shouldPollNowPlaying(playerReducer(live, { type: "pause" }))).toBe(true);
    expect(shouldPollNowPlaying(playing(ep1, live))).toBe(false);
    expect(shouldPollNowPlaying(playerReducer(live, { type: "choose", media: ep1 }))).toBe(false);
  });
});

describe("time, duration and seeking (docs/product.md §4)", () => {
  it("source change resets the position to 0", () => {
    const s = run(playing(ep1), { type: "timeUpdate", time: 300 });
    expect(s.currentTime).toBe(300);
    expect(playing(ep2, s).currentTime).toBe(0);
    expect(run(s, { type: "goLive" }).currentTime).toBe(0);
  });
  it("timeUpdate records the position, clamped to the duration; junk is ignored", () => {
    const s = playing(ep1);
    expect(playerReducer(s, { type: "timeUpdate", time: 12.5 }).currentTime).toBe(12.5);
    expect(playerReducer(s, { type: "timeUpdate", time: 9999 }).currentTime).toBe(3600);
    expect(playerReducer(s, { type: "timeUpdate", time: -3 }).currentTime).toBe(0);
    expect(playerReducer(s, { type: "timeUpdate", time: NaN })).toBe(s);
    expect(playerReducer(s, { type: "timeUpdate", time: 0 })).toBe(s);
  });
  it("timeUpdate is ignored while a requested position is pending, until seekApplied", () => {
    const s = run(playing(ep1), { type: "seek", time: 600 });
    expect(playerReducer(s, { type: "timeUpdate", time: 0 })).toBe(s);
    const applied = playerReducer(s, { type: "seekApplied" });
    expect(applied.requestedTime).toBeNull();
    expect(playerReducer(applied, { type: "timeUpdate", time: 601 }).currentTime).toBe(601);
    expect(playerReducer(applied, { type: "seekApplied" })).toBe(applied);
  });
  it("durationChange stores finite durations and clamps the position", () => {
    const s = run(playing(ep2), { type: "timeUpdate", time: 500 }, { type: "durationChange", duration: 200 });
    expect(s.duration).toBe(200);
    expect(s.currentTime).toBe(200);
  });
  it("durationChange: Infinity/NaN mean unknown (0) but never erase a known episode duration", () => {
    expect(run(init(), { type: "goLive" }, { type: "durationChange", duration: Infinity }).duration).toBe(0);
    expect(playerReducer(playing(ep1), { type: "durationChange", duration: NaN }).duration).toBe(3600);
  });
  it("seek is clamped to 0..duration", () => {
    const s = playing(ep1);
    expect(playerReducer(s, { type: "seek", time: 120 })).toMatchObject({ currentTime: 120, requestedTime: 120 });
    expect(playerReducer(s, { type: "seek", time: -10 }).currentTime).toBe(0);
    expect(playerReducer(s, { type: "seek", time: 1e9 }).currentTime).toBe(3600);
    expect(playerReducer(s, { type: "seek", time: NaN })).toBe(s);
  });
  it("no seeking when live, when the duration is unknown, or mid-switch", () => {
    const live = run(init(), { type: "goLive" });
    expect(playerReducer(live, { type: "seek", time: 10 })).toBe(live);
    const unknown = playing(ep2);
    expect(playerReducer(unknown, { type: "seek", time: 10 })).toBe(unknown);
    const mid = playerReducer(playing(ep1), { type: "choose", media: ep2 });
    expect(playerReducer(mid, { type: "skip", seconds: 30 })).toBe(mid);
  });
  it("skip moves relative to the position, clamped", () => {
    const s = run(playing(ep1), { type: "timeUpdate", time: 10 });
    expect(playerReducer(s, { type: "skip", seconds: -15 }).currentTime).toBe(0);
    expect(playerReducer(s, { type: "skip", seconds: 30 }).currentTime).toBe(40);
    const end = run(playing(ep1), { type: "timeUpdate", time: 3590 }, { type: "skip", seconds: 30 });
    expect(end.currentTime).toBe(3600);
  });
  it("ended stops playback at the end", () => {
    const s = run(playing(ep1), { type: "timeUpdate", time: 3599 }, { type: "ended" });
    expect(s).toMatchObject({ playing: false, currentTime: 3600 });
  });
  it("invariant: currentTime stays within [0, duration] over a random action sequence", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = (): PlayerAction => {
      const n = rnd() * 1e5 - 2e4;
      const options: PlayerAction[] = [
        { type: "timeUpdate", time: n },
        { type: "durationChange", duration: rnd() < 0.2 ? Infinity : Math.abs(n) },
        { type: "seek", time: n },
        { type: "skip", seconds: rnd() < 0.5 ? -15 : 30 },
        { type: "seekApplied" },
        { type: "toggle" },
        { type: "ended" },
        { type: "choose", media: rnd() < 0.5 ? ep1 : ep2, startTime: Math.abs(n) },
        { type: "switchElapsed", id: Math.floor(rnd() * 30) },
        { type: "goLive" },
        { type: "audioError", code: Math.floor(rnd() * 5) },
        { type: "restore", user: null, sync: { AudioSrc: ep1.src, Duration: 100, currentTime: n } },
      ];
      return options[Math.floor(rnd() * options.length)];
    };
    let s = init();
    for (let i = 0; i < 3000; i++) {
      s = playerReducer(s, pick());
      expect(s.currentTime).toBeGreaterThanOrEqual(0);
      if (s.duration > 0) expect(s.currentTime).toBeLessThanOrEqual(s.duration);
      if (s.requestedTime !== null && s.duration > 0) expect(s.requestedTime).toBeLessThanOrEqual(s.duration);
      expect(Number.isFinite(s.duration)).toBe(true);
    }
  });
});

describe("audio errors (docs/product.md §4, §8)", () => {
  it("code 1 (aborted) plays the error audio", () => {
    const s = playerReducer(playing(ep1), { type: "audioError", code: 1 });
    expect(s).toMatchObject({ src: ERROR_AUDIO_PATH, kind: "error", playing: true, currentTime: 0, live: false });
  });
  it("code 4 (source not supported / missing file) plays the error audio", () => {
    expect(playerReducer(playing(ep1), { type: "audioError", code: 4 }).src).toBe(ERROR_AUDIO_PATH);
  });
  it("an error without a source plays the error audio", () => {
    const s = run(init(), { type: "signedOut" }, { type: "audioError", code: 2 });
    expect(s.src).toBe(ERROR_AUDIO_PATH);
    expect(s.playing).toBe(true);
  });
  it("codes 2 (network) and 3 (decode) stop playback and keep the source for a retry", () => {
    for (const code of [2, 3]) {
      const s = playerReducer(run(playing(ep1), { type: "seek", time: 30 }), { type: "audioError", code });
      expect(s).toMatchObject({ src: ep1.src, playing: false, requestedTime: null, kind: "episode" });
    }
  });
  it("an error of the error audio itself just stops (no loop)", () => {
    const err = playerReducer(playing(ep1), { type: "audioError", code: 1 });
    const s = playerReducer(err, { type: "audioError", code: 1 });
    expect(s).toMatchObject({ src: ERROR_AUDIO_PATH, playing: false });
    expect(playerReducer(s, { type: "audioError", code: 4 }).src).toBe(ERROR_AUDIO_PATH);
  });
  it("choosing a card without an audio source plays the error audio at once", () => {
    const s = playerReducer(playing(ep1), { type: "choose", media: { src: " ", title: "Broken" } });
    expect(s).toMatchObject({ src: ERROR_AUDIO_PATH, kind: "error", playing: true, pending: null });
  });
  it("errors during the 100 ms switch (source cleared on purpose) are ignored", () => {
    const mid = playerReducer(playing(ep1), { type: "choose", media: ep2 });
    expect(playerReducer(mid, { type: "audioError", code: 1 })).toBe(mid);
  });
  it("errors reported for another (old) source are ignored", () => {
    const s = playing(ep2);
    expect(playerReducer(s, { type: "audioError", code: 1, src: ep1.src })).toBe(s);
    expect(playerReducer(s, { type: "audioError", code: 1, src: ep2.src }).src).toBe(ERROR_AUDIO_PATH);
  });
  it("a live stream error (aborted) leaves live mode for the error audio", () => {
    const s = run(init(), { type: "goLive" }, { type: "audioError", code: 1 });
    expect(s.live).toBe(false);
    expect(shouldPollNowPlaying(s)).toBe(false);
  });
});

describe("what the listener is told", () => {
  it("buffering shows while playing and waiting for data, and ends when it can play, on pause or a new source", () => {
    const s = run(playing(ep1), { type: "waiting" });
    expect(s.buffering).toBe(true);
    expect(run(s, { type: "canPlay" }).buffering).toBe(false);
    expect(run(s, { type: "pause" }).buffering).toBe(false);
    expect(run(s, { type: "choose", media: ep2 }).buffering).toBe(false);
    expect(run(init(), { type: "waiting" }).buffering).toBe(false);
  });
  it("a dead live stream is a failure in words that retry plays again (the error audio still plays)", () => {
    const s = run(init(), { type: "goLive" }, { type: "audioError", code: 4 });
    expect(s.src).toBe(ERROR_AUDIO_PATH);
    expect(s.failure).toMatchObject({ src: LIVE, live: true, reason: failureReason(4) });
    const again = run(s, { type: "retry" });
    expect(again).toMatchObject({ src: LIVE, live: true, playing: true, failure: null });
    expect(shouldPollNowPlaying(again)).toBe(true);
  });
  it("a network error keeps the source, names the reason and retry resumes it", () => {
    const s = run(playing(ep1), { type: "audioError", code: 2 });
    expect(s.failure?.reason).toBe(failureReason(2));
    expect(run(s, { type: "retry" })).toMatchObject({ src: ep1.src, playing: true, failure: null, title: ep1.title });
  });
  it("each code has its own words; retry without a failure changes nothing", () => {
    expect(new Set([1, 2, 3, 4].map(failureReason)).size).toBe(4);
    const s = playing(ep1);
    expect(run(s, { type: "retry" })).toBe(s);
  });
  it("choosing, going live or dismissing clears a failure", () => {
    const s = run(playing(ep1), { type: "audioError", code: 2 });
    expect(run(s, { type: "goLive" }).failure).toBeNull();
    expect(run(s, { type: "choose", media: ep2 }).failure).toBeNull();
    expect(run(s, { type: "dismissFailure" })).toMatchObject({ failure: null, src: ep1.src });
  });
  it("a session that ended elsewhere leaves a notice, until dismissed; an explicit logout does not", () => {
    const s = run(playing(ep1), { type: "signedOut" });
    expect(s.notice).toBe(SIGNED_OUT_NOTICE);
    expect(run(s, { type: "dismissNotice" }).notice).toBeNull();
    expect(run(playing(ep1), { type: "logout" }).notice).toBeNull();
  });
  it("a restored place is offered as a resume until played or dismissed", () => {
    const s = run(init(), {
      type: "restore",
      user: null,
      sync: { AudioTitle: "Pilot Light", AudioSrc: ep1.src, Duration: 3600, currentTime: 24 },
    });
    expect(s.resume).toEqual({ title: "Pilot Light", time: 24 });
    expect(run(s, { type: "play" }).resume).toBeNull();
    expect(run(s, { type: "dismissResume" }).resume).toBeNull();
    const noPlace = run(init(), {
      type: "restore",
      user: { audioTitle: "Pilot Light", audioSrc: ep1.src },
      sync: null,
    });
    expect(noPlace.resume).toBeNull();
  });
});

describe("speed", () => {
  it("setPlaybackRate clamps to 0.5–3 on the 0.25 grid", () => {
    expect(playerReducer(init(), { type: "setPlaybackRate", rate: 1.5 }).playbackRate).toBe(1.5);
    expect(playerReducer(init(), { type: "setPlaybackRate", rate: 10 }).playbackRate).toBe(3);
    expect(playerReducer(init(), { type: "setPlaybackRate", rate: 0.1 }).playbackRate).toBe(0.5);
    expect(playerReducer(init(), { type: "setPlaybackRate", rate: 1.3 }).playbackRate).toBe(1.25);
  });
  it("stepRate moves by 0.25 within the limits", () => {
    expect(playerReducer(init(), { type: "stepRate", direction: 1 }).playbackRate).toBe(1.25);
    expect(playerReducer(init(), { type: "stepRate", direction: -1 }).playbackRate).toBe(0.75);
    const max = playerReducer(init(), { type: "setPlaybackRate", rate: 3 });
    expect(playerReducer(max, { type: "stepRate", direction: 1 }).playbackRate).toBe(3);
  });
});

describe("speed per era", () => {
  const mlr: EpisodeMedia = { src: "https://cdn.example/mlr.mp3", title: "MLR 1", era: "MLR" };
  const mlr2: EpisodeMedia = { src: "https://cdn.example/mlr2.mp3", title: "MLR 2", era: "MLR" };
  const ppr: EpisodeMedia = { src: "https://cdn.example/ppr.mp3", title: "PPR 1", era: "PPR" };
  const cold: EpisodeMedia = { src: "https://cdn.example/cc.mp3", title: "CC 1", era: "MLR", coldcut: true };

  it("a speed chosen in an episode is its era's; another era starts at its own, that era's next episode at it", () => {
    const fast = run(playing(mlr), { type: "setPlaybackRate", rate: 1.5 });
    expect(fast.speeds).toEqual({ MLR: 1.5 });
    const other = playing(ppr, fast);
    expect(other.playbackRate).toBe(1);
    const slow = run(other, { type: "stepRate", direction: -1 });
    expect(slow.speeds).toEqual({ MLR: 1.5, PPR: 0.75 });
    expect(playing(mlr2, slow).playbackRate).toBe(1.5);
  });
  it("Cold Cut keeps a speed of its own, apart from its era's", () => {
    const s = run(playing(mlr), { type: "setPlaybackRate", rate: 2 });
    const cc = playing(cold, s);
    expect(cc.playbackRate).toBe(1);
    expect(run(cc, { type: "setPlaybackRate", rate: 1.25 }).speeds).toEqual({ MLR: 2, "Cold Cut": 1.25 });
  });
  it("an episode of no known era keeps the speed playing and records none", () => {
    const s = run(playing(mlr), { type: "setPlaybackRate", rate: 2 });
    const plain = playing(ep1, s);
    expect(plain.playbackRate).toBe(2);
    expect(run(plain, { type: "setPlaybackRate", rate: 0.5 }).speeds).toEqual({ MLR: 2 });
  });
  it("remembered speeds apply to the era's episodes, to the one loaded too; bad values are dropped", () => {
    const s = run(playing(mlr), { type: "remembered", preferences: { speeds: { MLR: 1.75, PPR: Number.NaN } } });
    expect(s.playbackRate).toBe(1.75);
    expect(s.speeds).toEqual({ MLR: 1.75 });
    expect(run(init(), { type: "remembered", preferences: { speeds: { PPR: 9 } } }).speeds).toEqual({ PPR: 3 });
  });
  it("logout keeps the speeds", () => {
    const s = run(playing(mlr), { type: "setPlaybackRate", rate: 1.5 }, { type: "logout" });
    expect(playing(mlr2, s).playbackRate).toBe(1.5);
  });
});

describe("what the browser remembers", () => {
  const mlr: EpisodeMedia = { src: "https://cdn.example/mlr.mp3", title: "MLR 1", era: "MLR", duration: 600 };

  it("volume and mute come back; an out-of-range volume or a wrong type is ignored", () => {
    const s = run(init(), { type: "remembered", preferences: { volume: 0.4, muted: true } });
    expect([s.volume, s.userMuted, muted(s)]).toEqual([0.4, true, true]);
    const bad = run(init(), { type: "remembered", preferences: { volume: 7, muted: "yes" as unknown as boolean } });
    expect([bad.volume, bad.userMuted]).toEqual([1, false]);
    expect(run(init(), { type: "remembered", preferences: { volume: 0 } }).volume).toBe(1);
  });
  it("the last episode comes back paused at its place, with the resume offer and its era's speed", () => {
    const start = run(init(), { type: "remembered", preferences: { speeds: { MLR: 1.5 } } });
    const s = run(start, { type: "restoreEpisode", media: mlr, time: 125 });
    expect(s).toMatchObject({
      src: mlr.src,
      kind: "episode",
      title: "MLR 1",
      era: "MLR",
      playing: false,
      live: false,
      duration: 600,
      currentTime: 125,
      requestedTime: 125,
      playbackRate: 1.5,
      resume: { title: "MLR 1", time: 125 },
    });
    expect(run(s, { type: "play" })).toMatchObject({ playing: true, resume: null });
  });
  it("never replaces audio the listener started, live or an episode", () => {
    const live = run(init(), { type: "goLive" });
    expect(run(live, { type: "restoreEpisode", media: mlr, time: 10 })).toBe(live);
    const paused = run(playing(ep1), { type: "pause" });
    expect(run(paused, { type: "restoreEpisode", media: mlr, time: 10 })).toBe(paused);
    const pending = run(init(), { type: "choose", media: ep1 });
    expect(run(pending, { type: "restoreEpisode", media: mlr, time: 10 })).toBe(pending);
  });
  it("a position past the end is clamped; none or a bad one loads the episode at 0 with no offer", () => {
    expect(run(init(), { type: "restoreEpisode", media: mlr, time: 9999 }).currentTime).toBe(600);
    const zero = run(init(), { type: "restoreEpisode", media: mlr, time: Number.NaN });
    expect(zero).toMatchObject({ src: mlr.src, currentTime: 0, requestedTime: null, resume: null });
  });
  it("rememberedEpisode: the episode and its place, and nothing for live or mid-switch", () => {
    const s = run(playing(mlr), { type: "timeUpdate", time: 33 });
    expect(rememberedEpisode(s)).toEqual({
      media: expect.objectContaining({ src: mlr.src, title: "MLR 1", era: "MLR", duration: 600 }),
      time: 33,
    });
    expect(rememberedEpisode(run(s, { type: "goLive" }))).toBeNull();
    expect(rememberedEpisode(run(s, { type: "choose", media: ep1 }))).toBeNull();
    expect(rememberedEpisode(init())).toBeNull();
  });
  it("what was remembered round-trips: restored, it is remembered the same", () => {
    const s = run(playing(mlr), { type: "timeUpdate", time: 33 });
    const kept = rememberedEpisode(s)!;
    const back = run(init(), { type: "restoreEpisode", media: kept.media, time: kept.time }, { type: "seekApplied" });
    expect(rememberedEpisode(back)).toEqual(kept);
  });
});

describe("casting (docs/product.md §4)", () => {
  it("castSession sets the casting flag; muted derives from it", () => {
    const on = playerReducer(init(), { type: "castSession", connected: true });
    expect(on.casting).toBe(true);
    expect(muted(on)).toBe(true);
    const off = playerReducer(on, { type: "castSession", connected: false });
    expect(off.casting).toBe(false);
    expect(muted(off)).toBe(false);
    expect(playerReducer(off, { type: "castSession", connected: false })).toBe(off);
  });
});

describe("favorites flag", () => {
  it("setFavorite sets and clears", () => {
    const on = playerReducer(playing(ep1), { type: "setFavorite", favorite: true });
    expect(on.favorite).toBe(true);
    expect(playerReducer(on, { type: "setFavorite", favorite: false }).favorite).toBe(false);
    expect(playerReducer(on, { type: "setFavorite", favorite: true })).toBe(on);
  });
});

describe("session (docs/product.md §4 Session)", () => {
  const user = { audioTitle: "Saved", audioSrc: "https://cdn.example/saved.mp3", duration: 1800 };
  const sync = {
    AudioTitle: "Synced",
    AudioSrc: "https://cdn.example/synced.mp3",
    Duration: 2400,
    AudioImg: "/i.jpg",
    currentTime: 754,
  };

  it("restore applies the user record (title, source, duration)", () => {
    const s = playerReducer(init(), { type: "restore", user, sync: null });
    expect(s).toMatchObject({
      title: "Saved",
      src: user.audioSrc,
      duration: 1800,
      kind: "episode",
      currentTime: 0,
      playing: false,
    });
  });
  it("restore: ActiveAudioSync overrides title, source, duration and time (requested for the next play)", () => {
    const s = playerReducer(init(), { type: "restore", user, sync });
    expect(s).toMatchObject({
      title: "Synced",
      src: sync.AudioSrc,
      duration: 2400,
      image: "/i.jpg",
      currentTime: 754,
      requestedTime: 754,
      playing: false,
      live: false,
    });
    expect(playerReducer(s, { type: "play" })).toMatchObject({ playing: true, requestedTime: 754 });
  });
  it("restore: partial sync fields fall back to the user record; bad numbers are sanitised", () => {
    const s = playerReducer(init(), {
      type: "restore",
      user,
      sync: { currentTime: 99_999, Duration: Number.NaN },
    });
    expect(s).toMatchObject({ title: "Saved", src: user.audioSrc, duration: 0, currentTime: 99_999 });
    const clamped = playerReducer(s, { type: "durationChange", duration: 1000 });
    expect(clamped.requestedTime).toBe(1000);
  });
  it("restore with nothing stored changes nothing", () => {
    const s = init();
    expect(playerReducer(s, { type: "restore", user: null, sync: null })).toBe(s);
    expect(playerReducer(s, { type: "restore", user: {}, sync: {} })).toBe(s);
  });
  it("restore of a live stream source never requests a position", () => {
    const s = playerReducer(init(), { type: "restore", user: null, sync: { AudioSrc: LIVE, currentTime: 50 } });
    expect(s.kind).toBe("live");
    expect(s.requestedTime).toBeNull();
  });
  it("restore does not interrupt audio that is playing", () => {
    const s = playing(ep1);
    expect(playerReducer(s, { type: "restore", user, sync })).toBe(s);
  });
  it("signedOut clears the player", () => {
    const s = run(playing(ep1), { type: "timeUpdate", time: 10 }, { type: "signedOut" });
    expect(s).toMatchObject({
      title: "",
      src: "",
      duration: 0,
      currentTime: 0,
      playing: false,
      live: false,
      kind: "none",
    });
  });
  it("logout resets to the default live stream with live ON, not playing", () => {
    const before = run(playing(ep1), { type: "castSession", connected: true }, { type: "timeUpdate", time: 10 });
    const s = playerReducer(before, { type: "logout" });
    expect(s).toMatchObject({
      title: DEFAULT_PLAYER_TITLE,
      src: LIVE,
      kind: "live",
      duration: 0,
      currentTime: 0,
      playing: false,
      live: true,
      casting: true,
      pending: null,
    });
  });
});

describe("helpers", () => {
  it("shouldSyncProgress: episodes only — never live, without a source, error audio or mid-switch", () => {
    expect(shouldSyncProgress(playing(ep1))).toBe(true);
    expect(shouldSyncProgress(init())).toBe(false); // live stream source, even with the flag off
    expect(shouldSyncProgress(run(init(), { type: "goLive" }))).toBe(false);
    expect(shouldSyncProgress(run(init(), { type: "signedOut" }))).toBe(false);
    expect(shouldSyncProgress(playerReducer(playing(ep1), { type: "audioError", code: 1 }))).toBe(false);
    expect(shouldSyncProgress(playerReducer(playing(ep1), { type: "choose", media: ep2 }))).toBe(false);
  });
  it("isPlayingSource tells whether a given episode is the one playing", () => {
    const s = playing(ep1);
    expect(isPlayingSource(s, ep1.src)).toBe(true);
    expect(isPlayingSource(s, ep2.src)).toBe(false);
    expect(isPlayingSource(playerReducer(s, { type: "pause" }), ep1.src)).toBe(false);
  });
  it("unknown actions return the same state object", () => {
    const s = init();
    expect(playerReducer(s, { type: "nope" } as unknown as PlayerAction)).toBe(s);
  });
});

describe("volume", () => {
  const start = () => initialPlayerState(createPlayerConfig("https://s.example/live"));
  it("mute is the listener's own, apart from casting; a level of 0 mutes and keeps the last level", () => {
    let s = playerReducer(start(), { type: "setVolume", volume: 0.4 });
    expect(s).toMatchObject({ volume: 0.4, userMuted: false });
    s = playerReducer(s, { type: "toggleMute" });
    expect(muted(s)).toBe(true);
    s = playerReducer(s, { type: "setVolume", volume: 0 });
    expect(s).toMatchObject({ volume: 0.4, userMuted: true });
    s = playerReducer(s, { type: "toggleMute" });
    expect(muted(s)).toBe(false);
    expect(playerReducer(s, { type: "setVolume", volume: 7 }).volume).toBe(1);
    expect(playerReducer(s, { type: "setVolume", volume: Number.NaN })).toBe(s);
    expect(playerReducer(playerReducer(s, { type: "toggleMute" }), { type: "logout" })).toMatchObject({
      volume: 0.4,
      userMuted: true,
    });
  });
});

describe("a shared clip (?t=&end=)", () => {
  const clip = (startTime: number | null, clipEnd: number | null) => {
    const chosen = playerReducer(init(), { type: "choose", media: ep1, startTime, clipEnd });
    return run(chosen, { type: "switchElapsed", id: chosen.pending!.id }, { type: "seekApplied" });
  };

  it("starts at t and pauses once at end; then the episode plays on normally", () => {
    const s = clip(754, 784);
    expect([s.currentTime, s.playing, s.clipEnd]).toEqual([754, true, 784]);
    const before = run(s, { type: "timeUpdate", time: 783.9 });
    expect([before.playing, before.clipEnd]).toEqual([true, 784]);
    const stopped = run(before, { type: "timeUpdate", time: 784.2 });
    expect([stopped.playing, stopped.clipEnd, stopped.currentTime]).toEqual([false, null, 784.2]);
    const again = run(stopped, { type: "play" }, { type: "timeUpdate", time: 790 });
    expect(again.playing).toBe(true);
  });

  it("is forgotten when the listener seeks, skips or plays something else", () => {
    expect(run(clip(10, 40), { type: "seek", time: 100 }).clipEnd).toBeNull();
    expect(run(clip(10, 40), { type: "skip", seconds: 30 }).clipEnd).toBeNull();
    expect(run(clip(10, 40), { type: "goLive" }).clipEnd).toBeNull();
    expect(run(clip(10, 40), { type: "timeUpdate", time: 41 }, { type: "seek", time: 5 }).playing).toBe(false);
  });

  it("a soundbite's seek on the episode playing is a clip of its own: it stops at its end", () => {
    const playing = run(clip(null, null), { type: "timeUpdate", time: 3 });
    const bite = run(playing, { type: "seek", time: 20, clipEnd: 29 }, { type: "seekApplied" });
    expect([bite.currentTime, bite.clipEnd]).toEqual([20, 29]);
    const stopped = run(bite, { type: "timeUpdate", time: 29.1 });
    expect([stopped.playing, stopped.clipEnd]).toEqual([false, null]);
    expect(run(playing, { type: "seek", time: 20, clipEnd: 20 }).clipEnd).toBeNull();
    expect(run(bite, { type: "seek", time: 5 }).clipEnd).toBeNull();
  });

  it("without a start is a clip from 0; an end not after the start is no clip", () => {
    expect(clip(null, 30).clipEnd).toBe(30);
    expect(clip(50, 50).clipEnd).toBeNull();
    expect(clip(50, null).clipEnd).toBeNull();
  });
});
