/**
 * Sessions and the sign-in failure log: one contract, run on the embedded SQLite store and on
 * PostgreSQL. "Another instance" is a second store over the same database with connections of its
 * own (a second connection to the SQLite file, as another process has; on PostgreSQL, its own pool).
 */
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createSqliteFailureLog, createSqliteSessionStore } from "~/adapters/sqlite/sessions.server";
import { createPostgresFailureLog, createPostgresSessionStore } from "~/adapters/postgres/sessions.server";
import {
  createListenerStates,
  createPostgresAccounts,
  createPostgresLibrary,
} from "~/adapters/postgres/accounts.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import type { Db } from "~/adapters/sqlite/db.server";
import { createPasswords } from "~/services/password.server";
import type { Pg } from "~/adapters/postgres/db.server";
import type { FailureLog, SessionStore } from "~/services/auth.server";
import type { Accounts, Library } from "~/services/accounts.server";
import { bothEngines, type Engine } from "../support/engines";

const engines = bothEngines();
const TTL = 60_000;

function instance(engine: Engine, own = false): { sessions: SessionStore; failures: FailureLog } {
  if (engine.kind === "sqlite") {
    const db = own ? engine.openDb() : engine.db;
    return { sessions: createSqliteSessionStore(db, TTL), failures: createSqliteFailureLog(db) };
  }
  const pool = own ? engine.openPool() : engine.pool;
  return {
    sessions: createPostgresSessionStore(pool, TTL, createListenerStates(pool)),
    failures: createPostgresFailureLog(pool),
  };
}

/** A commit by another connection is seen from the next turn of the event loop on, as by any request after it. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let seq = 0;
const uid = () => `uid-${++seq}-${Date.now().toString(36)}`;

describe.each(engines)("Session store contract — %s", (_name, engine) => {
  it("keeps the data under a fresh random id; another instance reads it; unknown and overlong ids are null", async () => {
    const { sessions } = instance(engine());
    const data = { user: { uid: uid(), email: "a@example.com" }, flash: "hi", nested: [1, "two"] };
    const id = await sessions.create(data, undefined);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessions.create(data, undefined)).not.toBe(id);
    expect(await sessions.read(id)).toEqual(data);
    expect(await instance(engine(), true).sessions.read(id)).toEqual(data);
    expect(await sessions.read("no-such-session")).toBeNull();
    expect(await sessions.read("x".repeat(101))).toBeNull();
  });

  it("an expired session reads as null; update replaces data and expiry (and recreates a dropped row)", async () => {
    const { sessions } = instance(engine());
    const expired = await sessions.create({ user: { uid: uid() } }, new Date(Date.now() - 1_000));
    expect(await sessions.read(expired)).toBeNull();
    const id = await sessions.create({ step: 1 }, new Date(Date.now() + TTL));
    await sessions.update(id, { step: 2 }, new Date(Date.now() + TTL));
    expect(await sessions.read(id)).toEqual({ step: 2 });
    await sessions.update(id, { step: 3 }, new Date(Date.now() - 1_000));
    expect(await sessions.read(id)).toBeNull();
    await sessions.update(id, { step: 4 }, undefined);
    expect(await sessions.read(id)).toEqual({ step: 4 });
  });

  it("delete revokes one session everywhere; deleteForUser revokes every session of that listener only", async () => {
    const a = instance(engine());
    const b = instance(engine(), true);
    const alice = uid();
    const bob = uid();
    const one = await a.sessions.create({ user: { uid: alice } }, undefined);
    const two = await b.sessions.create({ user: { uid: alice } }, undefined);
    const bobs = await a.sessions.create({ user: { uid: bob } }, undefined);
    const anonymous = await a.sessions.create({ flash: "x" }, undefined);
    await b.sessions.delete(one);
    await nextTurn();
    expect(await a.sessions.read(one)).toBeNull();
    expect(await a.sessions.read(two)).not.toBeNull();
    await b.sessions.deleteForUser(alice);
    await nextTurn();
    expect(await a.sessions.read(two)).toBeNull();
    expect(await a.sessions.read(bobs)).toEqual({ user: { uid: bob } });
    expect(await a.sessions.read(anonymous)).toEqual({ flash: "x" });
  });

  it("reads made at the same time each get their own session, and no change to one read's data reaches another", async () => {
    const { sessions } = instance(engine());
    const datas = Array.from({ length: 30 }, (_, i) =>
      i % 4 === 3 ? { flash: `anonymous ${i}` } : { user: { uid: uid(), email: `l${i}@example.com` } },
    );
    const ids = await Promise.all(datas.map((d) => sessions.create(d, undefined)));
    const order = [...ids.keys(), ...ids.keys()].sort(() => Math.random() - 0.5);
    const read = await Promise.all(order.map((i) => sessions.read(ids[i]!)));
    read.forEach((data, k) => expect(data).toEqual(datas[order[k]!]));
    const [a, b] = await Promise.all([sessions.read(ids[0]!), sessions.read(ids[0]!)]);
    try {
      (a as { user: { email: string } }).user.email = "changed@example.com";
    } catch (error) {
      // A store that keeps one copy between requests hands it out frozen: the change is refused.
      expect(error).toBeInstanceOf(TypeError);
    }
    expect(b).toEqual(datas[0]);
  });
});

describe.each(engines)("Sign-in failure log contract — %s", (_name, engine) => {
  it("an attempt counts the other failures of its (account, address) since a time, across instances; forget drops one, clear the pair's", async () => {
    // An attempt sometimes purges what is older than its `since`: never here, where one asks
    // from a minute ahead and the others then count what came before.
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    onTestFinished(() => void vi.restoreAllMocks());
    const a = instance(engine()).failures;
    const b = instance(engine(), true).failures;
    const account = `${uid()}@example.com`;
    const [here, there] = ["203.0.113.1", "203.0.113.2"];
    const before = Date.now();
    const first = await a.attempt(account, here, before);
    expect(first).toEqual({ id: expect.any(Number), earlier: 0, lastAt: 0 });
    const second = await b.attempt(account, here, before);
    expect(second.earlier).toBe(1);
    expect(second.lastAt).toBeGreaterThanOrEqual(before);
    expect((await a.attempt(account, there, before)).earlier).toBe(0);
    expect((await a.attempt(`other-${account}`, here, before)).earlier).toBe(0);
    // Failures before `since` do not count.
    expect((await b.attempt(account, here, Date.now() + 60_000)).earlier).toBe(0);
    const third = await a.attempt(account, here, before);
    expect(third.earlier).toBe(3);
    await b.forget(third.id);
    await b.forget(second.id);
    expect((await a.attempt(account, here, before)).earlier).toBe(2);
    await b.clear(account, here);
    expect((await a.attempt(account, here, before)).earlier).toBe(0);
    expect((await a.attempt(account, there, before)).earlier).toBe(1);
  });

  it("attempts made at the same time by two instances count each other: 40 at once see 0 to 39 earlier", async () => {
    const a = instance(engine()).failures;
    const b = instance(engine(), true).failures;
    const account = `${uid()}@example.com`;
    const before = Date.now();
    const seen = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).attempt(account, "203.0.113.9", before)),
    );
    expect(seen.map((r) => r.earlier).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});

/**
 * A listener with one favorite (/a.mp3) and a session, and what a signed-in page reads in one
 * turn, with the statements that reading ran.
 */
