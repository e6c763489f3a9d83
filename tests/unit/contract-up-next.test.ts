import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSqliteAccounts } from "~/adapters/sqlite/accounts.server";
import { createPostgresAccounts } from "~/adapters/postgres/accounts.server";
import { createSqliteUpNext } from "~/adapters/sqlite/up-next.server";
import { createPostgresUpNext } from "~/adapters/postgres/up-next.server";
import { createFirebaseUpNext } from "~/adapters/firebase/up-next.server";
import { createPasswords } from "~/services/password.server";
import type { UpNextItem, UpNextStore } from "~/services/up-next.server";
import { startFirebaseFake } from "../../scripts/fakes/firebase.mjs";
import { bothEngines } from "../support/engines";

vi.setConfig({ testTimeout: 30_000 });

/** Up Next (ADR 034): one contract on SQLite, PostgreSQL and the Firebase Realtime Database. */
const engines = bothEngines();
let fake: { origin: string; accessToken: string; reset(): void; close(): Promise<void>; getData(p?: string): unknown };
beforeAll(async () => {
  fake = await startFirebaseFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const CAP = 5;
let seq = 0;
/** A store (as one instance has it, or `another`) and a way to make a listener who exists there. */
type Backend = { store(another?: boolean): UpNextStore; listener(): Promise<string> };
const backends: [string, () => Backend][] = [
  ...engines.map(([name, engine]): [string, () => Backend] => [
    name,
    () => {
      const e = engine();
      const accounts =
        e.kind === "sqlite"
          ? createSqliteAccounts(e.db, createPasswords())
          : createPostgresAccounts(e.pool, createPasswords());
      return {
        store: (another = false) =>
          e.kind === "sqlite"
            ? createSqliteUpNext(another ? e.openDb() : e.db, { max: CAP })
            : createPostgresUpNext(another ? e.openPool() : e.pool, { max: CAP }),
        listener: async () =>
          (
            await accounts.signInWithProvider({
              provider: "google",
              subject: `up-next-${++seq}-${Date.now()}`,
              email: null,
              emailVerified: false,
            })
          ).user.uid,
      };
    },
  ]),
  [
    "Firebase REST",
    () => ({
      store: () =>
        createFirebaseUpNext({
          databaseUrl: fake.origin,
          getAccessToken: async () => fake.accessToken,
          timeoutMs: 2_000,
          max: CAP,
        }),
      listener: async () => `UpNextListener${++seq}`,
    }),
  ],
];

const item = (n: number): UpNextItem => ({
  audioSrc: `/media/audio/ep-${n}.mp3`,
  title: `Episode ${n}`,
  image: `/media/img/ep-${n}.svg`,
  duration: 60 * n,
  coldcut: n % 2 === 0,
});
const srcs = (items: UpNextItem[] | null) => items?.map((i) => /ep-(\d+)/.exec(i.audioSrc)![1]);

describe.each(backends)("Up Next contract — %s", (_name, make) => {
  it("adds last and next, moves a queued episode instead of doubling it, keeps every field", async () => {
    const { store, listener } = make();
    const s = store();
    const uid = await listener();
    expect(await s.list(uid)).toEqual([]);
    await s.edit(uid, { op: "add", item: item(1), at: "last" });
    await s.edit(uid, { op: "add", item: item(2), at: "last" });
    expect(srcs(await s.edit(uid, { op: "add", item: item(3), at: "next" }))).toEqual(["3", "1", "2"]);
    // "Add to Up Next" of a queued episode leaves it where it is; "Play next" brings it to the front.
    expect(srcs(await s.edit(uid, { op: "add", item: item(2), at: "last" }))).toEqual(["3", "1", "2"]);
    expect(srcs(await s.edit(uid, { op: "add", item: item(2), at: "next" }))).toEqual(["2", "3", "1"]);
    expect(await s.list(uid)).toEqual([item(2), item(3), item(1)]);
  });

  it("moves to any position (clamped), removes, clears; another listener's queue is untouched", async () => {
    const { store, listener } = make();
    const s = store();
    const [uid, other] = [await listener(), await listener()];
    for (const n of [1, 2, 3, 4]) await s.edit(uid, { op: "add", item: item(n), at: "last" });
    await s.edit(other, { op: "add", item: item(9), at: "last" });
    expect(srcs(await s.edit(uid, { op: "move", audioSrc: item(1).audioSrc, to: 2 }))).toEqual(["2", "3", "1", "4"]);
    expect(srcs(await s.edit(uid, { op: "move", audioSrc: item(4).audioSrc, to: -5 }))).toEqual(["4", "2", "3", "1"]);
    expect(srcs(await s.edit(uid, { op: "move", audioSrc: item(4).audioSrc, to: 99 }))).toEqual(["2", "3", "1", "4"]);
    expect(srcs(await s.edit(uid, { op: "move", audioSrc: "/not/queued.mp3", to: 0 }))).toEqual(["2", "3", "1", "4"]);
    expect(srcs(await s.edit(uid, { op: "remove", audioSrc: item(3).audioSrc }))).toEqual(["2", "1", "4"]);
    expect(srcs(await s.edit(uid, { op: "remove", audioSrc: item(3).audioSrc }))).toEqual(["2", "1", "4"]);
    expect(await s.edit(uid, { op: "clear" })).toEqual([]);
    expect(await s.list(uid)).toEqual([]);
    expect(srcs(await s.list(other))).toEqual(["9"]);
  });

  it("never passes the cap, however many instances add at once; one more fits once one is removed", async () => {
    const { store, listener } = make();
    const [a, b] = [store(), store(true)];
    const uid = await listener();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).edit(uid, { op: "add", item: item(i + 1), at: "last" })),
    );
    expect(results.filter((r) => r === null)).toHaveLength(8 - CAP);
    const kept = await a.list(uid);
    expect(kept).toHaveLength(CAP);
    expect(new Set(kept.map((i) => i.audioSrc)).size).toBe(CAP);
    expect(await b.edit(uid, { op: "add", item: item(50), at: "next" })).toBeNull();
    // A queued episode still moves to the front of a full queue.
    expect(srcs(await b.edit(uid, { op: "add", item: kept[CAP - 1]!, at: "next" }))?.[0]).toBe(
      srcs([kept[CAP - 1]!])![0],
    );
    await a.edit(uid, { op: "remove", audioSrc: kept[0]!.audioSrc });
    expect(srcs(await b.edit(uid, { op: "add", item: item(50), at: "last" }))?.at(-1)).toBe("50");
  });

  it("edits from two instances at once are all kept (none overwrites another)", async () => {
    const { store, listener } = make();
    const [a, b] = [store(), store(true)];
    const uid = await listener();
    await Promise.all([1, 2, 3, 4].map((n) => (n % 2 ? a : b).edit(uid, { op: "add", item: item(n), at: "last" })));
    expect(srcs(await a.list(uid))?.sort()).toEqual(["1", "2", "3", "4"]);
    await Promise.all([
      a.edit(uid, { op: "remove", audioSrc: item(1).audioSrc }),
      b.edit(uid, { op: "remove", audioSrc: item(2).audioSrc }),
    ]);
    expect(srcs(await b.list(uid))?.sort()).toEqual(["3", "4"]);
  });

  it("exports the queue as plain JSON and deletes all of it", async () => {
    const { store, listener } = make();
    const s = store();
    const uid = await listener();
    await s.edit(uid, { op: "add", item: item(7), at: "last" });
    const exported = await s.exportFor(uid);
    expect(JSON.parse(JSON.stringify(exported))).toEqual({ upNext: [item(7)] });
    await s.deleteAllFor(uid);
    expect(await s.list(uid)).toEqual([]);
    expect(await s.exportFor(uid)).toEqual({ upNext: [] });
  });
});

