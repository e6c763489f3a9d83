import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  backoffMs,
  createPendingSender,
  due,
  keep,
  merge,
  outcomeOf,
  parseQueue,
  release,
  settle,
  unsentPosition,
  type NewWrite,
  type PendingWrite,
} from "./pending-writes";
import { PENDING_RETRY_FIRST_MS, PENDING_RETRY_MAX_MS, PENDING_WRITES_MAX } from "~/rules/player";

const position = (src: string, at: number, currentTime = at / 1000, uid = "u1"): PendingWrite => ({
  uid,
  kind: "progress",
  src,
  url: "/api/progress",
  contentType: "application/json",
  body: JSON.stringify({ AudioSrc: src, currentTime, at }),
  at,
  tries: 0,
  next: at,
  held: false,
});

describe("the queue of unsent writes", () => {
  it("keeps one write per listener, kind and audio: the newest, whatever order they come in", () => {
    let q = keep([], position("/a.mp3", 1_000));
    q = keep(q, position("/a.mp3", 3_000));
    q = keep(q, position("/a.mp3", 2_000));
    q = keep(q, position("/b.mp3", 1_500));
    q = keep(q, position("/a.mp3", 2_500, 2.5, "u2"));
    expect(q.map((w) => [w.uid, w.src, w.at])).toEqual([
      ["u1", "/a.mp3", 3_000],
      ["u1", "/b.mp3", 1_500],
      ["u2", "/a.mp3", 2_500],
    ]);
    expect(unsentPosition(q, "u1")?.at).toBe(3_000);
    expect(unsentPosition(q, "nobody")).toBeNull();
    // Two copies (this tab, storage written by another): per slot the newest.
    expect(merge([position("/a.mp3", 5_000)], q).find((w) => w.src === "/a.mp3" && w.uid === "u1")?.at).toBe(5_000);
  });

  it("is bounded: beyond the cap the oldest go", () => {
    let q: PendingWrite[] = [];
    for (let i = 0; i < PENDING_WRITES_MAX + 5; i++) q = keep(q, position(`/${i}.mp3`, 1_000 + i));
    expect(q).toHaveLength(PENDING_WRITES_MAX);
    expect(Math.min(...q.map((w) => w.at))).toBe(1_005);
  });

  it("a stored or refused write goes; a failed one waits longer each time; 401 holds it until the next page", () => {
    expect([200, 204, 401, 400, 413, 422, 403, 0, 408, 429, 500, 503].map(outcomeOf)).toEqual([
      "stored",
      "stored",
      "signedOut",
      "refused",
      "refused",
      "refused",
      "refused",
      "retry",
      "retry",
      "retry",
      "retry",
      "retry",
    ]);
    const w = position("/a.mp3", 1_000);
    expect(settle([w], w, "stored", 2_000, 0)).toEqual([]);
    expect(settle([w], w, "refused", 2_000, 0)).toEqual([]);
    let q = [w];
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      q = settle(q, w, "retry", 10_000, 0);
      waits.push(q[0]!.next - 10_000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30].map((s) => s * 1000));
    expect(backoffMs(1, 1)).toBe(PENDING_RETRY_FIRST_MS / 2);
    expect(backoffMs(99, 0.5)).toBe(PENDING_RETRY_MAX_MS * 0.75);
    const held = settle([w], w, "signedOut", 2_000, 0);
    expect(held).toEqual([{ ...w, held: true }]);
    expect(due(held, "u1", 1e12)).toEqual([]);
    expect(due(release(held, "u1", 3_000), "u1", 3_000)).toHaveLength(1);
    // The answer to an older send leaves a newer write of its slot alone.
    const newer = position("/a.mp3", 5_000);
    expect(settle([newer], w, "stored", 6_000, 0)).toEqual([newer]);
  });

  it("reads back what it stored and nothing else", () => {
    const q = [position("/a.mp3", 1_000)];
    expect(parseQueue(JSON.stringify(q))).toEqual(q);
    expect(parseQueue(null)).toEqual([]);
    expect(parseQueue("{not json")).toEqual([]);
    expect(parseQueue('{"a":1}')).toEqual([]);
    expect(
      parseQueue(
        JSON.stringify([
          { ...q[0], url: "https://elsewhere.example/steal" },
          { ...q[0], at: "x" },
        ]),
      ),
    ).toEqual([]);
  });
});

describe("the sender", () => {
  let storage: string | null;
  let statuses: number[];
  let sent: { src: string; at: number }[];
  let took: string[] = [];
  const logged: string[] = [];
  const make = () =>
    createPendingSender({
      stored: (w) => took.push(`${w.kind} ${w.src}`),
      load: () => storage,
      store: (text) => void (storage = text),
      send: async (w) => {
        sent.push({ src: w.src, at: w.at });
        const status = statuses.shift() ?? 200;
        if (status === -1) throw new TypeError("Failed to fetch");
        return status;
      },
      now: () => Date.now(),
      random: () => 0,
      log: (m) => logged.push(m),
    });
  const write = (src: string, currentTime: number): NewWrite => ({
    uid: "u1",
    kind: "progress",
    src,
    url: "/api/progress",
    contentType: "application/json",
    body: JSON.stringify({ AudioSrc: src, currentTime }),
    at: Date.now(),
  });
  const settled = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    storage = null;
    statuses = [];
    sent = [];
    took = [];
  });
  afterEach(() => vi.useRealTimers());

  it("through a blip: keeps the position, retries with backoff, stores the newest, then forgets it", async () => {
    const sender = make();
    sender.start("u1");
    statuses = [503, -1];
    sender.add(write("/a.mp3", 10));
    await settled();
    expect(sent).toHaveLength(1);
    expect(parseQueue(storage)).toHaveLength(1);
    // A newer position of the same audio replaces it while it waits.
    await vi.advanceTimersByTimeAsync(500);
    sender.add(write("/a.mp3", 20));
    await settled();
    expect(sent.map((s) => s.at)).toEqual([1_000_000, 1_000_500]);
    expect(parseQueue(storage)).toHaveLength(1);
    expect(JSON.parse(parseQueue(storage)[0]!.body).currentTime).toBe(20);
    // The network error's retry comes 1 s later, and is stored.
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.at).toBe(1_000_500);
    expect(parseQueue(storage)).toEqual([]);
    // Said once, when the server took it (the page's hearts follow a favorite so taken).
    expect(took).toEqual(["progress /a.mp3"]);
    // Nothing left: no more sends, however long.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toHaveLength(3);
  });

  it("what one page could not send, the next page sends (a 401 held, not dropped); signed out, nothing goes", async () => {
    const first = make();
    first.start("u1");
    statuses = [401];
    first.add(write("/a.mp3", 42));
    await settled();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent).toHaveLength(1);
    expect(logged.at(-1)).toMatch(/401, kept/);
    first.stop();

    const signedOut = make();
    signedOut.start(null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(signedOut.unsentPosition("u1")!.body).currentTime).toBe(42);

    const next = make();
    next.start("u1");
    await settled();
    expect(sent).toHaveLength(2);
    expect(parseQueue(storage)).toEqual([]);
  });

  it("a refused write is dropped (it can never be stored), with a log line", async () => {
    const sender = make();
    sender.start("u1");
    statuses = [422];
    sender.add(write("/live", 1));
    await settled();
    expect(parseQueue(storage)).toEqual([]);
    expect(logged.at(-1)).toMatch(/422, dropped/);
  });
});
