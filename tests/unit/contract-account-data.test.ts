/**
 * "Download my data" and "Delete my account" through the composition root on every accounts
 * source: SQLite, PostgreSQL, and Firebase (Auth and the Realtime Database on the local fake,
 * sessions and counters in SQLite). After a deletion nothing of the listener is left in any
 * table or path, every session of theirs is void, and another listener keeps all of theirs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { openDatabase } from "~/adapters/sqlite/db.server";
import { parseEnv } from "~/config/env.server";
import { createServices } from "~/composition.server";
import { FreshSignInRefused } from "~/services/account-data.server";
import { MAIL_RECIPIENT_DAILY_MAX, SIGN_IN_FAILED, SIGN_IN_FREE_FAILURES } from "~/rules/auth";
import { signInLater } from "~/services/auth-errors.server";
import type { Services } from "~/services/services.server";
import { startFirebaseFake } from "../../scripts/fakes/firebase.mjs";
import { freshDatabase, postgresEnabled, type TestDatabase } from "../support/postgres";

vi.setConfig({ testTimeout: 60_000 });

type Fake = Awaited<ReturnType<typeof startFirebaseFake>>;
let fake: Fake;
let database: TestDatabase | undefined;
const dirs: string[] = [];
beforeAll(async () => {
  fake = await startFirebaseFake();
  if (postgresEnabled) database = await freshDatabase();
});
afterAll(async () => {
  await fake.close();
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Rows of any table (or paths) that still name the listener: their uid or their address, anywhere in a value. */
type Leftovers = (needles: string[]) => Promise<string[]>;

