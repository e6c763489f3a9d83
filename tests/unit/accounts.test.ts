import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createSqliteFailureLog, createSqliteSessionStore } from "~/adapters/sqlite/sessions.server";
import { AccountError } from "~/services/accounts.server";
import { createAuth } from "~/services/auth.server";
import { createPasswords, hashPassword, SCRYPT_PARAMS, verifyPassword } from "~/services/password.server";
import { parseEnv } from "~/config/env.server";
import { ACCOUNT_FAILURE_LIMIT, SIGN_IN_FAILED, SIGN_IN_THROTTLED, safeRedirect } from "~/rules/auth";

// One test hashes at the production cost; the rest use a low one, which only changes speed.
const TEST_COST = 10;
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

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

function makeAuth(secrets = ["first-secret-0123456789abcdef"]) {
  const accounts = createSqliteAccounts(db, createPasswords(TEST_COST));
  const library = createSqliteLibrary(db);
  const auth = createAuth({
    accounts,
    library,
    sessions: createSqliteSessionStore(db, 3600_000),
    failures: createSqliteFailureLog(db),
    config: { production: true, secrets, siteUrl: "https://listen.example" },
  });
  return { accounts, library, auth };
}

describe("password hashing", () => {
  it("uses scrypt at OWASP parameters (N=2^17, r=8, p=1) and verifies", async () => {
    const hash = await hashPassword("a long passphrase");
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** 17), "8", "1"]);
    expect(SCRYPT_PARAMS).toMatchObject({ N: 131072, r: 8, p: 1 });
    expect(await verifyPassword("a long passphrase", hash)).toBe(true);
    expect(await verifyPassword("a long passphrase ", hash)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });

  it("the cost is a setting: production cost by default, hashes of any cost keep verifying", async () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe(17);
    expect(() => parseEnv({ PASSWORD_HASH_COST: "9" })).toThrow(/PASSWORD_HASH_COST/);
    const cheap = await createPasswords(TEST_COST).hash("a long passphrase");
    expect(cheap.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** TEST_COST), "8", "1"]);
    expect(await createPasswords().verify("a long passphrase", cheap)).toBe(true);
    expect(await createPasswords().verify("a long passphrase!", cheap)).toBe(false);
  });
});

describe("embedded accounts", () => {
  it("validates email and password length, never trims, allows long passwords", async () => {
    const { accounts } = makeAuth();
    await expect(accounts.signUp("not-an-email", "password123")).rejects.toMatchObject({ code: "invalid-email" });
    await expect(accounts.signUp("short@example.com", "1234567")).rejects.toMatchObject({ code: "weak-password" });
    const long = "p".repeat(100);
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

  it("links a provider identity to an existing account only when the email is verified", async () => {
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
    const linked = await accounts.signInWithProvider({
      provider: "google",
      subject: "g-1",
      email: "OWNER@example.com",
      emailVerified: true,
    });
    expect(linked).toEqual({ user: { uid: owner.uid, email: "owner@example.com" }, created: false });
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

  it("issues a new session id at sign-in and drops the previous one", async () => {
    const { accounts, auth } = makeAuth();
    const user = await accounts.signUp("fixation@example.com", "fixation password");
    const first = (await auth.startSession(user, null)).split(";")[0]!;
    const second = (await auth.startSession(user, first)).split(";")[0]!;
    expect(second).not.toBe(first);
    expect(await auth.userFromCookie(first)).toBeNull();
    expect((await auth.userFromCookie(second))?.uid).toBe(user.uid);
  });

  it("signs in with the form strategy, with one generic failure, and throttles an account after repeated failures", async () => {
    const { accounts, auth } = makeAuth();
    await accounts.signUp("throttle@example.com", "throttle password");
    expect(
      (await auth.signInWithPassword(form({ email: "throttle@example.com", password: "throttle password" }))).email,
    ).toBe("throttle@example.com");
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      await expect(
        auth.signInWithPassword(form({ email: "throttle@example.com", password: `wrong ${i}` })),
      ).rejects.toThrow(SIGN_IN_FAILED);
    }
    await expect(
      auth.signInWithPassword(form({ email: "THROTTLE@example.com", password: "throttle password" })),
    ).rejects.toThrow(SIGN_IN_THROTTLED);
  }, 30_000);
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
    expect(new Set(adds.map((f) => f.id)).size).toBe(1);
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