async function signedInPage(
  accounts: Pick<Accounts, "signUp">,
  { statements, sessions, library }: { statements: string[]; sessions: SessionStore; library: Library },
) {
  const { uid: listener } = await accounts.signUp(`${uid()}@example.com`, "ferrite loop antenna tuner");
  await library.initUser(listener);
  await library.addFavorite(listener, { audioSrc: "/a.mp3", audioTitle: "A", duration: 60 });
  const id = await sessions.create({ user: { uid: listener, email: null } }, undefined);
  const page = async () => {
    statements.length = 0;
    const data = (await sessions.read(id)) as { user: { uid: string } };
    const [favorites, record, sync] = await Promise.all([
      library.favorites(data.user.uid),
      library.userRecord(data.user.uid),
      library.activeAudioSync(data.user.uid),
    ]);
    return { id, statements: [...statements], favorites: favorites.map((f) => f.audioSrc), record, sync };
  };
  return { listener, page };
}

/** The PostgreSQL session store and library over a pool that records each statement's name. */
function countedStores(engine: () => Engine) {
  const { pool } = engine() as Extract<Engine, { kind: "postgres" }>;
  const statements: string[] = [];
  const counted = new Proxy(pool, {
    get: (target, prop) =>
      prop === "query"
        ? (...args: Parameters<Pg["query"]>) => {
            statements.push(String((args[0] as { name?: string }).name ?? args[0]).slice(0, 40));
            return (target.query as (...a: unknown[]) => unknown)(...args);
          }
        : Reflect.get(target, prop),
  }) as Pg;
  const states = createListenerStates(counted);
  return {
    pool,
    statements,
    sessions: createPostgresSessionStore(counted, TTL, states),
    library: createPostgresLibrary(counted, states),
  };
}

