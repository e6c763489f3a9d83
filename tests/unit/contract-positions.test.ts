import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSqliteAccounts } from "~/adapters/sqlite/accounts.server";
import { createPostgresAccounts } from "~/adapters/postgres/accounts.server";
import { createSqlitePositions } from "~/adapters/sqlite/positions.server";
import { createPostgresPositions } from "~/adapters/postgres/positions.server";
import { createFirebasePositions } from "~/adapters/firebase/positions.server";
import { createPasswords } from "~/services/password.server";
import type { Positions, PositionWrite } from "~/services/positions.server";
import { startFirebaseFake } from "../../scripts/fakes/firebase.mjs";
import { bothEngines } from "../support/engines";

/**
 * The episode positions store (ADR 033) on every engine: SQLite, PostgreSQL and the Firebase
 * Realtime Database (its local fake, which enforces database.rules.json). `another`: the store as
 * a second instance has it.
 */
vi.setConfig({ testTimeout: 30_000 });

const engines = bothEngines();
let fake: { origin: string; accessToken: string; reset(): void; close(): Promise<void>; getData(p?: string): unknown };
beforeAll(async () => {
  fake = await startFirebaseFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const CAP = 3;
let seq = 0;
type Backend = { positions: (another?: boolean) => Positions; listener: () => Promise<string> };
const backends: [string, () => Backend][] = [
  ...engines.map(([name, engine]): [string, () => Backend] => [
    name,
    () => {
      const e = engine();
      if (e.kind === "sqlite")
        return {
          positions: (another = false) => createSqlitePositions(another ? e.openDb() : e.db, { max: CAP }),
          listener: async () => {
            const accounts = createSqliteAccounts(e.db, createPasswords());
            const g = {
              provider: "google" as const,
              subject: `p${++seq}${Date.now()}`,
              email: null,
              emailVerified: false,
            };
            return (await accounts.signInWithProvider(g)).user.uid;
          },
        };
      return {
        positions: (another = false) => createPostgresPositions(another ? e.openPool() : e.pool, { max: CAP }),
        listener: async () => {
          const accounts = createPostgresAccounts(e.pool, createPasswords());
          const g = {
            provider: "google" as const,
            subject: `p${++seq}${Date.now()}`,
            email: null,
            emailVerified: false,
          };
          return (await accounts.signInWithProvider(g)).user.uid;
        },
      };
    },
  ]),
  [
    "Firebase REST",
    () => ({
      positions: () =>
        createFirebasePositions({
          databaseUrl: fake.origin,
          getAccessToken: async () => fake.accessToken,
          timeoutMs: 2_000,
          max: CAP,
        }),
      listener: async () => `Listener${++seq}x${Date.now()}`,
    }),
  ],
];

/** A commit by another connection is seen from the next turn of the event loop on, as by any request after it. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const at = (src: string, position: number, duration = 600, played = false): PositionWrite => ({
  audioSrc: src,
  audioTitle: `Title of ${src}`,
  position,
  duration,
  played,
});

describe.each(backends)("Positions contract — %s", (_name, make) => {
  it("keeps one position per episode, newest write first; an older write is stale and changes nothing", async () => {
    const { positions, listener } = make();
    const store = positions();
    const uid = await listener();
    expect(await store.list(uid)).toEqual([]);
    expect(await store.write(uid, at("/a.mp3", 10), 1000)).toBe("written");
    expect(await store.write(uid, at("/b.mp3", 20), 2000)).toBe("written");
    expect(await store.write(uid, at("/a.mp3", 30), 3000)).toBe("written");
    expect(await store.write(uid, at("/a.mp3", 5), 2500)).toBe("stale");
    expect(await store.write(uid, at("/a.mp3", 6), 3000)).toBe("stale");
    expect(await store.list(uid)).toEqual([
      { ...at("/a.mp3", 30), updatedAt: 3000 },
      { ...at("/b.mp3", 20), updatedAt: 2000 },
    ]);
    expect(await store.write(uid, at("/b.mp3", 590, 600, true), 4000)).toBe("written");
    expect((await store.list(uid))[0]).toEqual({ ...at("/b.mp3", 590, 600, true), updatedAt: 4000 });
  });

  it("keeps at most its cap per listener, dropping the least recently written; others' positions untouched", async () => {
    const { positions, listener } = make();
    const store = positions();
    const [uid, other] = [await listener(), await listener()];
    await store.write(other, at("/o.mp3", 1), 1);
    for (let i = 1; i <= CAP + 2; i++) await store.write(uid, at(`/e${i}.mp3`, i), 1000 + i);
    expect((await store.list(uid)).map((p) => p.audioSrc)).toEqual(["/e5.mp3", "/e4.mp3", "/e3.mp3"]);
    // Writing an older episode again makes it the newest: it is kept, the oldest goes.
    await store.write(uid, at("/e3.mp3", 9), 2000);
    await store.write(uid, at("/e6.mp3", 9), 2001);
    expect((await store.list(uid)).map((p) => p.audioSrc)).toEqual(["/e6.mp3", "/e3.mp3", "/e5.mp3"]);
    expect((await store.list(other)).map((p) => p.audioSrc)).toEqual(["/o.mp3"]);
  });

  it("a write by another instance, or a deletion, is seen by the next list (nothing kept goes stale)", async () => {
    const { positions, listener } = make();
    const [one, two] = [positions(), positions(true)];
    const uid = await listener();
    await one.write(uid, at("/k.mp3", 1), 1000);
    expect((await one.list(uid)).map((p) => p.position)).toEqual([1]);
    await two.write(uid, at("/k.mp3", 2), 2000);
    await nextTurn();
    expect((await one.list(uid)).map((p) => p.position)).toEqual([2]);
    await two.deleteAllFor(uid);
    await nextTurn();
    expect(await one.list(uid)).toEqual([]);
  });

  it("concurrent writes from two instances: the newest capture time wins, whatever order they land in", async () => {
    const { positions, listener } = make();
    const [one, two] = [positions(), positions(true)];
    const uid = await listener();
    const writes = Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).write(uid, at("/r.mp3", i), 5000 + i));
    await Promise.all(writes.reverse());
    const [stored] = await one.list(uid);
    expect(stored).toEqual({ ...at("/r.mp3", 19), updatedAt: 5019 });
  });

  it("exportFor gives plain JSON of everything kept; deleteAllFor removes it all and nothing of others", async () => {
    const { positions, listener } = make();
    const store = positions();
    const [uid, other] = [await listener(), await listener()];
    await store.write(uid, at("/x.mp3", 42, 100), 10);
    await store.write(other, at("/x.mp3", 7, 100), 10);
    const exported = await store.exportFor(uid);
    expect(JSON.parse(JSON.stringify(exported))).toEqual({ positions: [{ ...at("/x.mp3", 42, 100), updatedAt: 10 }] });
    await store.deleteAllFor(uid);
    expect(await store.list(uid)).toEqual([]);
    expect(await store.exportFor(uid)).toEqual({ positions: [] });
    expect((await store.list(other)).length).toBe(1);
  });
});
