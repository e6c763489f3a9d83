/**
 * The composition root with DATABASE_URL: every store the embedded SQLite holds moves to
 * PostgreSQL (no SQLite file is written); with Firebase accounts PostgreSQL still holds the
 * sessions and the failure log; the rate-limit tiers count per client address across instances.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAppServer } from "~/composition.server";
import { SIGN_IN_FAILED } from "~/rules/auth";
import { rateLimits } from "../../server/rate-limit";
import type { AppServer } from "../../server/app-contract";
import { startFirebaseFake } from "../../scripts/fakes/firebase.mjs";
import { startRemoteServices } from "../../scripts/fakes/remote-services.mjs";
import { freshDatabase, postgresEnabled, type TestDatabase } from "../support/postgres";

// Password sign-ups hash with Argon2id at OWASP cost.
vi.setConfig({ testTimeout: 60_000 });

let database: TestDatabase;
let admin: pg.Pool;
let dataDir: string;
const opened: AppServer[] = [];
beforeAll(async () => {
  if (!postgresEnabled) return;
  database = await freshDatabase();
  admin = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-pg-wiring-"));
});
afterAll(async () => {
  for (const app of opened) await app.services.close();
  await admin?.end();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = async (env: Record<string, string>) => {
  const app = await createAppServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, ...env });
  opened.push(app);
  return app;
};
const count = async (sql: string, values: unknown[] = []) =>
  Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, values)).rows[0]!.n);
const signInForm = (email: string, password: string) => {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  return form;
};

describe.skipIf(!postgresEnabled)("DATABASE_URL selects PostgreSQL", () => {
  it("for the catalog, content, accounts, library and sessions; no SQLite file; /healthz checks it", async () => {
    const app = await start({});
    const { services } = app;
    expect(await services.health()).toEqual({ ok: true, ready: true, checks: { database: "ok", passwords: "ok" } });
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect((await services.catalog.latestEpisodes(8)).length).toBe(8);
    expect((await services.content.latestNews(4)).length).toBe(4);
    const email = `wired-${Date.now()}@example.com`;
    const user = await services.accounts.signUp(email, "wired password");
    await services.library.initUser(user.uid);
    await services.library.addFavorite(user.uid, { audioSrc: "/media/audio/x.mp3", audioTitle: "X", duration: 1 });
    expect(await count("users WHERE uid = $1", [user.uid])).toBe(1);
    await expect(services.auth.signInWithPassword(signInForm(`${email}\u0000`, "x"), "198.51.100.40")).rejects.toThrow(
      SIGN_IN_FAILED,
    );
    expect(await count("favorites WHERE uid = $1", [user.uid])).toBe(1);
    const cookie = (await services.auth.startSession(user, null)).split(";")[0]!;
    expect(await count("sessions WHERE data #>> '{user,uid}' = $1", [user.uid])).toBe(1);
    // A second instance reads the same session.
    const other = await start({});
    expect(await other.services.auth.userFromCookie(cookie)).toEqual({ uid: user.uid, email });
    expect(other.rateLimitStore).toBeTypeOf("function");
  });

  it("with Firebase accounts and the Supabase catalog, PostgreSQL still holds the sessions and the sign-in failure log", async () => {
    const fake = await startFirebaseFake();
    const remote = await startRemoteServices({ sampleDir: "sample" });
    try {
      const { services } = await start({ ...fake.env, ...remote.env } as Record<string, string>);
      expect((await services.catalog.latestEpisodes(8)).length).toBe(8);
      expect(remote.requests.map((r: { path: string }) => r.path)).toContain("/rest/v1/Episodes");
      const email = `fire-${Date.now()}@example.com`;
      const user = await services.accounts.signUp(email, "fire password");
      expect(await count("users WHERE uid = $1", [user.uid])).toBe(0);
      await services.auth.startSession(user, null);
      expect(await count("sessions WHERE data #>> '{user,uid}' = $1", [user.uid])).toBe(1);
      await expect(
        services.auth.signInWithPassword(signInForm(email, "wrong password"), "198.51.100.40"),
      ).rejects.toThrow(SIGN_IN_FAILED);
      expect(await count("auth_failures WHERE account = $1 AND address = $2", [email, "198.51.100.40"])).toBe(1);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await fake.close();
      await remote.close();
    }
  });

  it("an unreachable DATABASE_URL stops the start with a clear error", async () => {
    await expect(
      createAppServer({ DATA_DIR: dataDir, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }),
    ).rejects.toMatchObject({
      name: "EnvError",
      message: expect.stringMatching(/^DATABASE_URL: the database could not be prepared/),
    });
  });

  it("without DATABASE_URL nothing changes: the SQLite file under DATA_DIR, counters per process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-pg-wiring-sqlite-"));
    try {
      const app = await createAppServer({ DATA_DIR: dir });
      expect(fs.existsSync(path.join(dir, "hamradio.sqlite"))).toBe(true);
      expect(app.rateLimitStore).toBeUndefined();
      expect(await app.services.health()).toEqual({
        ok: true,
        ready: true,
        checks: { database: "ok", passwords: "ok" },
      });
      await app.services.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!postgresEnabled)("rate limits shared by every instance", () => {
  it("hits counted together (one statement a turn) each get their own count, in the order they came", async () => {
    const { rateLimitStore } = await start({});
    const store = rateLimitStore!("together");
    store.init?.({ windowMs: 60_000, limit: 10 } as Parameters<NonNullable<typeof store.init>>[0]);
    const from = `192.0.2.${Date.now() % 250}`;
    const together = await Promise.all([
      store.increment(from),
      store.increment(from),
      store.increment(`${from}0`),
      store.increment(from),
    ]);
    expect(together.map((info) => info.totalHits)).toEqual([1, 2, 1, 3]);
    expect(together[0]!.resetTime!.getTime()).toBeGreaterThan(Date.now());
    expect((await store.increment(from)).totalHits).toBe(4);
  });

  it("two instances count one client address's POSTs against one limit; GETs write nothing", async () => {
    const limit = 5;
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const { rateLimitStore } = await start({});
        const app = express();
        app.set("trust proxy", 1);
        app.use(rateLimits({ auth: 2, post: limit, get: 100 }, "private, no-store", rateLimitStore));
        app.all("/", (_req, res) => res.send("ok"));
        const server = app.listen(0, "127.0.0.1");
        await new Promise((resolve) => server.once("listening", resolve));
        return server;
      }),
    );
    try {
      const hit = async (i: number, from: string, method = "POST") => {
        const { port } = servers[i % 2]!.address() as AddressInfo;
        return fetch(`http://127.0.0.1:${port}/`, { method, headers: { "X-Forwarded-For": from } });
      };
      const from = `198.51.100.${Date.now() % 250}`;
      const statuses: number[] = [];
      for (let i = 0; i < limit + 2; i++) statuses.push((await hit(i, from)).status);
      expect(statuses).toEqual([...Array(limit).fill(200), 429, 429]);
      const limited = await hit(1, from);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("ratelimit")).toMatch(/limit=5, remaining=0, reset=\d+/);
      expect(limited.headers.get("cache-control")).toBe("private, no-store");
      expect((await hit(0, "203.0.113.9")).status).toBe(200);
      expect(await count("rate_limits WHERE key LIKE 'post:%'")).toBe(2);
      // A page view costs no database write: GETs are counted in each process.
      for (let i = 0; i < 4; i++) expect((await hit(i, from, "GET")).status).toBe(200);
      expect(await count("rate_limits WHERE key LIKE 'get:%'")).toBe(0);
    } finally {
      for (const server of servers) server.close();
    }
  });
});