describe.each(engines.filter(([name]) => name === "PostgreSQL"))("A signed-in request on %s", (_name, engine) => {
  it("reads the session and the listener's library in one statement, and asks again after a write", async () => {
    const { pool, statements, sessions, library } = countedStores(engine);
    const { listener, page } = await signedInPage(createPostgresAccounts(pool, createPasswords()), {
      statements,
      sessions,
      library,
    });
    const first = await page();
    expect(first.statements).toEqual(["session-read"]);
    expect(first.favorites).toEqual(["/a.mp3"]);
    expect(first.record).not.toBeNull();
    await library.addFavorite(listener, { audioSrc: "/b.mp3", audioTitle: "B", duration: 60 });
    expect((await library.favorites(listener)).map((f) => f.audioSrc)).toEqual(["/b.mp3", "/a.mp3"]);
    const next = await page();
    expect(next.statements).toEqual(["session-read"]);
    expect(next.favorites).toEqual(["/b.mp3", "/a.mp3"]);
  });

  it("reads the sessions of listeners who arrive in one turn in one statement, each with their own library", async () => {
    const { pool, statements, sessions, library } = countedStores(engine);
    const accounts = createPostgresAccounts(pool, createPasswords());
    const listeners: { uid: string; id: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const { uid: listener } = await accounts.signUp(`${uid()}@example.com`, "ferrite loop antenna tuner");
      await library.initUser(listener);
      await library.addFavorite(listener, { audioSrc: `/own-${i}.mp3`, audioTitle: `Own ${i}`, duration: 60 });
      listeners.push({ uid: listener, id: await sessions.create({ user: { uid: listener, email: null } }, undefined) });
    }
    statements.length = 0;
    const pages = await Promise.all(
      listeners.map(async ({ id }) => {
        const data = (await sessions.read(id)) as { user: { uid: string } };
        return { uid: data.user.uid, favorites: (await library.favorites(data.user.uid)).map((f) => f.audioSrc) };
      }),
    );
    expect(statements).toEqual(["session-read"]);
    expect(pages).toEqual(listeners.map(({ uid }, i) => ({ uid, favorites: [`/own-${i}.mp3`] })));
  });
});

/** The SQLite session store and library over a connection that records the start of each statement it runs. */
function countedSqlite(engine: () => Engine) {
  const { db } = engine() as Extract<Engine, { kind: "sqlite" }>;
  const statements: string[] = [];
  const bound = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  };
  const counted = new Proxy(db, {
    get: (target, prop) =>
      prop === "prepare"
        ? (source: string) =>
            new Proxy(target.prepare(source), {
              get: (statement, p) => {
                if (p === "get" || p === "all" || p === "run") statements.push(source.trim().slice(0, 24));
                return bound(statement, p);
              },
            })
        : bound(target, prop),
  }) as Db;
  return {
    db,
    statements,
    sessions: createSqliteSessionStore(counted, TTL),
    library: createSqliteLibrary(counted),
  };
}

describe.each(engines.filter(([name]) => name === "SQLite"))("A signed-in request on %s", (_name, engine) => {
  it("reads the session and the library afresh: a write here or by another process is seen at once", async () => {
    const { db, statements, sessions, library } = countedSqlite(engine);
    const { listener, page } = await signedInPage(createSqliteAccounts(db, createPasswords()), {
      statements,
      sessions,
      library,
    });
    const first = await page();
    expect(first.statements[0]).toMatch(/^SELECT data, expires_at /);
    expect(first.favorites).toEqual(["/a.mp3"]);
    expect(first.record).toEqual({ audioTitle: "", audioSrc: "", duration: 0 });
    await library.addFavorite(listener, { audioSrc: "/b.mp3", audioTitle: "B", duration: 60 });
    await library.removeFavoriteBySrc(listener, "/a.mp3");
    expect((await page()).favorites).toEqual(["/b.mp3"]);
    // Another process's write (another connection to the file).
    const other = engine() as Extract<Engine, { kind: "sqlite" }>;
    const elsewhere = other.openDb();
    await createSqliteLibrary(elsewhere).addFavorite(listener, { audioSrc: "/c.mp3", audioTitle: "C", duration: 60 });
    expect((await page()).favorites.sort()).toEqual(["/b.mp3", "/c.mp3"]);
    await createSqliteSessionStore(elsewhere, TTL).deleteForUser(listener);
    expect(await sessions.read(first.id)).toBeNull();
  });
});
