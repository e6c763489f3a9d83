import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createPasswords, type Passwords } from "~/services/password.server";
import {
  createListenerStates,
  createPostgresAccounts,
  createPostgresLibrary,
} from "~/adapters/postgres/accounts.server";
import { createFirebaseAccounts, type FirebaseAccountsConfig } from "~/adapters/firebase/accounts.server";
import { createFirebaseLibrary } from "~/adapters/firebase/library.server";
import { AccountError, type Accounts, type Library } from "~/services/accounts.server";
import {
  ACCOUNT_EXISTS_UNVERIFIED,
  PASSWORD_CONTROL_CHARACTERS,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_GUESSABLE,
  SIGN_IN_FAILED,
} from "~/rules/auth";
import { parseEnv } from "~/config/env.server";
import { createServices } from "~/composition.server";
import { startFirebaseFake } from "../../scripts/fakes/firebase.mjs";
import { bothEngines, type Engine } from "../support/engines";
import { scryptHash } from "../support/scrypt-hash";

// The production hash cost is tested in accounts.test.ts; here a low one keeps the contract fast.
// The Firebase side talks to a local fake only.
vi.setConfig({ testTimeout: 30_000 });

interface Recorded {
  service: "auth" | "rtdb";
  method: string;
  path: string;
  dbPath: string | null;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  auth?: unknown;
}
interface Fake {
  origin: string;
  env: Record<string, string>;
  apiKey: string;
  projectId: string;
  accessToken: string;
  requests: Recorded[];
  options: { enumerationProtection: boolean };
  setMode(service: "auth" | "rtdb", mode: "ok" | "fail" | "slow" | "junk"): void;
  failNext(endpoint: string, message: string): void;
  beforeNextWrite(hook: (api: { set(path: string, value: unknown): void }) => void): void;
  seedAccount(account: {
    localId?: string;
    email?: string | null;
    password?: string | null;
    emailVerified?: boolean;
    disabled?: boolean;
    providers?: { providerId: string; rawId: string; email?: string }[];
  }): string;
  account(localId: string): { email?: string; providerUserInfo: { providerId: string; rawId: string }[] } | null;
  accountCount(): number;
  setData(path: string, value: unknown): void;
  getData(path?: string): unknown;
  reset(): void;
  close(): Promise<void>;
}

