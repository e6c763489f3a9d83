import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import nodeCrypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createSqliteFailureLog, createSqliteSessionStore } from "~/adapters/sqlite/sessions.server";
import { AccountError } from "~/services/accounts.server";
import { addressKey, createAuth } from "~/services/auth.server";
import { ARGON2_PARAMS, createPasswords, PasswordsBusy } from "~/services/password.server";
import { parseEnv } from "~/config/env.server";
import { scryptHash } from "../support/scrypt-hash";
import {
  ACCOUNT_FAILURE_WINDOW_MS,
  SIGN_IN_FAILED,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_MAX_DELAY_S,
  safeRedirect,
  signInDelayS,
  signInThrottled,
} from "~/rules/auth";

vi.setConfig({ testTimeout: 30_000 });

let dir: string;
let db: Db;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-accounts-"));
  db = openDatabase(dir);
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The listener's own client address. */
const HOME = "198.51.100.20";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

function makeAuth(secrets = ["first-secret-0123456789abcdef"]) {
  const accounts = createSqliteAccounts(db, createPasswords());
  const library = createSqliteLibrary(db);
  const auth = createAuth({
    accounts,
    library,
    sessions: createSqliteSessionStore(db, 3600_000),
    failures: createSqliteFailureLog(db),
    config: { secureCookies: true, secrets, siteUrl: "https://listen.example" },
  });
  return { accounts, library, auth };
}

describe("password hashing", () => {
  it("new hashes are Argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) and verify", async () => {
    const passwords = createPasswords();
    const hash = await passwords.hash("a long passphrase");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await passwords.hash("a long passphrase")).not.toBe(hash);
    expect(await passwords.verify("a long passphrase", hash)).toBe(true);
    expect(await passwords.verify("a long passphrase ", hash)).toBe(false);
    expect(await passwords.verify("x", "garbage")).toBe(false);
    expect(await passwords.verify("x", hash.replace("m=19456", "m=x"))).toBe(false);
  });

  it("scrypt hashes made before keep verifying; a wrong password fails", async () => {
    const passwords = createPasswords();
    for (const stored of [scryptHash("a long passphrase"), scryptHash("a long passphrase", 17, 1)]) {
      expect(await passwords.verify("a long passphrase", stored)).toBe(true);
      expect(await passwords.verify("a long passphrase!", stored)).toBe(false);
    }
  });

  it("the passes are a setting: OWASP's 2 by default and at least; hashes of other passes keep verifying", async () => {
    expect(parseEnv({}).PASSWORD_HASH_ITERATIONS).toBe(2);
    expect(() => parseEnv({ PASSWORD_HASH_ITERATIONS: "1" })).toThrow(/PASSWORD_HASH_ITERATIONS/);
    const slower = await createPasswords(3).hash("a long passphrase");
    expect(slower).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/);
    expect(await createPasswords().verify("a long passphrase", slower)).toBe(true);
    expect(await createPasswords().verify("a long passphrase!", slower)).toBe(false);
  });

  it("hashes on threads of their own: files are still read while every hash is busy", async () => {
    // libuv's pool has 4 threads; the old hashing (async scrypt) took all of them for a burst.
    const passwords = createPasswords(40, { threads: 2, queue: 8 });
    const order: string[] = [];
    const hashes = Array.from({ length: 6 }, () => passwords.hash("a long passphrase").then(() => order.push("hash")));
    const reads = Array.from({ length: 6 }, () => fs.promises.readFile("package.json").then(() => order.push("read")));
    await Promise.all([...hashes, ...reads]);
    expect(order.slice(0, 6)).toEqual(Array(6).fill("read"));
  });

  it.runIf(fs.existsSync("/proc/thread-self"))(
    "hashes at the lowest CPU priority (nice 19) on threads of their own; the server's thread keeps its own",
    async () => {
      const niceOf = () =>
        new Map(
          fs.readdirSync("/proc/self/task").map((tid) => {
            const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
            return [tid, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
          }),
        );
      const before = niceOf();
      await createPasswords(undefined, { threads: 1 }).hash("a long passphrase");
      const started = [...niceOf()].filter(([tid]) => !before.has(tid));
      expect(started.some(([, nice]) => nice === 19)).toBe(true);
      expect(os.getPriority()).toBe(0);
    },
  );

  it("at most threads + queue checks at once: the rest are refused at once as busy, and the slots free again", async () => {
    const passwords = createPasswords(undefined, { threads: 1, queue: 2 });
    const stored = await passwords.hash("a long passphrase");
    const burst = await Promise.allSettled([
      passwords.hash("a long passphrase"),
      passwords.verify("a long passphrase", stored),
      passwords.burn("a long passphrase"),
      passwords.verify("a long passphrase", stored),
      passwords.hash("a long passphrase"),
    ]);
    expect(burst.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "rejected"]);
    for (const r of burst.slice(3)) expect(PasswordsBusy.is((r as PromiseRejectedResult).reason)).toBe(true);
    expect(await passwords.verify("a long passphrase", stored)).toBe(true);
    // A busy burn does not keep its refused dummy: the next one works.
    const noQueue = createPasswords(undefined, { threads: 1, queue: 0 });
    const [, refused] = await Promise.allSettled([noQueue.hash("x"), noQueue.burn("x")]);
    expect(PasswordsBusy.is((refused as PromiseRejectedResult).reason)).toBe(true);
    await expect(noQueue.burn("x")).resolves.toBeUndefined();
  });

  it("rehash: a scrypt hash, or an Argon2id one of other parameters, is made anew at today's; today's is kept", async () => {
    const passwords = createPasswords();
    const current = await passwords.hash("a long passphrase");
    expect(await passwords.rehash("a long passphrase", current)).toBeNull();
    for (const older of [scryptHash("a long passphrase"), await createPasswords(3).hash("a long passphrase")]) {
      const upgraded = await passwords.rehash("a long passphrase", older);
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await passwords.verify("a long passphrase", upgraded!)).toBe(true);
    }
    // Every thread busy: no upgrade this time (the sign-in still succeeds; the next one upgrades).
    const busy = createPasswords(undefined, { threads: 1, queue: 0 });
    const running = busy.hash("x");
    expect(await busy.rehash("a long passphrase", scryptHash("a long passphrase"))).toBeNull();
    await running;
  });
});

