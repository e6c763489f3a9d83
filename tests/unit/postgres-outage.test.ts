/**
 * PostgreSQL going away and coming back, and instances keeping their caches coherent: an outage
 * is a 503 (never a 500, nothing half-written), the rate limits keep counting in memory, the app
 * reconnects by itself, and `invalidate()` on one instance reaches every other within a second.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAppServer } from "~/composition.server";
import { isPostgresOutage, openPostgres } from "~/adapters/postgres/db.server";
import { createLoadContext } from "~/load-context";
import { loader as rootLoader } from "~/root";
import { loader as userLoader } from "~/routes/user";
import { action as progressAction } from "~/routes/api.progress";
import { action as favoritesAction } from "~/routes/favorites";
import { action as logoutAction } from "~/routes/logout";
import { mapFailures, OutageError, watchCalls, withOutages } from "~/services/outage.server";
import type { Services } from "~/services/services.server";
import { SITE_UNAVAILABLE } from "~/rules/constants";
import type { AppServer } from "../../server/app-contract";
import { cuttableProxy, type CuttableProxy } from "../support/cuttable-proxy";
import { freshDatabase, postgresEnabled, type TestDatabase } from "../support/postgres";
import { log } from "~/services/log.server";

vi.setConfig({ testTimeout: 30_000 });

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("what counts as the database being out of reach", () => {
  it("no connection, shutdown, start-up, no connections left, timeouts, a read-only failover", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connection failure", "08006"),
      withCode("canceling statement due to statement timeout", "57014"),
      withCode("cannot execute INSERT in a read-only transaction", "25006"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ])
      expect(isPostgresOutage(error), error.message).toBe(true);
  });

  it("not a bug, a constraint or bad input", () => {
    for (const error of [
      withCode('syntax error at or near "x"', "42601"),
      withCode("duplicate key value violates unique constraint", "23505"),
      withCode("invalid byte sequence for encoding", "22021"),
      new Error("Cannot read properties of undefined"),
    ])
      expect(isPostgresOutage(error), error.message).toBe(false);
    expect(isPostgresOutage("ECONNREFUSED")).toBe(false);
  });
});

describe("an outage as services and routes see it", () => {
  const failing = {
    down: async () => Promise.reject(withCode("connect ECONNREFUSED", "ECONNREFUSED")),
    bug: async () => Promise.reject(new TypeError("x is undefined")),
    sync: () => 1,
  };

  it("the store's outage becomes an OutageError; other failures pass through untouched", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    const guarded = withOutages("test", failing, isPostgresOutage);
    await expect(guarded.down()).rejects.toBeInstanceOf(OutageError);
    await expect(guarded.bug()).rejects.toBeInstanceOf(TypeError);
    expect(guarded.sync()).toBe(1);
    vi.mocked(log.error).mockRestore();
  });

  it("an outage is logged once until a call succeeds again", async () => {
    const lines: string[] = [];
    let down = true;
    const store = {
      read: async () => (down ? Promise.reject(withCode("connect ECONNREFUSED", "ECONNREFUSED")) : 1),
    };
    const guarded = withOutages("db", store, isPostgresOutage, (m) => lines.push(m));
    for (let i = 0; i < 3; i++) await expect(guarded.read()).rejects.toBeInstanceOf(OutageError);
    down = false;
    await guarded.read();
    await guarded.read();
    expect(lines).toEqual(["[db] unavailable: connect ECONNREFUSED (said once until it recovers)", "[db] recovered"]);
  });

  it("a watched service reports whether its last call reached its system, for /healthz", async () => {
    let answer: "ok" | "refused" | "down" = "ok";
    const upstream = {
      call: async () => {
        if (answer === "refused") throw new RangeError("wrong password");
        if (answer === "down") throw new Error("HTTP 503");
        return 1;
      },
    };
    const watch = watchCalls(upstream, (error) => !(error instanceof RangeError));
    expect(watch.state()).toBe("unknown");
    await watch.service.call();
    expect(watch.state()).toBe("ok");
    answer = "refused";
    await expect(watch.service.call()).rejects.toThrow("wrong password");
    expect(watch.state()).toBe("ok");
    answer = "down";
    await expect(watch.service.call()).rejects.toThrow("HTTP 503");
    expect(watch.state()).toBe("down");
    answer = "ok";
    await watch.service.call();
    expect(watch.state()).toBe("ok");
  });

  it("routes get a thrown 503 with a clear message and Retry-After", async () => {
    const outage = mapFailures({ latestEpisodes: failing.down }, () => new OutageError("down"));
    const services = {
      catalog: outage,
      content: {},
      gallery: {},
      accounts: {},
      library: {},
      positions: {},
      listening: {},
      auth: {},
      accountEmail: {},
      accountData: {},
    };
    const context = createLoadContext(services as unknown as Services)(undefined, "nonce");
    const thrown = await context.services.catalog.latestEpisodes(8).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe(SITE_UNAVAILABLE);
  });
});

describe.skipIf(!postgresEnabled)("PostgreSQL down and back", () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  let admin: pg.Pool;
  const dirs: string[] = [];
  const opened: AppServer[] = [];
  beforeAll(async () => {
    database = await freshDatabase();
    proxy = await cuttableProxy(database.url);
    admin = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(async () => {
    for (const app of opened) await app.services.close();
    await proxy?.close();
    await admin?.end();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = async (url: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-pg-outage-"));
    dirs.push(dir);
    const app = await createAppServer({ DATA_DIR: dir, DATABASE_URL: url, DATABASE_POOL_MAX: "4" });
    opened.push(app);
    return app;
  };
  const favoriteCount = async () => Number((await admin.query("SELECT count(*) AS n FROM favorites")).rows[0].n);
  const eventually = async (check: () => Promise<boolean> | boolean, withinMs: number) => {
    const until = Date.now() + withinMs;
    while (!(await check())) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };

  it("a connection the server ends while checked out, between two queries, fails its next query as an outage, never the process", async () => {
    const pool = openPostgres({ url: database.url, poolMax: 2, statementTimeoutMs: 5_000 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await client.query("BEGIN");
      const ended = new Promise((resolve) => client.once("end", resolve));
      await admin.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
      await ended;
      await expect(client.query("SELECT 1")).rejects.toSatisfy(isPostgresOutage);
      client.release();
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("reads and writes refuse as an outage, /healthz says the database is down, and it all comes back", async () => {
    const { services, rateLimitStore } = await start(proxy.url);
    const user = await services.accounts.signUp(`outage-${Date.now()}@example.com`, "outage password");
    await services.library.initUser(user.uid);
    const latest = await services.catalog.latestEpisodes(8);
    const before = await favoriteCount();
    const counter = rateLimitStore!("get");
    counter.init?.({ limit: 5, windowMs: 60_000 } as never);

    vi.spyOn(log, "error").mockImplementation(() => {});
    proxy.down();
    expect(await services.health()).toEqual({ ok: false, ready: false, checks: { database: "down", passwords: "ok" } });
    await expect(
      services.library.addFavorite(user.uid, { audioSrc: "/media/audio/a.mp3", audioTitle: "A", duration: 1 }),
    ).rejects.toBeInstanceOf(OutageError);
    const word = latest[0]!.title.split(" ")[0]!;
    await expect(services.catalog.searchEpisodes(word, 10)).rejects.toBeInstanceOf(OutageError);
    // What was read a moment ago is still served; the rate limits count in memory meanwhile.
    expect(await services.catalog.latestEpisodes(8)).toEqual(latest);
    expect((await counter.increment("203.0.113.1")).totalHits).toBe(1);
    expect((await counter.increment("203.0.113.1")).totalHits).toBe(2);
    vi.mocked(log.error).mockRestore();

    proxy.up();
    expect(await eventually(async () => (await services.health()).ok, 5_000)).toBe(true);
    expect(await favoriteCount()).toBe(before);
    await services.library.addFavorite(user.uid, { audioSrc: "/media/audio/b.mp3", audioTitle: "B", duration: 1 });
    expect(await favoriteCount()).toBe(before + 1);
    expect((await services.catalog.searchEpisodes(word, 10)).length).toBeGreaterThan(0);
  });

  it("a session that cannot be read is a 503 all the way through, never signed out: pages, progress, favorites and sign-out; then it is there again", async () => {
    const app = await start(proxy.url);
    const { services } = app;
    const user = await services.accounts.signUp(`blip-${Date.now()}@example.com`, "blip password");
    await services.library.initUser(user.uid);
    const cookie = (await services.auth.startSession(user, null)).split(";")[0]!;
    const context = () => app.getLoadContext(cookie, "nonce", "203.0.113.9");
    const post = (url: string, body: string, type: string) =>
      new Request(`http://listen.example${url}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": type, Origin: "http://listen.example" },
        body,
      });
    const progress = JSON.stringify({
      AudioTitle: "A",
      Duration: 60,
      AudioSrc: "/media/audio/a.mp3",
      currentTime: 12,
      at: Date.now(),
    });
    const favorite = new URLSearchParams({ intent: "add", audioSrc: "/media/audio/a.mp3", title: "A", js: "1" });
    const expect503 = async (what: string, outcome: unknown) => {
      const response = outcome as Response;
      expect(response, what).toBeInstanceOf(Response);
      expect(response.status, what).toBe(503);
      expect(response.headers.get("Retry-After"), what).toMatch(/^\d+$/);
      expect(response.headers.get("Cache-Control"), what).toBe("private, no-store");
      expect(response.headers.get("Location"), what).toBeNull();
      expect(response.headers.get("Set-Cookie"), what).toBeNull();
    };
    const run = (p: Promise<unknown>) => p.catch((error: unknown) => error);
    const args = (request: Request) => ({ request, context: context(), params: {} });

    vi.spyOn(log, "error").mockImplementation(() => {});
    proxy.down();
    await expect503("the session", await run(context().user()));
    await expect503("the root data", await run(rootLoader(args(new Request("http://listen.example/?_data=root")))));
    await expect503("a signed-in page", await run(userLoader(args(new Request("http://listen.example/user")))));
    await expect503("a position", await progressAction(args(post("/api/progress", progress, "text/plain"))));
    await expect503(
      "a favorite",
      await run(favoritesAction(args(post("/favorites", favorite.toString(), "application/x-www-form-urlencoded")))),
    );
    await expect503(
      "sign-out",
      await run(logoutAction(args(post("/logout", "", "application/x-www-form-urlencoded")))),
    );
    vi.mocked(log.error).mockRestore();

    proxy.up();
    expect(await eventually(async () => (await run(context().user())) !== null, 5_000)).toBe(true);
    expect(await context().user()).toEqual({ uid: user.uid, email: user.email });
    expect((await progressAction(args(post("/api/progress", progress, "text/plain")))).status).toBe(200);
    expect((await services.library.activeAudioSync(user.uid))?.currentTime).toBe(12);
  });

  it("invalidate() on one instance drops the caches of every other within a second", async () => {
    const [a, b] = [await start(database.url), await start(database.url)];
    const heard: string[] = [];
    b.services.onInvalidate((reason) => heard.push(reason));
    const before = (await b.services.catalog.latestEpisodes(1))[0]!;
    await admin.query("UPDATE episodes SET title = title || ' (remastered)' WHERE object_id = $1", [before.id]);
    // Still the cached copy: nothing told b yet.
    expect((await b.services.catalog.latestEpisodes(1))[0]!.title).toBe(before.title);
    const sent = Date.now();
    a.services.invalidate("catalog edited");
    expect(await eventually(() => heard.includes("catalog edited"), 1_000)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect((await b.services.catalog.latestEpisodes(1))[0]!.title).toBe(`${before.title} (remastered)`);
  });

  it("an instance whose notices connection was lost listens again and drops its caches then", async () => {
    const listener = await start(proxy.url);
    const heard: string[] = [];
    listener.services.onInvalidate((reason) => heard.push(reason));
    vi.spyOn(log, "error").mockImplementation(() => {});
    proxy.down();
    await new Promise((r) => setTimeout(r, 300));
    proxy.up();
    expect(await eventually(() => heard.includes("cache notices resumed"), 10_000)).toBe(true);
    vi.mocked(log.error).mockRestore();
    const sender = await start(database.url);
    sender.services.invalidate("after the outage");
    expect(await eventually(() => heard.includes("after the outage"), 1_000)).toBe(true);
  });
});