const engines = bothEngines();
let fake: Fake;
beforeAll(async () => {
  fake = await startFirebaseFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const authConfig = (over: Partial<FirebaseAccountsConfig> = {}): FirebaseAccountsConfig => ({
  apiKey: fake.apiKey,
  projectId: fake.projectId,
  authUrl: fake.origin,
  getAccessToken: async () => fake.accessToken,
  timeoutMs: 2_000,
  ...over,
});
const firebaseLibrary = (timeoutMs = 2_000) =>
  createFirebaseLibrary({ databaseUrl: fake.origin, getAccessToken: async () => fake.accessToken, timeoutMs });

type Backend = { accounts: Accounts; library: Library };
/** `another`: the stores as a second instance has them (its own connection to the same data). */
const embedded = (engine: Engine, another = false): Backend => {
  if (engine.kind === "sqlite") {
    const db = another ? engine.openDb() : engine.db;
    return { accounts: createSqliteAccounts(db, createPasswords()), library: createSqliteLibrary(db) };
  }
  const pool = another ? engine.openPool() : engine.pool;
  return {
    accounts: createPostgresAccounts(pool, createPasswords()),
    library: createPostgresLibrary(pool, createListenerStates(pool)),
  };
};
/** The stores with a cap of CAP favorites, as they are built with FAVORITES_MAX. */
const CAP = 4;
const cappedLibraries: [string, (another?: boolean) => Library][] = [
  ...engines.map(([name, engine]): [string, (another?: boolean) => Library] => [
    `embedded ${name}`,
    (another = false) => {
      const e = engine();
      if (e.kind === "sqlite") return createSqliteLibrary(another ? e.openDb() : e.db, { favoritesMax: CAP });
      const pool = another ? e.openPool() : e.pool;
      return createPostgresLibrary(pool, createListenerStates(pool), { favoritesMax: CAP });
    },
  ]),
  [
    "Firebase REST",
    () =>
      createFirebaseLibrary({
        databaseUrl: fake.origin,
        getAccessToken: async () => fake.accessToken,
        timeoutMs: 2_000,
        favoritesMax: CAP,
      }),
  ],
];
const backends: [string, () => Backend][] = [
  ...engines.map(([name, engine]): [string, () => Backend] => [`embedded ${name}`, () => embedded(engine())]),
  ["Firebase REST", () => ({ accounts: createFirebaseAccounts(authConfig()), library: firebaseLibrary() })],
];

let seq = 0;
const unique = (name: string) => `${name}-${++seq}-${Date.now().toString(36)}`;
const uniqueEmail = (name: string) => `${unique(name)}@example.com`;
/** A fresh listener without scrypt: a new Google identity. */
const newListener = async (accounts: Accounts) =>
  (
    await accounts.signInWithProvider({
      provider: "google",
      subject: unique("g"),
      email: uniqueEmail("g"),
      emailVerified: true,
    })
  ).user.uid;
const error = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

const MESSAGES = {
  badEmail: "The email address is badly formatted.",
  weak: "Password should be at least 8 characters.",
  taken: "The email address is already in use by another account.",
  unverified: ACCOUNT_EXISTS_UNVERIFIED,
};

describe.each(backends)("Accounts contract — %s", (_name, make) => {
  it("sign-up: the app's own email and password rules, normalised email, one account per email", async () => {
    const { accounts } = make();
    expect(await error(accounts.signUp("not-an-email", "password123"))).toMatchObject({
      code: "invalid-email",
      message: MESSAGES.badEmail,
    });
    expect(await error(accounts.signUp(uniqueEmail("short"), "1234567"))).toMatchObject({
      code: "weak-password",
      message: MESSAGES.weak,
    });
    // Passwords on the common-password list (any case), one character repeated, the email
    // itself, control characters: refused with a clear message, no account created.
    const weakEmail = uniqueEmail("weak");
    for (const [password, message] of [
      ["password", PASSWORD_TOO_COMMON],
      ["12345678", PASSWORD_TOO_COMMON],
      ["Password1", PASSWORD_TOO_COMMON],
      ["iloveyou", PASSWORD_TOO_COMMON],
      ["qwertyuiop", PASSWORD_TOO_COMMON],
      ["zzzzzzzzzz", PASSWORD_TOO_GUESSABLE],
      [weakEmail.toUpperCase(), PASSWORD_TOO_GUESSABLE],
      [weakEmail.split("@")[0]!, PASSWORD_TOO_GUESSABLE],
      ["\u0000".repeat(8), PASSWORD_CONTROL_CHARACTERS],
      ["long enough\nbut a newline", PASSWORD_CONTROL_CHARACTERS],
    ]) {
      expect(await error(accounts.signUp(weakEmail, password!)), JSON.stringify(password)).toMatchObject({
        code: "weak-password",
        message,
      });
    }
    expect((await accounts.signUp(weakEmail, "ferrite loop antenna tuner")).email).toBe(weakEmail);
    const email = uniqueEmail("Mixed.Case");
    const user = await accounts.signUp(`  ${email.toUpperCase()} `, "  spaced passphrase  ");
    expect(user).toEqual({ uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/), email: email.toLowerCase() });
    const taken = await error(accounts.signUp(email, "another password"));
    expect(AccountError.is(taken)).toBe(true);
    expect(taken).toMatchObject({ code: "email-taken", message: MESSAGES.taken });
    // never trimmed: the spaces are part of the password
    expect((await accounts.signIn(email, "  spaced passphrase  ")).uid).toBe(user.uid);
    expect(await accounts.getUser(user.uid)).toEqual({ uid: user.uid, email: email.toLowerCase() });
    expect(await accounts.getUser("NoSuchUserAnywhere0000000000")).toBeNull();
  });

  it("sign-in fails the same way for an unknown email, a wrong password and a malformed email", async () => {
    const { accounts } = make();
    const email = uniqueEmail("same");
    await accounts.signUp(email, "right password");
    const failures = await Promise.all([
      error(accounts.signIn(uniqueEmail("nobody"), "right password")),
      error(accounts.signIn(email, "wrong password")),
      error(accounts.signIn("not an email", "right password")),
    ]);
    for (const f of failures) {
      expect(AccountError.is(f)).toBe(true);
      expect(f).toMatchObject({ code: "invalid-credentials", message: SIGN_IN_FAILED });
    }
  });

  it("provider identities: same uid every time, linked to an email account only when the provider and the account confirmed it", async () => {
    const { accounts } = make();
    const email = uniqueEmail("owner");
    const owner = await accounts.signUp(email, "owner password");
    const fb = unique("fb");
    expect(
      await error(accounts.signInWithProvider({ provider: "facebook", subject: fb, email, emailVerified: false })),
    ).toMatchObject({
      code: "unverified-email",
      message: MESSAGES.unverified,
    });
    const g = unique("g");
    const google = { provider: "google" as const, subject: g, email: email.toUpperCase(), emailVerified: true };
    // The account's own address is not confirmed yet: whoever signed up may not own the mailbox.
    expect(await error(accounts.signInWithProvider(google))).toMatchObject({
      code: "unverified-email",
      message: MESSAGES.unverified,
    });
    expect(await accounts.isEmailVerified(owner.uid)).toBe(false);
    await accounts.verifyEmail((await accounts.verificationCode(owner.uid))!.code);
    expect(await accounts.isEmailVerified(owner.uid)).toBe(true);
    // Linked, but never with the password set before the address was confirmed (a squatter's?):
    // it is cleared, and the caller told to sign the account's sessions out.
    const linked = await accounts.signInWithProvider(google);
    expect(linked).toEqual({ user: { uid: owner.uid, email }, created: false, passwordCleared: true });
    expect(await error(accounts.signIn(email, "owner password"))).toMatchObject({ code: "invalid-credentials" });
    expect(
      (await accounts.signInWithProvider({ provider: "google", subject: g, email: null, emailVerified: false })).user
        .uid,
    ).toBe(owner.uid);
    // Looking an identity up links and creates nothing.
    expect(await accounts.accountOfIdentity("google", g)).toEqual({ uid: owner.uid, email });
    const stranger = unique("g");
    expect(await accounts.accountOfIdentity("google", stranger)).toBeNull();
    expect(await accounts.accountOfIdentity("facebook", g)).toBeNull();
    expect(
      (await accounts.signInWithProvider({ provider: "google", subject: stranger, email: null, emailVerified: false }))
        .created,
    ).toBe(true);
    const fresh = await accounts.signInWithProvider({
      provider: "facebook",
      subject: unique("fb"),
      email: uniqueEmail("fresh"),
      emailVerified: false,
    });
    expect(fresh.created).toBe(true);
    expect(fresh.user).toEqual({ uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/), email: null });
  });
});