describe("embedded accounts", () => {
  it("validates email and password length, never trims, allows long passwords", async () => {
    const { accounts } = makeAuth();
    await expect(accounts.signUp("not-an-email", "password123")).rejects.toMatchObject({ code: "invalid-email" });
    await expect(accounts.signUp("short@example.com", "1234567")).rejects.toMatchObject({ code: "weak-password" });
    const long = "long passphrase ".repeat(6);
    const user = await accounts.signUp("Long@Example.com", long);
    expect(user.email).toBe("long@example.com");
    expect((await accounts.signIn("long@example.com", long)).uid).toBe(user.uid);
    const spaced = await accounts.signUp("spaced@example.com", "  spaced out  ");
    await expect(accounts.signIn("spaced@example.com", "spaced out")).rejects.toBeInstanceOf(AccountError);
    expect((await accounts.signIn("spaced@example.com", "  spaced out  ")).uid).toBe(spaced.uid);
    await expect(accounts.signUp("LONG@example.com", long)).rejects.toMatchObject({ code: "email-taken" });
  });

  it("fails sign-in the same way for an unknown email and a wrong password", async () => {
    const { accounts } = makeAuth();
    await accounts.signUp("same@example.com", "right password");
    const unknown = await accounts.signIn("nobody@example.com", "right password").catch((e: AccountError) => e);
    const wrong = await accounts.signIn("same@example.com", "wrong password").catch((e: AccountError) => e);
    expect(unknown).toBeInstanceOf(AccountError);
    expect(wrong).toBeInstanceOf(AccountError);
    expect([(unknown as AccountError).code, (unknown as AccountError).message]).toEqual([
      (wrong as AccountError).code,
      (wrong as AccountError).message,
    ]);
  });

  it("links a provider identity to an existing account only when both the provider and the account confirmed the email", async () => {
    const { accounts } = makeAuth();
    const owner = await accounts.signUp("owner@example.com", "owner password");
    await expect(
      accounts.signInWithProvider({
        provider: "facebook",
        subject: "fb-1",
        email: "owner@example.com",
        emailVerified: false,
      }),
    ).rejects.toMatchObject({ code: "unverified-email" });
    const google = { provider: "google" as const, subject: "g-1", email: "OWNER@example.com", emailVerified: true };
    await expect(accounts.signInWithProvider(google)).rejects.toMatchObject({ code: "unverified-email" });
    await accounts.verifyEmail((await accounts.verificationCode(owner.uid))!.code);
    const linked = await accounts.signInWithProvider(google);
    // The password set before the address was confirmed is cleared as the identity links.
    expect(linked).toEqual({
      user: { uid: owner.uid, email: "owner@example.com" },
      created: false,
      passwordCleared: true,
    });
    const again = await accounts.signInWithProvider({
      provider: "google",
      subject: "g-1",
      email: null,
      emailVerified: false,
    });
    expect(again.user.uid).toBe(owner.uid);
    const fresh = await accounts.signInWithProvider({
      provider: "google",
      subject: "g-2",
      email: "new@example.com",
      emailVerified: true,
    });
    expect(fresh.created).toBe(true);
    expect(fresh.user.uid).toMatch(/^[A-Za-z0-9]{28}$/);
  });
});

