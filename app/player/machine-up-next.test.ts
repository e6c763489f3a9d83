import { describe, expect, it } from "vitest";
import {
  createPlayerConfig,
  initialPlayerState,
  playerReducer,
  type EpisodeMedia,
  type PlayerAction,
  type PlayerState,
} from "./machine";
import { DEFAULT_LIVE_STREAM_URL } from "../rules/player";
import { PREVIOUS_RESTARTS_AFTER_S, UP_NEXT_HISTORY_MAX } from "../rules/library";
import { trackActions } from "./media-session";

/** Up Next in the player (ADR 034): the queue's transitions, pure. */
const ep = (n: number): EpisodeMedia => ({ src: `/media/audio/ep${n}.mp3`, title: `Episode ${n}`, duration: 600 });
const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const init = () => initialPlayerState(createPlayerConfig(DEFAULT_LIVE_STREAM_URL));
/** Let a pending switch complete. */
const settle = (s: PlayerState) => (s.pending ? playerReducer(s, { type: "switchElapsed", id: s.pending.id }) : s);
const playing = (media: EpisodeMedia, state = init()) => settle(playerReducer(state, { type: "choose", media }));
const queued = (state: PlayerState, ...items: EpisodeMedia[]) => playerReducer(state, { type: "queueSync", items });
const srcs = (items: EpisodeMedia[]) => items.map((m) => m.src);

describe("Up Next in the player", () => {
  it("starts empty; queueSync keeps the server's order without the episode playing or switching in", () => {
    expect(init().queue).toEqual([]);
    const s = queued(playing(ep(1)), ep(2), ep(1), ep(3));
    expect(srcs(s.queue)).toEqual([ep(2).src, ep(3).src]);
    const switching = playerReducer(s, { type: "choose", media: ep(4) });
    expect(srcs(queued(switching, ep(4), ep(5)).queue)).toEqual([ep(5).src]);
  });

  it("at the end of an episode the first of Up Next plays, leaves the queue and is reported taken", () => {
    const s = run(queued(playing(ep(1)), ep(2), ep(3)), { type: "timeUpdate", time: 600 }, { type: "ended" });
    expect(s.pending?.media.src).toBe(ep(2).src);
    expect(s.pending?.autoplay).toBe(true);
    expect(srcs(s.queue)).toEqual([ep(3).src]);
    expect(s.taken).toEqual({ id: s.pending!.id, src: ep(2).src });
    const after = settle(s);
    expect([after.src, after.title, after.playing]).toEqual([ep(2).src, "Episode 2", true]);
    expect(srcs(after.history)).toEqual([ep(1).src]);
  });

  it("with Up Next empty, the end stops as before; the live stream and the error audio never take from it", () => {
    const ended = run(playing(ep(1)), { type: "ended" });
    expect([ended.playing, ended.pending, ended.taken]).toEqual([false, null, null]);
    const live = run(queued(init(), ep(2)), { type: "goLive" }, { type: "ended" });
    expect([live.pending, srcs(live.queue)]).toEqual([null, [ep(2).src]]);
    const error = run(queued(init(), ep(2)), { type: "choose", media: { src: " ", title: "none" } }, { type: "ended" });
    expect([error.pending, srcs(error.queue)]).toEqual([null, [ep(2).src]]);
  });

  it("`next` plays the first of Up Next at once; with nothing queued it changes nothing", () => {
    const s = playing(ep(1));
    expect(playerReducer(s, { type: "next" })).toBe(s);
    const next = settle(playerReducer(queued(s, ep(2), ep(3)), { type: "next" }));
    expect([next.src, next.playing, srcs(next.queue)]).toEqual([ep(2).src, true, [ep(3).src]]);
    expect(next.taken?.src).toBe(ep(2).src);
  });

  it("choosing a queued episode plays it and takes it out of Up Next; each taking has its own id", () => {
    const s = queued(playing(ep(1)), ep(2), ep(3));
    const chose3 = settle(playerReducer(s, { type: "choose", media: ep(3) }));
    expect(srcs(chose3.queue)).toEqual([ep(2).src]);
    expect(chose3.taken?.src).toBe(ep(3).src);
    const chose2 = settle(playerReducer(chose3, { type: "next" }));
    expect(chose2.taken!.id).not.toBe(chose3.taken!.id);
    // An episode that is not queued leaves the queue and `taken` alone.
    const other = settle(playerReducer(chose2, { type: "choose", media: ep(9) }));
    expect(other.taken).toBe(chose2.taken);
  });

  it("`previous` goes back to the episode left, from its start; a few seconds in it restarts this one", () => {
    const s = settle(playerReducer(queued(playing(ep(1)), ep(2)), { type: "next" }));
    const back = settle(playerReducer(run(s, { type: "timeUpdate", time: 2 }), { type: "previous" }));
    expect([back.src, back.currentTime, back.playing]).toEqual([ep(1).src, 0, true]);
    expect(back.history).toEqual([]);
    const later = run(s, { type: "timeUpdate", time: PREVIOUS_RESTARTS_AFTER_S + 5 }, { type: "previous" });
    expect([later.src, later.requestedTime]).toEqual([ep(2).src, 0]);
    // Nothing to go back to: the start of this one.
    const first = run(playing(ep(1)), { type: "timeUpdate", time: 1 }, { type: "previous" });
    expect([first.src, first.requestedTime]).toEqual([ep(1).src, 0]);
    // Not an episode: nothing.
    const live = run(init(), { type: "goLive" });
    expect(playerReducer(live, { type: "previous" })).toBe(live);
  });

  it("history keeps each episode once, newest last, and at most its cap", () => {
    let s = playing(ep(0));
    for (let n = 1; n <= UP_NEXT_HISTORY_MAX + 5; n++) s = playing(ep(n), s);
    s = playing(ep(3), s);
    expect(s.history).toHaveLength(UP_NEXT_HISTORY_MAX);
    expect(s.history.at(-1)!.src).toBe(ep(UP_NEXT_HISTORY_MAX + 5).src);
    expect(srcs(s.history).filter((src) => src === ep(3).src).length).toBeLessThanOrEqual(1);
  });

  it("signing out or logging out forgets Up Next and the history", () => {
    const s = settle(playerReducer(queued(playing(ep(1)), ep(2), ep(3)), { type: "next" }));
    for (const type of ["signedOut", "logout"] as const) {
      const out = playerReducer(s, { type });
      expect([out.queue, out.history, out.taken]).toEqual([[], [], null]);
    }
  });
});

describe("Media Session's track buttons follow Up Next", () => {
  it("next while Up Next has an episode; previous on an episode; neither on the live stream with nothing queued", () => {
    expect(trackActions(run(init(), { type: "goLive" }))).toEqual({ next: false, previous: false });
    expect(trackActions(playing(ep(1)))).toEqual({ next: false, previous: true });
    const withQueue = queued(playing(ep(1)), ep(2));
    expect(trackActions(withQueue)).toEqual({ next: true, previous: true });
    expect(trackActions(settle(playerReducer(withQueue, { type: "next" })))).toEqual({ next: false, previous: true });
  });
});