describe("Up Next in the Realtime Database", () => {
  it("lives at users/<uid>/upNext as a list; an empty queue is no node; junk entries are skipped", async () => {
    const s = createFirebaseUpNext({ databaseUrl: fake.origin, getAccessToken: async () => fake.accessToken });
    await s.edit("RtdbListener", { op: "add", item: item(1), at: "last" });
    expect(Object.values(fake.getData("users/RtdbListener/upNext") as object)).toEqual([item(1)]);
    await s.edit("RtdbListener", { op: "clear" });
    expect(fake.getData("users/RtdbListener/upNext")).toBeNull();
    (fake as unknown as { setData(p: string, v: unknown): void }).setData("users/RtdbListener/upNext", {
      0: { audioSrc: "/a.mp3", title: "A", duration: "junk" },
      1: "junk",
      2: { title: "no source" },
      3: { audioSrc: "/a.mp3", title: "A again" },
      4: { audioSrc: "/b.mp3" },
    });
    expect(await s.list("RtdbListener")).toEqual([
      { audioSrc: "/a.mp3", title: "A", image: "", duration: 0, coldcut: false },
      { audioSrc: "/b.mp3", title: "", image: "", duration: 0, coldcut: false },
    ]);
    await expect(s.list("not/a/key")).rejects.toThrow(/invalid uid/);
  });
});