describe("sessions", () => {
  it("keeps only a signed random id in the cookie; logout revokes it server-side (replay is signed out)", async () => {
    const { accounts, auth } = makeAuth();
    const user = await accounts.signUp("session@example.com", "session password");
    const setCookie = await auth.startSession(user, null);
    expect(setCookie).toMatch(/^__Host-hrs_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=\d+/);
    expect(setCookie).not.toContain("session@example.com");
    const cookie = setCookie.split(";")[0]!;
    expect(await auth.userFromCookie(cookie)).toEqual({ uid: user.uid, email: "session@example.com" });
    await auth.endSession(cookie);
    expect(await auth.userFromCookie(cookie)).toBeNull();
  });

  it("rejects a tampered cookie and accepts one signed with a rotated-out secret", async () => {
    const old = makeAuth(["old-secret-0123456789abcdef"]);
    const user = await old.accounts.signUp("rotate@example.com", "rotate password");
    const cookie = (await old.auth.startSession(user, null)).split(";")[0]!;
    const rotated = makeAuth(["new-secret-0123456789abcdef", "old-secret-0123456789abcdef"]);
    expect((await rotated.auth.userFromCookie(cookie))?.uid).toBe(user.uid);
    const gone = makeAuth(["new-secret-0123456789abcdef"]);
    expect(await gone.auth.userFromCookie(cookie)).toBeNull();
    const [name, value] = cookie.split("=");
    expect(await rotated.auth.userFromCookie(`${name}=${value!.slice(0, -3)}abc`)).toBeNull();
    expect(await rotated.auth.userFromCookie("__Host-hrs_session=%00%00garbage")).toBeNull();
  });

  it("checks a header's signature once, yet reads its session every time: a revoked one is signed out", async () => {
    const { accounts, auth } = makeAuth();
    const user = await accounts.signUp("remembered@example.com", "remembered password");
    const cookie = (await auth.startSession(user, null)).split(";")[0]!;
    const hmac = vi.spyOn(nodeCrypto, "createHmac");
    try {
      expect((await auth.userFromCookie(cookie))?.uid).toBe(user.uid);
      const checks = hmac.mock.calls.length;
      expect(checks).toBeGreaterThan(0);
      expect((await auth.userFromCookie(cookie))?.uid).toBe(user.uid);
      expect(hmac.mock.calls.length).toBe(checks);
      const [name, value] = cookie.split("=");
      expect(await auth.userFromCookie(`${name}=${value!.slice(0, -3)}abc`)).toBeNull();
      expect(hmac.mock.calls.length).toBeGreaterThan(checks);
    } finally {
      hmac.mockRestore();
    }
    await auth.endAllSessions(cookie);
    expect(await auth.userFromCookie(cookie)).toBeNull();
  });

  it("a cookie signed with our secret but holding no session id (object, number, empty) is no session; logout still works", async () => {
    const secret = "first-secret-0123456789abcdef";
    const { auth } = makeAuth([secret]);
    for (const value of [{ $ne: null }, 12345, ["no-such-session"], ""]) {
      const forged = (await createCookie("__Host-hrs_session", { secrets: [secret] }).serialize(value)).split(";")[0]!;
      expect(await auth.userFromCookie(forged)).toBeNull();
      await expect(auth.endSession(forged)).resolves.toMatch(/^__Host-hrs_session=;/);
      await expect(auth.endAllSessions(forged)).resolves.toMatch(/^__Host-hrs_session=;/);
    }
  });

  it("a session store that cannot be read rejects: never taken for signed out, nothing cleared", async () => {
    const { accounts, auth } = makeAuth();
    const user = await accounts.signUp("blip@example.com", "blip password");
    const cookie = (await auth.startSession(user, null)).split(";")[0]!;
    const store = createSqliteSessionStore(db, 3600_000);
    const down = new Error("the session store is restarting");
    const blip = createAuth({
      accounts,
      library: createSqliteLibrary(db),
      sessions: { ...store, read: () => Promise.reject(down) },
      failures: createSqliteFailureLog(db),
      config: { secureCookies: true, secrets: ["first-secret-0123456789abcdef"], siteUrl: "https://listen.example" },
    });
    await expect(blip.userFromCookie(cookie)).rejects.toBe(down);
    await expect(blip.endSession(cookie)).rejects.toBe(down);
    // A cookie that is not ours still is no session: the store is not asked.
    expect(await blip.userFromCookie("__Host-hrs_session=forged")).toBeNull();
    expect(await auth.userFromCookie(cookie)).toEqual({ uid: user.uid, email: "blip@example.com" });
  });

  it("issues a new session id at sign-in and drops the previous one", async () => {
    const { accounts, auth } = makeAuth();
    const user = await accounts.signUp("fixation@example.com", "fixation password");
    const first = (await auth.startSession(user, null)).split(";")[0]!;
    const second = (await auth.startSession(user, first)).split(";")[0]!;
    expect(second).not.toBe(first);
    expect(await auth.userFromCookie(first)).toBeNull();
    expect((await auth.userFromCookie(second))?.uid).toBe(user.uid);
  });

  it("signs in with the form strategy, with one generic failure for an unknown email and a wrong password", async () => {
    const { accounts, auth } = makeAuth();
    await accounts.signUp("form@example.com", "form password");
    expect(
      (await auth.signInWithPassword(form({ email: "form@example.com", password: "form password" }), HOME)).email,
    ).toBe("form@example.com");
    for (const email of ["form@example.com", "nobody@example.com"]) {
      await expect(auth.signInWithPassword(form({ email, password: "wrong password" }), HOME)).rejects.toThrow(
        SIGN_IN_FAILED,
      );
    }
  });
});

