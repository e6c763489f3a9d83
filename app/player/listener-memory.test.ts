import { afterEach, describe, expect, it, vi } from "vitest";
import { parseLastEpisode, parsePreferences, readStored, writeStored } from "./listener-memory";
import { LISTENER_STORAGE_KEYS, speedEraOf } from "~/rules/listener-memory";

const key = LISTENER_STORAGE_KEYS.volume;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("storage access is guarded", () => {
  it("round-trips a value, and removes it on null", () => {
    vi.stubGlobal("window", { localStorage: memoryStorage() });
    writeStored(key, { volume: 0.5, muted: true });
    expect(readStored(key)).toEqual({ volume: 0.5, muted: true });
    writeStored(key, null);
    expect(readStored(key)).toBeNull();
  });
  it("a SecurityError on the property itself (cross-origin frame, privacy mode) reads as nothing and never throws", () => {
    const refused = {};
    Object.defineProperty(refused, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    vi.stubGlobal("window", refused);
    expect(readStored(key)).toBeNull();
    expect(() => writeStored(key, { volume: 1 })).not.toThrow();
  });
  it("a full storage, or text that is not JSON, reads as nothing", () => {
    const s = memoryStorage();
    s.setItem(key, "{not json");
    vi.stubGlobal("window", {
      localStorage: {
        ...s,
        setItem: () => {
          throw new DOMException("full", "QuotaExceededError");
        },
      },
    });
    expect(readStored(key)).toBeNull();
    expect(() => writeStored(key, { volume: 1 })).not.toThrow();
  });
});

describe("what comes back is checked", () => {
  it("preferences: numbers and booleans only", () => {
    expect(parsePreferences({ volume: 0.3, muted: false }, { MLR: 1.5, "Cold Cut": 2 })).toEqual({
      volume: 0.3,
      muted: false,
      speeds: { MLR: 1.5, "Cold Cut": 2 },
    });
    expect(parsePreferences({ volume: "loud", muted: 1 }, { MLR: "fast" })).toEqual({});
    expect(parsePreferences(null, [1.5])).toEqual({});
  });
  it("last episode: needs a playable source and a title", () => {
    const media = { src: "/media/audio/ep.mp3", title: "Ep", era: "MLR", duration: 60, coldcut: false };
    expect(parseLastEpisode({ media, time: 12 })).toEqual({
      media: expect.objectContaining({ src: "/media/audio/ep.mp3", title: "Ep", era: "MLR", duration: 60 }),
      time: 12,
    });
    expect(parseLastEpisode({ media: { ...media, src: "javascript:alert(1)" }, time: 1 })).toBeNull();
    expect(parseLastEpisode({ media: { ...media, src: "//evil.example/x.mp3" }, time: 1 })).toBeNull();
    expect(parseLastEpisode({ media: { ...media, title: 5 }, time: 1 })).toBeNull();
    expect(parseLastEpisode({ media, time: "late" })?.time).toBe(0);
    expect(parseLastEpisode("nope")).toBeNull();
  });
  it("Cold Cut is an era of its own for speed; an unknown era has none", () => {
    expect(speedEraOf({ era: "MLR", coldcut: true })).toBe("Cold Cut");
    expect(speedEraOf({ era: "PPR" })).toBe("PPR");
    expect(speedEraOf({ era: null })).toBeNull();
  });
});