describe.each(backends)("Library contract — %s", (_name, make) => {
  it("sign-up writes the user record, ActiveAudioSync and an empty favorites list; an unknown user has none", async () => {
    const { accounts, library } = make();
    const uid = await newListener(accounts);
    await library.initUser(uid);
    await library.initUser(uid); // idempotent
    expect(await library.userRecord(uid)).toEqual({ audioTitle: "", audioSrc: "", duration: 0 });
    expect(await library.activeAudioSync(uid)).toEqual({
      AudioTitle: "",
      Duration: 0,
      AudioImg: "",
      AudioSrc: "",
      currentTime: 0,
    });
    expect(await library.favorites(uid)).toEqual([]);
    const nobody = "NoSuchUserAnywhere0000000000";
    expect(await library.userRecord(nobody)).toBeNull();
    expect(await library.activeAudioSync(nobody)).toBeNull();
    expect(await library.favorites(nobody)).toEqual([]);
  });

  it("favorites: 50 concurrent adds of one source make one entry; newest first; removal by id and by source", async () => {
    const { accounts, library } = make();
    const uid = await newListener(accounts);
    await library.initUser(uid);
    const src = "/media/audio/ep-audio-1.mp3";
    const adds = await Promise.all(
      Array.from({ length: 50 }, () =>
        library.addFavorite(uid, { audioSrc: src, audioTitle: "Pilot Light", duration: 35 }),
      ),
    );
    expect(new Set(adds.map((f) => f!.id)).size).toBe(1);
    expect(adds[0]).toEqual({
      id: expect.stringMatching(/^-[A-Za-z0-9_-]{19,20}$/),
      audioSrc: src,
      audioTitle: "Pilot Light",
      Duration: 35,
      isFav: true,
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await library.addFavorite(uid, {
      audioSrc: "/media/audio/ep-audio-2.mp3",
      audioTitle: "Second",
      duration: 0,
    });
    expect((await library.favorites(uid)).map((f) => f.audioSrc)).toEqual(["/media/audio/ep-audio-2.mp3", src]);
    expect(await library.removeFavorite(uid, second!.id)).toBe(true);
    expect(await library.removeFavorite(uid, second!.id)).toBe(false);
    expect(await library.removeFavorite(uid, "../../etc")).toBe(false);
    expect(await library.removeFavoriteBySrc(uid, src)).toBe(true);
    expect(await library.removeFavoriteBySrc(uid, src)).toBe(false);
    expect(await library.favorites(uid)).toEqual([]);
  });

  it("progress: an older write never overwrites a newer one; the user record keeps the last audio", async () => {
    const { accounts, library } = make();
    const uid = await newListener(accounts);
    await library.initUser(uid);
    const sync = {
      AudioTitle: "Pilot Light",
      Duration: 35,
      AudioImg: "/media/img/a.svg",
      AudioSrc: "/media/audio/ep-audio-1.mp3",
      currentTime: 20,
    };
    expect(await library.writeProgress(uid, sync, 2_000)).toBe("written");
    expect(await library.writeProgress(uid, { ...sync, currentTime: 5 }, 1_000)).toBe("stale");
    expect(await library.writeProgress(uid, { ...sync, currentTime: 6 }, 2_000)).toBe("stale");
    expect(await library.activeAudioSync(uid)).toEqual(sync);
    expect(await library.userRecord(uid)).toEqual({
      audioTitle: "Pilot Light",
      audioSrc: "/media/audio/ep-audio-1.mp3",
      duration: 35,
    });
    expect(await library.writeProgress(uid, { ...sync, currentTime: 30 }, 3_000)).toBe("written");
    expect((await library.activeAudioSync(uid))?.currentTime).toBe(30);
  });

  it("positions written together: each listener's newest wins, an older one of the same listener is stale", async () => {
    const { accounts, library } = make();
    const [a, b] = [await newListener(accounts), await newListener(accounts)];
    await Promise.all([library.initUser(a), library.initUser(b)]);
    const sync = { AudioTitle: "Together", Duration: 60, AudioImg: "", AudioSrc: "/media/audio/t.mp3", currentTime: 0 };
    const results = await Promise.all([
      library.writeProgress(a, { ...sync, currentTime: 1 }, 1_000),
      library.writeProgress(a, { ...sync, currentTime: 3 }, 3_000),
      library.writeProgress(b, { ...sync, currentTime: 2 }, 2_000),
      library.writeProgress(a, { ...sync, currentTime: 2 }, 2_000),
    ]);
    expect(results.slice(1)).toEqual(["written", "written", "stale"]);
    expect((await library.activeAudioSync(a))?.currentTime).toBe(3);
    expect((await library.activeAudioSync(b))?.currentTime).toBe(2);
    expect(await library.userRecord(b)).toEqual({ audioTitle: "Together", audioSrc: sync.AudioSrc, duration: 60 });
  });

  it("a page's reads asked together (favorites, record, position) see every write made before them", async () => {
    const { accounts, library } = make();
    const uid = await newListener(accounts);
    await library.initUser(uid);
    const pageReads = () =>
      Promise.all([library.favorites(uid), library.userRecord(uid), library.activeAudioSync(uid)]);
    const sync = {
      AudioTitle: "Pilot Light",
      Duration: 35,
      AudioImg: "/media/img/a.svg",
      AudioSrc: "/media/audio/ep-audio-1.mp3",
      currentTime: 20,
    };
    const before = pageReads();
    await library.addFavorite(uid, { audioSrc: sync.AudioSrc, audioTitle: sync.AudioTitle, duration: 35 });
    await library.writeProgress(uid, sync, 1_000);
    const [favorites, record, position] = await pageReads();
    expect(favorites.map((f) => f.audioSrc)).toEqual([sync.AudioSrc]);
    expect(record).toEqual({ audioTitle: "Pilot Light", audioSrc: sync.AudioSrc, duration: 35 });
    expect(position).toEqual(sync);
    await before;
  });

  it("adult confirmation is remembered; one listener's library never shows in another's", async () => {
    const { accounts, library } = make();
    const a = await newListener(accounts);
    const b = await newListener(accounts);
    await Promise.all([library.initUser(a), library.initUser(b)]);
    expect(await library.isAdultConfirmed(a)).toBe(false);
    await library.confirmAdult(a);
    await library.confirmAdult(a);
    expect(await library.isAdultConfirmed(a)).toBe(true);
    expect(await library.isAdultConfirmed(b)).toBe(false);
    const fav = await library.addFavorite(a, { audioSrc: "/media/audio/a.mp3", audioTitle: "A's", duration: 1 });
    expect(await library.favorites(b)).toEqual([]);
    expect(await library.removeFavorite(b, fav!.id)).toBe(false);
    expect(await library.removeFavoriteBySrc(b, "/media/audio/a.mp3")).toBe(false);
    expect(await library.favorites(a)).toHaveLength(1);
  });
});

// Firebase meets two servers differently (its own tests below, over the fake).
describe.each(cappedLibraries)("Favorites cap — %s", (_name, library) => {
  it("an account keeps at most its cap of favorites, however many add at once from two instances; one more fits once one is removed", async () => {
    const { accounts } = backends.find(([name]) => name === _name)![1]();
    const uid = await newListener(accounts);
    const one = library();
    const two = library(true);
    const fav = (i: number) => ({ audioSrc: `/media/audio/cap-${i}.mp3`, audioTitle: `Cap ${i}`, duration: i });
    const adds = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? one : two).addFavorite(uid, fav(i))));
    expect(adds.filter(Boolean)).toHaveLength(CAP);
    expect(await one.favorites(uid)).toHaveLength(CAP);
    // Adding one it keeps already is no addition.
    const kept = (await two.favorites(uid))[0]!;
    expect(await one.addFavorite(uid, { ...fav(0), audioSrc: kept.audioSrc })).toMatchObject({ id: kept.id });
    expect(await one.addFavorite(uid, fav(99))).toBeNull();
    expect(await two.removeFavoriteBySrc(uid, kept.audioSrc)).toBe(true);
    expect(await one.addFavorite(uid, fav(99))).toMatchObject({ audioSrc: fav(99).audioSrc });
    expect(await two.addFavorite(uid, fav(100))).toBeNull();
    expect(await two.favorites(uid)).toHaveLength(CAP);
  });
});