describe("sign-in throttling per account and client address", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());
  const ATTACKER = "203.0.113.7";
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: Error & { cause?: { status?: number; retryAfterS?: number } }) => ({
        message: e.message,
        status: e.cause?.status ?? 401,
        retryAfterS: e.cause?.retryAfterS,
      }),
    );

  it("failures from one address make that address wait, growing, without checking the password; the owner elsewhere signs in", async () => {
    const { accounts, auth } = makeAuth();
    await accounts.signUp("target@example.com", "target password");
    const attempt = (password: string, from = ATTACKER, email = "target@example.com") =>
      refusal(auth.signInWithPassword(form({ email, password }), from));
    const throttled = (seconds: number) => ({ message: signInThrottled(seconds), status: 429, retryAfterS: seconds });

    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      expect(await attempt(`wrong ${i}`)).toEqual({ message: SIGN_IN_FAILED, status: 401, retryAfterS: undefined });
    }
    const first = signInDelayS(SIGN_IN_FREE_FAILURES);
    expect(first).toBe(30);
    // Even the right password is refused from there, unchecked; the owner elsewhere signs in.
    expect(await attempt("target password")).toEqual(throttled(first));
    expect(await attempt("target password", HOME)).toBeNull();
    // Refused attempts are no guesses: they do not push the wait further.
    vi.advanceTimersByTime((first - 1) * 1000);
    expect(await attempt("wrong again")).toEqual(throttled(1));
    vi.advanceTimersByTime(1000);
    expect(await attempt("wrong again")).toEqual({ message: SIGN_IN_FAILED, status: 401, retryAfterS: undefined });
    // One more failure: twice the wait.
    expect(await attempt("target password")).toEqual(throttled(2 * first));
    // Case and spaces of the email make no new account to guess at.
    expect(await attempt("target password", ATTACKER, "  TARGET@example.com ")).toEqual(throttled(2 * first));
    vi.advanceTimersByTime(2 * first * 1000);
    // The right password clears that address's failures.
    expect(await attempt("target password")).toBeNull();
    expect(await attempt("wrong once more")).toEqual({ message: SIGN_IN_FAILED, status: 401, retryAfterS: undefined });
    expect(await attempt("target password")).toBeNull();
  });

  it("the wait grows to a ceiling; unknown emails are throttled the same way; failures older than a day are forgotten", async () => {
    const { auth } = makeAuth();
    const attempt = (from = ATTACKER) =>
      refusal(auth.signInWithPassword(form({ email: "nobody-here@example.com", password: "guess" }), from));
    let failures = 0;
    for (; signInDelayS(failures) < SIGN_IN_MAX_DELAY_S; failures++) {
      expect((await attempt())?.status).toBe(401);
      vi.advanceTimersByTime(signInDelayS(failures + 1) * 1000);
    }
    expect((await attempt())?.status).toBe(401);
    expect(await attempt()).toEqual({
      message: signInThrottled(SIGN_IN_MAX_DELAY_S),
      status: 429,
      retryAfterS: SIGN_IN_MAX_DELAY_S,
    });
    expect(signInThrottled(SIGN_IN_MAX_DELAY_S)).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
    // A day later the old failures are forgotten: one more failure does not throttle.
    vi.advanceTimersByTime(ACCOUNT_FAILURE_WINDOW_MS + 1000);
    expect((await attempt())?.status).toBe(401);
    expect((await attempt())?.status).toBe(401);
  });

  it("the addresses of one IPv6 /64 count as one client; another /64 is another", async () => {
    const { auth } = makeAuth();
    const attempt = (from: string) =>
      refusal(auth.signInWithPassword(form({ email: "v6@example.com", password: "guess" }), from));
    for (let i = 1; i <= SIGN_IN_FREE_FAILURES; i++) expect((await attempt(`2001:db8:1:2::${i}`))?.status).toBe(401);
    expect((await attempt("2001:db8:1:2:ffff::9"))?.status).toBe(429);
    expect((await attempt("2001:db8:1:3::1"))?.status).toBe(401);
  });

  it("addressKey: IPv4 as is (also IPv4-mapped), IPv6 by its /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey(undefined)).toBe("unknown");
  });
});