const sqliteLeftovers =
  (dataDir: string): Leftovers =>
  async (needles) => {
    const db = openDatabase(dataDir);
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
        .all() as { name: string }[];
      const found: string[] = [];
      for (const { name } of tables.filter((t) => !/_fts/.test(t.name))) {
        const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name);
        const where = columns.flatMap((c) => needles.map(() => `instr(CAST("${c}" AS TEXT), ?) > 0`)).join(" OR ");
        const values = columns.flatMap(() => needles);
        const n = (db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE ${where}`).get(...values) as { n: number }).n;
        if (n) found.push(`${name}: ${n}`);
      }
      return found;
    } finally {
      db.close();
    }
  };

const postgresLeftovers =
  (url: string): Leftovers =>
  async (needles) => {
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const { rows } = await admin.query<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
      );
      const byTable = new Map<string, string[]>();
      for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
      const found: string[] = [];
      for (const [table, columns] of byTable) {
        const where = columns.flatMap((c) => needles.map((_, i) => `strpos("${c}"::text, $${i + 1}) > 0`)).join(" OR ");
        const { rows: n } = await admin.query<{ n: string }>(
          `SELECT count(*) AS n FROM "${table}" WHERE ${where}`,
          needles,
        );
        if (Number(n[0]!.n)) found.push(`${table}: ${n[0]!.n}`);
      }
      return found;
    } finally {
      await admin.end();
    }
  };

type Setup = () => { env: Record<string, string>; leftovers: Leftovers };
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-my-data-"));
  dirs.push(dir);
  return dir;
};
const setups: [string, Setup][] = [
  [
    "SQLite",
    () => {
      const dir = dataDir();
      return { env: { DATA_DIR: dir }, leftovers: sqliteLeftovers(dir) };
    },
  ],
  ...(postgresEnabled
    ? [
        [
          "PostgreSQL",
          (): ReturnType<Setup> => ({
            env: { DATA_DIR: dataDir(), DATABASE_URL: database!.url },
            leftovers: postgresLeftovers(database!.url),
          }),
        ] as [string, Setup],
      ]
    : []),
  [
    "Firebase",
    () => {
      const dir = dataDir();
      const sqlite = sqliteLeftovers(dir);
      return {
        env: { ...fake.env, DATA_DIR: dir },
        leftovers: async (needles) => {
          const [uid] = needles;
          const remote = [
            ...(fake.getData(`users/${uid}`) == null ? [] : [`users/${uid}`]),
            ...(fake.account(uid!) ? [`auth account ${uid}`] : []),
          ];
          return [...remote, ...(await sqlite(needles))];
        },
      };
    },
  ],
];

// Mails are printed on the console here (no SMTP_URL): read from there.
let mails: MockInstance<typeof console.info>;
beforeEach(() => {
  mails = vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => mails.mockRestore());

let seq = 0;
const PASSWORD = "listening since the GOOM days";
const form = (email: string, password: string) => {
  const f = new FormData();
  f.set("email", email);
  f.set("password", password);
  return f;
};

/** A listener with something in every part of the library, two signed-in devices and mail counted. */
async function listener(services: Services, name: string) {
  const email = `${name}-${++seq}-${Date.now().toString(36)}@example.com`;
  const user = await services.accounts.signUp(email, PASSWORD);
  await services.library.initUser(user.uid);
  const audioSrc = `https://media.example.com/${name}-${seq}.mp3`;
  await services.library.addFavorite(user.uid, { audioSrc, audioTitle: `${name} favorite`, duration: 3600 });
  await services.library.writeProgress(
    user.uid,
    { AudioTitle: `${name} last`, AudioSrc: audioSrc, AudioImg: "", Duration: 3600, currentTime: 42 },
    Date.now(),
  );
  await services.library.confirmAdult(user.uid);
  const queued = { audioSrc, title: `${name} queued`, image: "", duration: 3600, coldcut: false };
  expect(await services.upNext.edit(user.uid, { op: "add", item: queued, at: "last" })).toHaveLength(1);
  await services.positions.write(
    user.uid,
    { audioSrc, audioTitle: `${name} under way`, position: 42, duration: 3600, played: false },
    Date.now(),
  );
  expect(await services.listening.setSpeed(user.uid, "PPR", 1.5, Date.now())).toBe("written");
  await services.listening.tally(
    user.uid,
    { id: `span${seq}x${Date.now().toString(36)}`, era: "PPR", seconds: 42 },
    Date.now(),
  );
  expect(await services.accountEmail.sendVerification(user.uid)).toBe("sent");
  const devices = [
    (await services.auth.startSession(user, null)).split(";")[0]!,
    (await services.auth.startSession(user, null)).split(";")[0]!,
  ];
  return { user, email, audioSrc, devices };
}

describe.each(setups)("My data — %s", (_name, setup) => {
  it("the download holds the account, favorites, last audio and positions, never a password hash", async () => {
    const { env } = setup();
    const services = await createServices(parseEnv(env));
    try {
      const a = await listener(services, "export");
      const data = await services.accountData.exportFor(a.user);
      expect(data).toMatchObject({
        account: { uid: a.user.uid, email: a.email, emailVerified: false },
        library: {
          favorites: [{ audioSrc: a.audioSrc, audioTitle: "export favorite" }],
          lastAudio: { AudioSrc: a.audioSrc, currentTime: 42 },
          adultConfirmed: true,
        },
        upNext: { upNext: [{ audioSrc: a.audioSrc, title: "export queued" }] },
        positions: [{ audioSrc: a.audioSrc, audioTitle: "export under way", position: 42, played: false }],
        listening: {
          speeds: { PPR: 1.5 },
          stats: { listened: 42, finished: 0, eras: [{ era: "PPR", listened: 42, finished: 0 }] },
        },
      });
      expect(JSON.stringify(data)).not.toMatch(/scrypt|password/i);
    } finally {
      await services.close();
    }
  });

  it("a wrong password deletes nothing; the right one leaves nothing of the listener, signs out every device, mails them; another listener keeps everything", async () => {
    const { env, leftovers } = setup();
    const services = await createServices(parseEnv(env));
    try {
      const a = await listener(services, "leaving");
      const b = await listener(services, "staying");
      const request = (cookie: string, clientAddress: string) => ({ cookieHeader: cookie, clientAddress });

      await expect(
        services.accountData.deleteAccount(
          a.user,
          { password: "not my password" },
          request(a.devices[0]!, "198.51.100.7"),
        ),
      ).rejects.toThrow(SIGN_IN_FAILED);
      expect(await services.accounts.getUser(a.user.uid)).toEqual(a.user);
      expect(await services.auth.userFromCookie(a.devices[0]!)).toEqual(a.user);
      expect(await services.library.favorites(a.user.uid)).toHaveLength(1);

      const cleared = await services.accountData.deleteAccount(
        a.user,
        { password: PASSWORD },
        request(a.devices[0]!, "198.51.100.8"),
      );
      expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      for (const device of a.devices) expect(await services.auth.userFromCookie(device)).toBeNull();
      expect(await services.accounts.getUser(a.user.uid)).toBeNull();
      expect(await services.library.favorites(a.user.uid)).toEqual([]);
      expect(await services.library.activeAudioSync(a.user.uid)).toBeNull();
      expect(await services.upNext.list(a.user.uid)).toEqual([]);
      expect(await services.positions.list(a.user.uid)).toEqual([]);
      expect(await services.listening.speeds(a.user.uid)).toEqual({});
      expect(await services.listening.listened(a.user.uid)).toEqual([]);
      expect(await leftovers([a.user.uid, a.email])).toEqual([]);
      await expect(services.auth.signInWithPassword(form(a.email, PASSWORD), "198.51.100.9")).rejects.toThrow(
        SIGN_IN_FAILED,
      );
      expect(mails.mock.calls.map(([text]) => String(text)).filter((t) => t.includes("was deleted"))).toEqual([
        expect.stringContaining(`to ${a.email}: Your account was deleted`),
      ]);

      expect(await services.auth.userFromCookie(b.devices[1]!)).toEqual(b.user);
      expect(await services.auth.signInWithPassword(form(b.email, PASSWORD), "198.51.100.8")).toEqual(b.user);
      expect(await services.library.favorites(b.user.uid)).toMatchObject([{ audioSrc: b.audioSrc }]);
      expect(await services.library.activeAudioSync(b.user.uid)).toMatchObject({ currentTime: 42 });
      expect(await services.library.isAdultConfirmed(b.user.uid)).toBe(true);
      expect(await services.upNext.list(b.user.uid)).toHaveLength(1);
      expect(await services.positions.list(b.user.uid)).toMatchObject([{ audioSrc: b.audioSrc, position: 42 }]);
      expect(await services.listening.speeds(b.user.uid)).toEqual({ PPR: 1.5 });
      expect(await services.accountData.exportFor(b.user)).toMatchObject({ account: { email: b.email } });
    } finally {
      await services.close();
    }
  });

  it("a sign-up, sign-in, delete loop on one address mails it no more than its daily cap: deleting the account resets no counter", async () => {
    const { env } = setup();
    const services = await createServices(parseEnv(env));
    try {
      const email = `looped-${++seq}-${Date.now().toString(36)}@example.com`;
      for (let cycle = 0; cycle < 12; cycle++) {
        const user = await services.accounts.signUp(email, PASSWORD);
        // What the sign-up page does next; "wait" once the address is capped.
        await services.accountEmail.sendVerification(user.uid);
        const signedIn = await services.auth.signInWithPassword(form(email, PASSWORD), "198.51.100.20");
        const cookie = (await services.auth.startSession(signedIn, null)).split(";")[0]!;
        await services.accountData.deleteAccount(
          signedIn,
          { password: PASSWORD },
          { cookieHeader: cookie, clientAddress: "198.51.100.20" },
        );
      }
      const mailed = mails.mock.calls.map(([text]) => String(text)).filter((t) => t.includes(`to ${email}:`));
      expect(mailed.length).toBeGreaterThan(0);
      expect(mailed.length).toBeLessThanOrEqual(MAIL_RECIPIENT_DAILY_MAX);
    } finally {
      await services.close();
    }
  });

  it("the password check counts with sign-in's failures: past the free ones, deleting waits like signing in, and nothing goes", async () => {
    const { env } = setup();
    const services = await createServices(parseEnv(env));
    try {
      const a = await listener(services, "guessed");
      const from = { cookieHeader: a.devices[0]!, clientAddress: "198.51.100.20" };
      for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
        await expect(services.accountData.deleteAccount(a.user, { password: `guess ${i}` }, from)).rejects.toThrow(
          SIGN_IN_FAILED,
        );
      }
      const refused = await services.accountData
        .deleteAccount(a.user, { password: PASSWORD }, from)
        .catch((e: unknown) => e);
      expect(signInLater(refused)).toMatchObject({ status: 429 });
      await expect(services.auth.signInWithPassword(form(a.email, PASSWORD), from.clientAddress)).rejects.toThrow(
        /Too many sign-in attempts/,
      );
      expect(await services.accounts.getUser(a.user.uid)).toEqual(a.user);
      expect(await services.auth.userFromCookie(a.devices[0]!)).toEqual(a.user);
    } finally {
      await services.close();
    }
  });

  it("a fresh provider sign-in deletes only from the session it was kept in, and only into its own account", async () => {
    const { env, leftovers } = setup();
    const services = await createServices(parseEnv(env));
    try {
      const a = await listener(services, "reauth");
      const b = await listener(services, "bystander");
      const [here, elsewhere] = a.devices as [string, string];
      const request = (cookieHeader: string) => ({ cookieHeader, clientAddress: "198.51.100.30" });
      const refusal = (p: Promise<unknown>) =>
        p.then(String, (e: unknown) => (FreshSignInRefused.is(e) ? e.reason : e));

      // Another account's fresh sign-in is never kept for this one.
      expect(
        await refusal(services.accountData.confirmFreshSignIn(a.user, { uid: b.user.uid, at: Date.now() }, here)),
      ).toBe("wrong-account");
      expect(await services.accountData.freshSignInVerdict(a.user, here)).toBe("none");
      await services.accountData.confirmFreshSignIn(a.user, { uid: a.user.uid, at: Date.now() }, here);
      expect(await services.accountData.freshSignInVerdict(a.user, here)).toBe("ok");
      // The session stays signed in as it was.
      expect(await services.auth.userFromCookie(here)).toEqual(a.user);
      // Bound to the session: the other device holds no proof.
      expect(await services.accountData.freshSignInVerdict(a.user, elsewhere)).toBe("none");
      expect(await refusal(services.accountData.deleteAccount(a.user, { freshSignIn: true }, request(elsewhere)))).toBe(
        "none",
      );
      expect(await services.accounts.getUser(a.user.uid)).toEqual(a.user);

      await services.accountData.deleteAccount(a.user, { freshSignIn: true }, request(here));
      expect(await services.accounts.getUser(a.user.uid)).toBeNull();
      for (const device of a.devices) expect(await services.auth.userFromCookie(device)).toBeNull();
      expect(await leftovers([a.user.uid, a.email])).toEqual([]);
      expect(await services.accounts.getUser(b.user.uid)).toEqual(b.user);
    } finally {
      await services.close();
    }
  });
});