describe.each(engines)("Sign-up of a taken address — embedded %s", (_name, engine) => {
  it("hashes the password all the same before it is refused, so the answer takes as long", async () => {
    const e = engine();
    const base = createPasswords();
    const hashed: string[] = [];
    const passwords = { ...base, hash: async (p: string) => (hashed.push(p), base.hash(p)) };
    const accounts =
      e.kind === "sqlite" ? createSqliteAccounts(e.db, passwords) : createPostgresAccounts(e.pool, passwords);
    const email = uniqueEmail("taken");
    await accounts.signUp(email, "first passphrase");
    expect(await error(accounts.signUp(email, "second passphrase"))).toMatchObject({ code: "email-taken" });
    expect(hashed).toEqual(["first passphrase", "second passphrase"]);
  });
});

describe.each(engines)("Password hashes upgraded at sign-in — embedded %s", (_name, engine) => {
  const storedHash = async (email: string): Promise<string> => {
    const e = engine();
    if (e.kind === "sqlite")
      return (e.db.prepare("SELECT password_hash FROM users WHERE email = ?").get(email) as { password_hash: string })
        .password_hash;
    return (await e.pool.query("SELECT password_hash FROM users WHERE email = $1", [email])).rows[0].password_hash;
  };
  const accountsWith = (passwords: Passwords) => {
    const e = engine();
    return e.kind === "sqlite" ? createSqliteAccounts(e.db, passwords) : createPostgresAccounts(e.pool, passwords);
  };

  it("a scrypt hash made before is made anew as Argon2id at the next right password, never at a wrong one", async () => {
    const email = uniqueEmail("upgrade");
    const before = accountsWith({ ...createPasswords(), hash: async (p) => scryptHash(p, 11) });
    const user = await before.signUp(email, "upgrade password");
    const old = await storedHash(email);
    expect(old).toMatch(/^scrypt\$2048\$8\$5\$/);

    const now = accountsWith(createPasswords());
    expect(await error(now.signIn(email, "wrong password"))).toMatchObject({ code: "invalid-credentials" });
    expect(await storedHash(email)).toBe(old);
    expect((await now.signIn(email, "upgrade password")).uid).toBe(user.uid);
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Today's hash is kept as it is, and the password still signs in (and no other does).
    expect((await now.signIn(email, "upgrade password")).uid).toBe(user.uid);
    expect(await storedHash(email)).toBe(upgraded);
    expect(await error(now.signIn(email, "wrong password"))).toMatchObject({ code: "invalid-credentials" });
  });
});

describe.each(engines)("Two instances at once — embedded %s", (_name, engine) => {
  it("one favorite per source, one account per new identity, the newest progress wins", async () => {
    const one = embedded(engine());
    const two = embedded(engine(), true);
    const profile = {
      provider: "google" as const,
      subject: unique("race"),
      email: uniqueEmail("race"),
      emailVerified: true,
    };
    const signIns = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).accounts.signInWithProvider(profile)),
    );
    expect(new Set(signIns.map((s) => s.user.uid)).size).toBe(1);
    expect(signIns.filter((s) => s.created)).toHaveLength(1);
    const uid = signIns[0]!.user.uid;
    await Promise.all([one.library.initUser(uid), two.library.initUser(uid)]);
    const src = "/media/audio/ep-audio-3.mp3";
    const adds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? one : two).library.addFavorite(uid, { audioSrc: src, audioTitle: "Race", duration: 3 }),
      ),
    );
    expect(new Set(adds.map((f) => f!.id)).size).toBe(1);
    expect(await two.library.favorites(uid)).toHaveLength(1);
    const sync = { AudioTitle: "Race", Duration: 3, AudioImg: "", AudioSrc: src, currentTime: 0 };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? one : two).library.writeProgress(uid, { ...sync, currentTime: i }, 10_000 + i),
      ),
    );
    expect((await one.library.activeAudioSync(uid))?.currentTime).toBe(19);
  });
});

// ---- Firebase only: the exact calls of docs/product.md §7, the existing app's data, faults ----------------

const rtdb = () => fake.requests.filter((r) => r.service === "rtdb");
const auth = () => fake.requests.filter((r) => r.service === "auth");
const call = (r: Recorded) => `${r.method} ${r.dbPath}`;