describe("library (users/<uid>, ActiveAudioSync, favorites)", () => {
  it("writes the sign-up records and keeps one favorite per source under 50 concurrent adds", async () => {
    const { accounts, library } = makeAuth();
    const { uid } = await accounts.signUp("fav@example.com", "fav password");
    await library.initUser(uid);
    expect(await library.userRecord(uid)).toEqual({ audioTitle: "", audioSrc: "", duration: 0 });
    expect(await library.activeAudioSync(uid)).toEqual({
      AudioTitle: "",
      Duration: 0,
      AudioImg: "",
      AudioSrc: "",
      currentTime: 0,
    });
    expect(await library.favorites(uid)).toEqual([]);
    const adds = await Promise.all(
      Array.from({ length: 50 }, () =>
        library.addFavorite(uid, { audioSrc: "/media/audio/ep-audio-1.mp3", audioTitle: "Pilot Light", duration: 35 }),
      ),
    );
    expect(new Set(adds.map((f) => f!.id)).size).toBe(1);
    expect(await library.favorites(uid)).toHaveLength(1);
    expect(adds[0]!.id).toMatch(/^-[A-Za-z0-9_-]{20}$/);
    expect(await library.removeFavoriteBySrc(uid, "/media/audio/ep-audio-1.mp3")).toBe(true);
    expect(await library.favorites(uid)).toEqual([]);
  });

  it("never lets an older progress write overwrite a newer one, and mirrors the last audio in the user record", async () => {
    const { accounts, library } = makeAuth();
    const { uid } = await accounts.signUp("progress@example.com", "progress password");
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
    expect((await library.activeAudioSync(uid))?.currentTime).toBe(20);
    expect(await library.userRecord(uid)).toEqual({
      audioTitle: "Pilot Light",
      audioSrc: "/media/audio/ep-audio-1.mp3",
      duration: 35,
    });
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/user", "/user"],
    ["/era?station=MLR#x", "/era?station=MLR#x"],
    ["//evil.com", "/"],
    ["https://evil.com", "/"],
    ["/\\evil.com", "/"],
    // Dot segments that resolve to a protocol-relative path.
    ["/.//evil.com", "/"],
    ["/%2e//evil.com", "/"],
    ["/a/..//evil.com", "/"],
    ["/a/../user", "/user"],
    ["javascript:alert(1)", "/"],
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    ["/\u0000x", "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
