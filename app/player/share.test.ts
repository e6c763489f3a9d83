import { describe, expect, it, vi } from "vitest";
import { clipUrl, shareAtTimeUrl, shareLink } from "./share";
import { createPlayerConfig, initialPlayerState, playerReducer, type PlayerState } from "./machine";

const ORIGIN = "https://hamradioshow.example";
const config = createPlayerConfig("https://streaming.live365.com/a93581");

function playing(title: string, coldcut = false, time = 0): PlayerState {
  const chosen = playerReducer(initialPlayerState(config), {
    type: "choose",
    media: { src: "/media/audio/a.mp3", title, coldcut, duration: 600 },
  });
  const s = playerReducer(chosen, { type: "switchElapsed", id: chosen.pending!.id });
  return playerReducer(s, { type: "timeUpdate", time });
}

describe("shareAtTimeUrl", () => {
  it("links the episode page with t = whole seconds played", () => {
    expect(shareAtTimeUrl(playing("Pilot Light", false, 125.9), ORIGIN)).toBe(
      `${ORIGIN}/episode?title=Pilot%20Light&t=125`,
    );
  });
  it("Cold Cut episodes link their own page; special characters are encoded", () => {
    const url = shareAtTimeUrl(playing("Rock & Roll: 50% off?", true, 61), ORIGIN)!;
    const parsed = new URL(url);
    expect(parsed.pathname).toBe("/coldcut/");
    expect(parsed.searchParams.get("title")).toBe("Rock & Roll: 50% off?");
    expect(parsed.searchParams.get("t")).toBe("61");
  });
  it("no t at the very start", () => {
    expect(shareAtTimeUrl(playing("Pilot Light", false, 0.4), ORIGIN)).toBe(`${ORIGIN}/episode?title=Pilot%20Light`);
  });
  it("nothing to share for live, the error audio, a switch in progress or no title", () => {
    const initial = initialPlayerState(config);
    expect(shareAtTimeUrl(playerReducer(initial, { type: "goLive" }), ORIGIN)).toBeNull();
    expect(shareAtTimeUrl(playerReducer(initial, { type: "play" }), ORIGIN)).toBeNull(); // live source, not live flag
    const err = playerReducer(playing("X"), { type: "audioError", code: 4 });
    expect(err.kind).toBe("error");
    expect(shareAtTimeUrl(err, ORIGIN)).toBeNull();
    const switching = playerReducer(playing("X"), { type: "choose", media: { src: "/b.mp3", title: "Y" } });
    expect(shareAtTimeUrl(switching, ORIGIN)).toBeNull();
    expect(shareAtTimeUrl({ ...playing("X"), title: "" }, ORIGIN)).toBeNull();
  });
});

describe("shareLink", () => {
  const clipboard = () => ({ writeText: vi.fn(async () => undefined) }) as unknown as Clipboard;
  it("uses Web Share when present", async () => {
    const share = vi.fn(async () => undefined);
    const nav = { share, clipboard: clipboard() };
    expect(await shareLink("https://x/e", "T", nav)).toBe("shared");
    expect(share).toHaveBeenCalledWith({ title: "T", url: "https://x/e" });
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });
  it("the user cancelling the share sheet is not a failure and copies nothing", async () => {
    const nav = {
      share: vi.fn(async () => Promise.reject(new DOMException("cancel", "AbortError"))),
      clipboard: clipboard(),
    };
    expect(await shareLink("https://x/e", "T", nav)).toBe("cancelled");
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });
  it("falls back to copying when sharing is missing or fails", async () => {
    const noShare = { share: undefined as unknown as Navigator["share"], clipboard: clipboard() };
    expect(await shareLink("https://x/e", "T", noShare)).toBe("copied");
    expect(noShare.clipboard.writeText).toHaveBeenCalledWith("https://x/e");
    const broken = {
      share: vi.fn(async () => Promise.reject(new DOMException("no", "NotAllowedError"))),
      clipboard: clipboard(),
    };
    expect(await shareLink("https://x/e", "T", broken)).toBe("copied");
  });
  it("reports failure when the clipboard refuses too", async () => {
    const nav = {
      share: undefined as unknown as Navigator["share"],
      clipboard: { writeText: async () => Promise.reject(new Error("denied")) } as unknown as Clipboard,
    };
    expect(await shareLink("https://x/e", "T", nav)).toBe("failed");
  });
});

describe("clipUrl", () => {
  it("adds the clip's start and end to the episode page's link, in whole seconds", () => {
    expect(clipUrl(`${ORIGIN}/episode?title=Pilot%20Light`, 754.9, 784.2)).toBe(
      `${ORIGIN}/episode?title=Pilot%20Light&t=754&end=784`,
    );
  });
});
