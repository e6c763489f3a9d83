/**
 * Progress-sync cost (docs/product.md §4), the write load one listener puts on the store: how many
 * progress writes one listener causes, measured by driving the real player reducer at the audio
 * element's `timeupdate` rate (4 per second) and applying the same triggers SessionPlayerBridge
 * uses (a tick on every currentTime change, a write on pause, on seek). Counts, not timings: 10
 * minutes playing ≤ 60 writes; 0 while paused; 0 while live.
 */
import { describe, expect, it } from "vitest";
import {
  createPlayerConfig,
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerState,
} from "~/player/machine";
import { progressDue, type SyncMark, type SyncReason } from "~/player/progress-sync";

const TIMEUPDATE_HZ = 4;
const TEN_MINUTES_S = 600;

class Listener {
  state: PlayerState = initialPlayerState(createPlayerConfig("https://live.example/stream"));
  last: SyncMark | null = null;
  writes = 0;
  /** Wall time, ms. */
  clock = 0;

  private send(reason: SyncReason) {
    if (!progressDue(this.state, this.last, reason, this.clock)) return;
    this.last = { src: this.state.src, position: this.state.currentTime, at: this.clock };
    this.writes++;
  }

  /** Dispatches like PlayerProvider, then runs the bridge's effects for what changed. */
  dispatch(action: PlayerAction) {
    const before = this.state;
    this.state = playerReducer(before, action);
    if (this.state.currentTime !== before.currentTime) this.send("tick");
    if (this.state.playing !== before.playing && !this.state.playing) this.send("pause");
    if (this.state.requestedTime !== before.requestedTime && this.state.requestedTime !== null) this.send("seek");
  }

  /** `seconds` of wall time; the element reports `timeupdate` only while it plays. */
  elapse(seconds: number) {
    for (let i = 0; i < seconds * TIMEUPDATE_HZ; i++) {
      this.clock += 1000 / TIMEUPDATE_HZ;
      if (this.state.playing) this.dispatch({ type: "timeUpdate", time: this.state.currentTime + 1 / TIMEUPDATE_HZ });
    }
  }

  /** Writes caused by `fn`. */
  count(fn: () => void): number {
    const before = this.writes;
    fn();
    return this.writes - before;
  }
}

function chooseEpisode(l: Listener) {
  l.dispatch({ type: "choose", media: { src: "/media/audio/ep-audio-1.mp3", title: "Episode 795", duration: 3_600 } });
  l.dispatch({ type: "switchElapsed", id: l.state.pending!.id });
  if (!l.state.playing) l.dispatch({ type: "play" });
}

describe("progress-sync cost", () => {
  it("10 minutes playing: at most 60 writes; paused: none; live: none", () => {
    const l = new Listener();
    chooseEpisode(l);
    expect(l.state.kind).toBe("episode");
    expect(l.state.playing).toBe(true);

    const playing = l.count(() => l.elapse(TEN_MINUTES_S));
    expect(l.state.currentTime).toBeCloseTo(TEN_MINUTES_S, 5);
    const pauseEvent = l.count(() => l.dispatch({ type: "pause" }));
    const paused = l.count(() => l.elapse(TEN_MINUTES_S));
    const resumeAndSeek = l.count(() => {
      l.dispatch({ type: "play" });
      l.dispatch({ type: "seek", time: 1_200 });
      l.dispatch({ type: "seekApplied" });
    });
    const goLive = l.count(() => l.dispatch({ type: "goLive" }));
    expect(l.state.live).toBe(true);
    const live = l.count(() => {
      // A live stream's element keeps reporting time; nothing of it is written.
      for (let i = 0; i < TEN_MINUTES_S * TIMEUPDATE_HZ; i++)
        l.dispatch({ type: "timeUpdate", time: l.state.currentTime + 1 / TIMEUPDATE_HZ });
    });
    const livePause = l.count(() => l.dispatch({ type: "pause" }));

    console.log(
      [
        "progress writes for one listener (timeupdate at 4 Hz):",
        `  10 min playing an episode: ${playing}`,
        `  the pause itself:          ${pauseEvent}`,
        `  10 min paused:             ${paused}`,
        `  resume + one seek:         ${resumeAndSeek}`,
        `  switching to live:         ${goLive}`,
        `  10 min live:               ${live}`,
        `  pausing live:              ${livePause}`,
      ].join("\n"),
    );
    expect(playing).toBeLessThanOrEqual(60);
    expect(playing).toBeGreaterThanOrEqual(55); // it does save progress while playing
    expect(pauseEvent).toBeLessThanOrEqual(1);
    expect(paused).toBe(0);
    expect(resumeAndSeek).toBeLessThanOrEqual(1);
    expect(goLive).toBe(0);
    expect(live).toBe(0);
    expect(livePause).toBe(0);
  });

  it("a listener scrubbing back and forth writes once per seek, not per timeupdate", () => {
    const l = new Listener();
    chooseEpisode(l);
    l.elapse(30);
    const seeks = l.count(() => {
      for (const t of [100, 200, 300, 50, 400]) {
        l.dispatch({ type: "seek", time: t });
        l.dispatch({ type: "seekApplied" });
        l.elapse(1);
      }
    });
    expect(seeks).toBeLessThanOrEqual(5 + 5);
    expect(seeks).toBeGreaterThanOrEqual(5);
  });
});