describe("Firebase Realtime Database — docs/product.md §7 paths exactly", () => {
  it("reads and writes users/<uid>, users/<uid>/ActiveAudioSync, users/<uid>/favorites and favorites/<id>", async () => {
    const library = firebaseLibrary();
    const uid = fake.seedAccount({ email: uniqueEmail("paths"), password: "paths password" });
    await library.initUser(uid);
    expect(rtdb().map(call)).toEqual([`GET users/${uid}`, `PUT users/${uid}`]);
    expect(rtdb()[0]!.headers["x-firebase-etag"]).toBe("true");
    expect(rtdb()[1]!.headers["if-match"]).toBeTruthy();
    // RTDB drops the empty favorites object; the stored record has exactly the docs/product.md §3 fields
    expect(fake.getData(`users/${uid}`)).toEqual({
      audioTitle: "",
      audioSrc: "",
      duration: 0,
      ActiveAudioSync: { AudioTitle: "", Duration: 0, AudioImg: "", AudioSrc: "", currentTime: 0 },
    });
    expect(rtdb()[1]!.body).toMatchObject({ favorites: {} });

    fake.reset();
    await library.userRecord(uid);
    await library.activeAudioSync(uid);
    const sync = {
      AudioTitle: "Pilot Light",
      Duration: 35,
      AudioImg: "/i.svg",
      AudioSrc: "/media/audio/ep-audio-1.mp3",
      currentTime: 20,
    };
    await library.writeProgress(uid, sync, 5_000);
    await library.writeProgress(uid, { ...sync, currentTime: 25 }, 6_000); // same audio: no record write
    await library.favorites(uid);
    const fav = await library.addFavorite(uid, {
      audioSrc: "/media/audio/ep-audio-1.mp3",
      audioTitle: "Pilot Light",
      duration: 35,
    });
    await library.removeFavorite(uid, fav!.id);
    await library.confirmAdult(uid);
    expect(rtdb().map(call)).toEqual([
      `GET users/${uid}`,
      `GET users/${uid}/ActiveAudioSync`,
      `GET users/${uid}/ActiveAudioSync`,
      `PUT users/${uid}/ActiveAudioSync`,
      `PATCH users/${uid}`,
      `GET users/${uid}/ActiveAudioSync`,
      `PUT users/${uid}/ActiveAudioSync`,
      `GET users/${uid}/favorites`,
      `GET users/${uid}/favorites`,
      `PUT users/${uid}/favorites`,
      `GET users/${uid}/favorites/${fav!.id}`,
      `DELETE users/${uid}/favorites/${fav!.id}`,
      `GET users/${uid}/adultConfirmedAt`,
      `PUT users/${uid}/adultConfirmedAt`,
    ]);
    for (const r of rtdb()) {
      expect(r.path).toMatch(/\.json$/);
      expect(r.query.access_token).toBe(fake.accessToken);
      expect(JSON.parse(r.query.auth_variable_override!)).toEqual({ uid });
    }
    // The favorite goes in as a push-id child, written on condition the list is as read (the cap holds).
    const push = rtdb().find((r) => r.method === "PUT" && r.dbPath!.endsWith("favorites"))!;
    expect(push.body).toEqual({
      [fav!.id]: { audioSrc: "/media/audio/ep-audio-1.mp3", audioTitle: "Pilot Light", isFav: true, Duration: 35 },
    });
    expect(push.headers["if-match"]).toBeTruthy();
    expect(rtdb()[rtdb().indexOf(push) - 1]!.headers["x-firebase-etag"]).toBe("true");
    const put = rtdb().find((r) => r.method === "PUT" && r.dbPath!.endsWith("ActiveAudioSync"))!;
    expect(put.body).toEqual({ ...sync, writtenAt: 5_000 });
    expect(put.headers["if-match"]).toBeTruthy();
    expect(rtdb().find((r) => r.method === "PATCH")!.body).toEqual({
      audioTitle: "Pilot Light",
      audioSrc: "/media/audio/ep-audio-1.mp3",
      duration: 35,
    });
    expect(fake.getData(`users/${uid}/ActiveAudioSync`)).toEqual({ ...sync, currentTime: 25, writtenAt: 6_000 });
    expect(typeof fake.getData(`users/${uid}/adultConfirmedAt`)).toBe("number");
  });

  it("reads favorites the existing app wrote with Title/Episodeurl, skips junk entries, and removes them by source", async () => {
    const library = firebaseLibrary();
    const uid = fake.seedAccount({ email: uniqueEmail("legacy"), password: "legacy password" });
    fake.setData(`users/${uid}`, {
      audioTitle: "Old Show",
      audioSrc: "https://cdn.example/old.mp3",
      duration: "120",
      ActiveAudioSync: { AudioTitle: "Old Show", AudioSrc: "https://cdn.example/old.mp3", currentTime: 42 },
      favorites: {
        "-Lold0000000000000001": { Title: "Legacy Episode", Episodeurl: "https://cdn.example/legacy.mp3", isFav: true },
        "-Lold0000000000000002": {
          audioTitle: "Newer Spelling",
          audioSrc: "https://cdn.example/new.mp3",
          Duration: 60,
          isFav: true,
        },
        "-Lold0000000000000003": { Title: "No source" },
        "-Lold0000000000000004": "junk",
        "-Lold0000000000000005": { Title: "Unfavorited", Episodeurl: "https://cdn.example/off.mp3", isFav: false },
      },
    });
    expect(await library.userRecord(uid)).toEqual({
      audioTitle: "Old Show",
      audioSrc: "https://cdn.example/old.mp3",
      duration: 120,
    });
    // written by the existing app: no AudioImg, no Duration (undefined fields stripped, docs/product.md §5)
    expect(await library.activeAudioSync(uid)).toEqual({
      AudioTitle: "Old Show",
      Duration: 0,
      AudioImg: "",
      AudioSrc: "https://cdn.example/old.mp3",
      currentTime: 42,
    });
    expect(await library.favorites(uid)).toEqual([
      {
        id: "-Lold0000000000000002",
        audioTitle: "Newer Spelling",
        audioSrc: "https://cdn.example/new.mp3",
        Duration: 60,
        isFav: true,
      },
      {
        id: "-Lold0000000000000001",
        audioTitle: "Legacy Episode",
        audioSrc: "https://cdn.example/legacy.mp3",
        Duration: 0,
        isFav: true,
      },
    ]);
    fake.reset();
    const again = await library.addFavorite(uid, {
      audioSrc: "https://cdn.example/legacy.mp3",
      audioTitle: "Legacy Episode",
      duration: 0,
    });
    expect(again!.id).toBe("-Lold0000000000000001");
    expect(rtdb().some((r) => r.method !== "GET")).toBe(false);
    expect(await library.removeFavoriteBySrc(uid, "https://cdn.example/legacy.mp3")).toBe(true);
    expect(
      rtdb()
        .filter((r) => r.method === "DELETE")
        .map(call),
    ).toEqual([`DELETE users/${uid}/favorites/-Lold0000000000000001`]);
    // the existing app's progress has no writtenAt: any new write wins
    expect(
      await library.writeProgress(
        uid,
        { AudioTitle: "T", Duration: 1, AudioImg: "", AudioSrc: "/t.mp3", currentTime: 1 },
        1,
      ),
    ).toBe("written");
  });

  it("50 concurrent adds write once", async () => {
    const library = firebaseLibrary();
    const uid = fake.seedAccount({ email: uniqueEmail("fifty"), password: "fifty password" });
    await Promise.all(
      Array.from({ length: 50 }, () => library.addFavorite(uid, { audioSrc: "/a.mp3", audioTitle: "A", duration: 1 })),
    );
    expect(rtdb().filter((r) => r.method !== "GET")).toHaveLength(1);
    expect(Object.keys(fake.getData(`users/${uid}/favorites`) as object)).toHaveLength(1);
  });

  it("duplicates left by another server are shown once and all removed by source", async () => {
    const library = firebaseLibrary();
    const uid = fake.seedAccount({ email: uniqueEmail("dupes"), password: "dupes password" });
    fake.setData(`users/${uid}/favorites`, {
      "-Ndup00000000000000001": { audioSrc: "/d.mp3", audioTitle: "D", isFav: true, Duration: 1 },
      "-Ndup00000000000000002": { audioSrc: "/d.mp3", audioTitle: "D", isFav: true, Duration: 1 },
    });
    expect(await library.favorites(uid)).toHaveLength(1);
    expect(await library.removeFavoriteBySrc(uid, "/d.mp3")).toBe(true);
    expect(fake.getData(`users/${uid}/favorites`)).toBeNull();
  });

  it("conditional progress writes: a newer concurrent write wins (412 → stale); an older one is overwritten on the retry", async () => {
    const library = firebaseLibrary();
    const uid = fake.seedAccount({ email: uniqueEmail("etag"), password: "etag password" });
    const sync = { AudioTitle: "T", Duration: 10, AudioImg: "", AudioSrc: "/t.mp3", currentTime: 1 };
    await library.writeProgress(uid, sync, 1_000);
    fake.reset();
    fake.beforeNextWrite(({ set }) =>
      set(`users/${uid}/ActiveAudioSync`, { ...sync, currentTime: 9, writtenAt: 5_000 }),
    );
    expect(await library.writeProgress(uid, { ...sync, currentTime: 4 }, 4_000)).toBe("stale");
    expect(fake.getData(`users/${uid}/ActiveAudioSync`)).toMatchObject({ currentTime: 9, writtenAt: 5_000 });
    expect(rtdb().map(call)).toEqual([`GET users/${uid}/ActiveAudioSync`, `PUT users/${uid}/ActiveAudioSync`]);

    fake.reset();
    fake.beforeNextWrite(({ set }) =>
      set(`users/${uid}/ActiveAudioSync`, { ...sync, currentTime: 7, writtenAt: 5_500 }),
    );
    expect(await library.writeProgress(uid, { ...sync, currentTime: 8 }, 6_000)).toBe("written");
    expect(fake.getData(`users/${uid}/ActiveAudioSync`)).toMatchObject({ currentTime: 8, writtenAt: 6_000 });
    expect(rtdb().filter((r) => r.method === "PUT")).toHaveLength(2);
  });

  it("IDOR: every library call for listener A touches only users/A, downscoped to A", async () => {
    const library = firebaseLibrary();
    const a = fake.seedAccount({ email: uniqueEmail("idor-a"), password: "idor a password" });
    const b = fake.seedAccount({ email: uniqueEmail("idor-b"), password: "idor b password" });
    fake.setData(`users/${b}`, {
      audioTitle: "B",
      audioSrc: "/b.mp3",
      duration: 1,
      favorites: { "-Nbfav": { audioSrc: "/b.mp3", audioTitle: "B", isFav: true } },
    });
    const before = JSON.stringify(fake.getData(`users/${b}`));
    fake.reset();
    await library.initUser(a);
    await library.userRecord(a);
    await library.activeAudioSync(a);
    await library.writeProgress(
      a,
      { AudioTitle: "A", Duration: 1, AudioImg: "", AudioSrc: "/a.mp3", currentTime: 1 },
      10,
    );
    await library.addFavorite(a, { audioSrc: "/b.mp3", audioTitle: "B", duration: 1 });
    await library.favorites(a);
    await library.removeFavorite(a, "-Nbfav"); // B's favorite id, asked for under A
    await library.removeFavoriteBySrc(a, "/b.mp3");
    await library.confirmAdult(a);
    await library.isAdultConfirmed(a);
    expect(rtdb().length).toBeGreaterThan(10);
    for (const r of rtdb()) {
      expect(r.dbPath === `users/${a}` || r.dbPath!.startsWith(`users/${a}/`)).toBe(true);
      expect(r.path).not.toContain(b);
      expect(r.auth).toEqual({ uid: a });
    }
    expect(JSON.stringify(fake.getData(`users/${b}`))).toBe(before);
    // and the database itself refuses A's token on B's subtree (database.rules.json via the fake)
    const override = encodeURIComponent(JSON.stringify({ uid: a }));
    const res = await fetch(
      `${fake.origin}/users/${b}/favorites.json?access_token=${fake.accessToken}&auth_variable_override=${override}`,
      {
        method: "POST",
        body: JSON.stringify({ audioSrc: "/x.mp3", audioTitle: "x", isFav: true }),
      },
    );
    expect(res.status).toBe(401);
  });

  it("refuses uids that are not database keys before any request", async () => {
    const library = firebaseLibrary();
    for (const bad of ["", "a/b", "a.b", "$x", "[x]", "#x", "x".repeat(129)]) {
      await expect(library.favorites(bad)).rejects.toThrow(/invalid uid/);
    }
    expect(rtdb()).toHaveLength(0);
  });

  it("faults: a slow, failing or junk-answering database rejects quickly (the root loader then serves the page signed out)", async () => {
    const library = firebaseLibrary(300);
    const uid = fake.seedAccount({ email: uniqueEmail("faults"), password: "faults password" });
    for (const mode of ["slow", "fail", "junk"] as const) {
      fake.setMode("rtdb", mode);
      const started = Date.now();
      await expect(library.favorites(uid)).rejects.toMatchObject({ name: "RemoteError" });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    fake.setMode("rtdb", "ok");
    fake.setData(`users/${uid}/favorites`, 42);
    await expect(library.favorites(uid)).rejects.toThrow(/unexpected shape/);
    fake.setData(`users/${uid}`, "not a record");
    await expect(library.userRecord(uid)).rejects.toThrow(/unexpected shape/);
  });
});

describe("Firebase Auth — Identity Toolkit calls and error mapping", () => {
  it("email sign-up and sign-in: the documented endpoints with the API key; refused values never leave the server", async () => {
    const accounts = createFirebaseAccounts(authConfig());
    await error(accounts.signUp("not-an-email", "password123"));
    await error(accounts.signUp(uniqueEmail("x"), "short"));
    expect(fake.requests).toHaveLength(0);
    const email = uniqueEmail("calls");
    const user = await accounts.signUp(email.toUpperCase(), "calls password");
    await accounts.signIn(email, "calls password");
    expect(auth().map((r) => `${r.method} ${r.path}?key=${r.query.key}`)).toEqual([
      `POST /v1/accounts:signUp?key=${fake.apiKey}`,
      `POST /v1/accounts:signInWithPassword?key=${fake.apiKey}`,
    ]);
    expect(auth()[0]!.body).toEqual({ email, password: "calls password", returnSecureToken: true });
    expect(auth().every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(user.email).toBe(email);
  });

  it.each([
    ["EMAIL_NOT_FOUND / INVALID_PASSWORD (no enumeration protection)", false, null],
    ["INVALID_LOGIN_CREDENTIALS (enumeration protection)", true, null],
    ["USER_DISABLED", true, "USER_DISABLED"],
    [
      "TOO_MANY_ATTEMPTS_TRY_LATER",
      true,
      "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts.",
    ],
  ])("sign-in refusals all read 'Invalid email or password.': %s", async (_label, protection, forced) => {
    const accounts = createFirebaseAccounts(authConfig());
    fake.options.enumerationProtection = protection;
    const email = uniqueEmail("refused");
    fake.seedAccount({ email, password: "right password" });
    const outcomes = [];
    if (forced) {
      fake.failNext("accounts:signInWithPassword", forced);
      outcomes.push(await error(accounts.signIn(email, "right password")));
    } else {
      outcomes.push(await error(accounts.signIn(uniqueEmail("unknown"), "right password")));
      outcomes.push(await error(accounts.signIn(email, "wrong password")));
    }
    for (const o of outcomes)
      expect(o).toMatchObject({ name: "AccountError", code: "invalid-credentials", message: SIGN_IN_FAILED });
  });

  it("a disabled account cannot sign in, and getUser no longer finds it", async () => {
    const accounts = createFirebaseAccounts(authConfig());
    const email = uniqueEmail("disabled");
    const uid = fake.seedAccount({ email, password: "right password", disabled: true });
    expect(await error(accounts.signIn(email, "right password"))).toMatchObject({
      code: "invalid-credentials",
      message: SIGN_IN_FAILED,
    });
    expect(await accounts.getUser(uid)).toBeNull();
  });

  it.each([
    ["EMAIL_EXISTS", "email-taken", MESSAGES.taken],
    ["INVALID_EMAIL", "invalid-email", MESSAGES.badEmail],
    [
      "WEAK_PASSWORD : Password should be at least 12 characters",
      "weak-password",
      "Password should be at least 12 characters.",
    ],
    [
      "TOO_MANY_ATTEMPTS_TRY_LATER",
      "provider-error",
      "Too many attempts right now. Please wait a few minutes and try again.",
    ],
  ])("sign-up error %s → AccountError %s", async (message, code, text) => {
    const accounts = createFirebaseAccounts(authConfig());
    fake.failNext("accounts:signUp", message);
    const e = await error(accounts.signUp(uniqueEmail("signup"), "long enough password"));
    expect(AccountError.is(e)).toBe(true);
    expect(e).toMatchObject({ code, message: text });
  });

  it("a misconfigured project (bad API key, auth down) is a server error, not a listener's mistake", async () => {
    const bad = createFirebaseAccounts(authConfig({ apiKey: "wrong-key" }));
    const e = await error(bad.signIn(uniqueEmail("k"), "some password"));
    expect(AccountError.is(e)).toBe(false);
    expect(e).toMatchObject({ name: "RemoteError" });
    const accounts = createFirebaseAccounts(authConfig({ timeoutMs: 300 }));
    fake.setMode("auth", "slow");
    const started = Date.now();
    expect(await error(accounts.signIn(uniqueEmail("slow"), "some password"))).toMatchObject({ name: "RemoteError" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("Firebase Auth — Google and Facebook identities keep the existing app's uid", () => {
  it("finds the existing uid by (providerId, subject) and reads that listener's data", async () => {
    const accounts = createFirebaseAccounts(authConfig());
    const library = firebaseLibrary();
    const existing = fake.seedAccount({
      localId: "ExistingGoogleListener000001",
      email: "listener@example.com",
      emailVerified: true,
      providers: [{ providerId: "google.com", rawId: "108234567890123456789" }],
    });
    const fbExisting = fake.seedAccount({
      localId: "ExistingFacebookListener0001",
      providers: [{ providerId: "facebook.com", rawId: "10158000000000001" }],
    });
    fake.setData(`users/${existing}`, {
      audioTitle: "Kept",
      audioSrc: "/kept.mp3",
      duration: 9,
      favorites: { "-Nkept": { Title: "Kept", Episodeurl: "/kept.mp3", isFav: true } },
    });
    const count = fake.accountCount();
    const g = await accounts.signInWithProvider({
      provider: "google",
      subject: "108234567890123456789",
      email: "listener@example.com",
      emailVerified: true,
    });
    expect(g).toEqual({ user: { uid: "ExistingGoogleListener000001", email: "listener@example.com" }, created: false });
    const f = await accounts.signInWithProvider({
      provider: "facebook",
      subject: "10158000000000001",
      email: null,
      emailVerified: false,
    });
    expect(f).toEqual({ user: { uid: fbExisting, email: null }, created: false });
    expect(fake.accountCount()).toBe(count);
    expect(auth().map((r) => [r.path, r.body])).toEqual([
      [
        `/v1/projects/${fake.projectId}/accounts:lookup`,
        { federatedUserId: [{ providerId: "google.com", rawId: "108234567890123456789" }] },
      ],
      [
        `/v1/projects/${fake.projectId}/accounts:lookup`,
        { federatedUserId: [{ providerId: "facebook.com", rawId: "10158000000000001" }] },
      ],
    ]);
    expect(auth().every((r) => r.headers.authorization === `Bearer ${fake.accessToken}`)).toBe(true);
    expect(await library.userRecord(g.user.uid)).toEqual({ audioTitle: "Kept", audioSrc: "/kept.mp3", duration: 9 });
    expect((await library.favorites(g.user.uid)).map((x) => x.audioTitle)).toEqual(["Kept"]);
  });

  it("links a verified email to the existing account (accounts:update linkProviderUserInfo); creates and links otherwise", async () => {
    const accounts = createFirebaseAccounts(authConfig());
    const email = uniqueEmail("linkme");
    const unconfirmed = fake.seedAccount({ email: uniqueEmail("squatted"), password: "owner password" });
    expect(
      await error(
        accounts.signInWithProvider({
          provider: "google",
          subject: "g-link-0",
          email: fake.account(unconfirmed)!.email!,
          emailVerified: true,
        }),
      ),
    ).toMatchObject({ code: "unverified-email" });
    expect(fake.account(unconfirmed)!.providerUserInfo.map((p) => p.providerId)).toEqual(["password"]);
    fake.reset();
    const owner = fake.seedAccount({ email, password: "owner password", emailVerified: true });
    const linked = await accounts.signInWithProvider({
      provider: "google",
      subject: "g-link-1",
      email,
      emailVerified: true,
    });
    expect(linked).toEqual({ user: { uid: owner, email }, created: false, passwordCleared: true });
    expect(auth().map((r) => r.path.split("/").pop())).toEqual([
      "accounts:lookup",
      "accounts:lookup",
      "accounts:update",
    ]);
    expect(auth()[1]!.body).toEqual({ email: [email] });
    // The password (perhaps a squatter's, set before the address was confirmed) goes in the same call.
    expect(auth()[2]!.body).toEqual({
      localId: owner,
      linkProviderUserInfo: { providerId: "google.com", rawId: "g-link-1", email },
      deleteProvider: ["password"],
      validSince: expect.stringMatching(/^\d+$/),
    });
    expect(fake.account(owner)!.providerUserInfo.map((p) => p.providerId)).toEqual(["google.com"]);
    expect(await error(accounts.signIn(email, "owner password"))).toMatchObject({ code: "invalid-credentials" });

    fake.reset();
    const freshEmail = uniqueEmail("fresh");
    const fresh = await accounts.signInWithProvider({
      provider: "google",
      subject: "g-new-1",
      email: freshEmail,
      emailVerified: true,
    });
    expect(fresh).toEqual({
      user: { uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/), email: freshEmail },
      created: true,
    });
    expect(auth().map((r) => r.path.split("/").pop())).toEqual([
      "accounts:lookup",
      "accounts:lookup",
      "accounts",
      "accounts:update",
    ]);
    expect(auth()[2]!.body).toEqual({ email: freshEmail, emailVerified: true });

    fake.reset();
    await error(accounts.signInWithProvider({ provider: "facebook", subject: "fb-x", email, emailVerified: false }));
    expect(auth().map((r) => r.path.split("/").pop())).toEqual(["accounts:lookup", "accounts:lookup"]); // nothing created or linked
  });

  it("one new identity signing in many times at once gets one account, also across two servers", async () => {
    const count = fake.accountCount();
    const accounts = createFirebaseAccounts(authConfig());
    const profile = {
      provider: "google" as const,
      subject: "g-burst",
      email: uniqueEmail("burst"),
      emailVerified: true,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => accounts.signInWithProvider(profile)));
    expect(new Set(results.map((r) => r.user.uid)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(fake.accountCount()).toBe(count + 1);

    // Two servers (no shared lock): server 2 is about to link when server 1 completes first.
    const other = createFirebaseAccounts(authConfig());
    const race = { provider: "facebook" as const, subject: "fb-race", email: null, emailVerified: false };
    let winner: string | null = null;
    const server2 = createFirebaseAccounts(
      authConfig({
        fetch: async (input, init) => {
          if (String(input).endsWith("accounts:update") && !winner)
            winner = (await other.signInWithProvider(race)).user.uid;
          return fetch(input, init);
        },
      }),
    );
    const lost = await server2.signInWithProvider(race);
    expect(lost).toEqual({ user: { uid: winner, email: null }, created: false });
    expect(fake.accountCount()).toBe(count + 2); // the loser's fresh account was deleted
    expect(auth().some((r) => r.path.endsWith("accounts:delete"))).toBe(true);
  });

  it("getUser looks the uid up with the admin API", async () => {
    const accounts = createFirebaseAccounts(authConfig());
    const email = uniqueEmail("getuser");
    const uid = fake.seedAccount({ email, password: "x password" });
    fake.reset();
    expect(await accounts.getUser(uid)).toEqual({ uid, email });
    expect(auth()[0]).toMatchObject({
      path: `/v1/projects/${fake.projectId}/accounts:lookup`,
      body: { localId: [uid] },
    });
  });
});

describe("ACCOUNTS_SOURCE=firebase wiring", () => {
  it("createServices builds the Firebase accounts and library; sign-up, form sign-in and sessions work through them", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-firebase-wiring-"));
    const services = await createServices(parseEnv({ ...fake.env, DATA_DIR: dataDir }));
    try {
      const email = uniqueEmail("wired");
      const user = await services.accounts.signUp(email, "wired password");
      await services.library.initUser(user.uid);
      expect(fake.getData(`users/${user.uid}/ActiveAudioSync`)).toMatchObject({ currentTime: 0 });
      const form = new FormData();
      form.set("email", email);
      form.set("password", "wired password");
      expect(await services.auth.signInWithPassword(form, "198.51.100.30")).toEqual({ uid: user.uid, email });
      const cookie = (await services.auth.startSession(user, null)).split(";")[0]!;
      expect(await services.auth.userFromCookie(cookie)).toEqual({ uid: user.uid, email });
      form.set("password", "wrong password");
      await expect(services.auth.signInWithPassword(form, "198.51.100.30")).rejects.toThrow(SIGN_IN_FAILED);
      expect(auth().map((r) => r.path)).toEqual([
        "/v1/accounts:signUp",
        "/v1/accounts:signInWithPassword",
        "/v1/accounts:signInWithPassword",
      ]);
    } finally {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
