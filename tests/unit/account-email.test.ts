/**
 * Confirming addresses and "Forgot password?" end to end below the HTTP layer: the real
 * nodemailer SMTP adapter sends to a real SMTP server (smtp-server, started here); each test reads
 * the link out of the mail that arrived and follows it. Embedded accounts on both engines, and
 * Firebase's out-of-band codes against the local fake.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSqliteAccounts } from "~/adapters/sqlite/accounts.server";
import { createListenerStates, createPostgresAccounts } from "~/adapters/postgres/accounts.server";
import { createFirebaseAccounts } from "~/adapters/firebase/accounts.server";
import {
  createSqliteFailureLog,
  createSqliteMailLog,
  createSqliteSessionStore,
} from "~/adapters/sqlite/sessions.server";
import {
  createPostgresFailureLog,
  createPostgresMailLog,
  createPostgresSessionStore,
} from "~/adapters/postgres/sessions.server";
import { createMailerFromEnv, createSmtpMailer } from "~/adapters/mail/mailer.server";
import { createAccountEmail, mailCapKey, type AccountEmail, type MailLog } from "~/services/account-email.server";
import type { Accounts } from "~/services/accounts.server";
import type { FailureLog, SessionStore } from "~/services/auth.server";
import { createPasswords } from "~/services/password.server";
import { parseEnv } from "~/config/env.server";
import {
  ACCOUNT_EXISTS_UNVERIFIED,
  CODE_INVALID,
  MAIL_ACCOUNT_DAILY_MAX,
  MAIL_CAP_WINDOW_MS,
  MAIL_RECIPIENT_DAILY_MAX,
  PASSWORD_TOO_COMMON,
  SIGN_IN_FAILED,
} from "~/rules/auth";
import { startSmtpSink, linkIn } from "../../scripts/fakes/smtp-sink.mjs";
import { startFirebaseFake } from "../../scripts/fakes/firebase.mjs";
import { bothEngines, type Engine } from "../support/engines";

vi.setConfig({ testTimeout: 30_000 });

interface Mail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}
interface Sink {
  url: string;
  forAddress(to: string): Mail[];
  mailTo(to: string, nth?: number): Promise<Mail>;
  close(): Promise<void>;
}
interface Recorded {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}
interface Fake {
  origin: string;
  apiKey: string;
  projectId: string;
  accessToken: string;
  requests: Recorded[];
  account(localId: string): { emailVerified: boolean; providerUserInfo: { providerId: string }[] } | null;
  expireCodes(): void;
  reset(): void;
  close(): Promise<void>;
}

const SITE = "https://listen.example";
const FROM = "The Ham Radio Show <no-reply@listen.example>";
const NEW_PASSWORD = "a brand new passphrase";
const engines = bothEngines();
let sink: Sink;
let fake: Fake;
beforeAll(async () => {
  sink = (await startSmtpSink()) as Sink;
  fake = (await startFirebaseFake()) as Fake;
});
afterAll(async () => {
  await sink.close();
  await fake.close();
});
beforeEach(() => fake.reset());

let seq = 0;
const uniqueEmail = (name: string) => `${name}-${++seq}-${crypto.randomBytes(3).toString("hex")}@example.com`;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const codeOf = (mail: Mail, path: string) => new URL(linkIn(mail, `${SITE}${path}?code=`)).searchParams.get("code")!;
const error = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

interface Setup {
  accounts: Accounts;
  mails: MailLog;
  sessions: SessionStore;
  failures: FailureLog;
  accountEmail: AccountEmail;
  /** Makes every stored code of this listener expire now (as time passing would). */
  expire(uid: string): Promise<void>;
  storedHashes(uid: string): Promise<string[]>;
}

function embedded(engine: Engine): Setup {
  const passwords = createPasswords();
  const stores =
    engine.kind === "sqlite"
      ? {
          accounts: createSqliteAccounts(engine.db, passwords),
          sessions: createSqliteSessionStore(engine.db, 60_000),
          failures: createSqliteFailureLog(engine.db),
          mails: createSqliteMailLog(engine.db),
          expire: async (uid: string) =>
            void engine.db.prepare("UPDATE account_codes SET expires_at = 0 WHERE uid = ?").run(uid),
          storedHashes: async (uid: string) =>
            (engine.db.prepare("SELECT hash FROM account_codes WHERE uid = ?").all(uid) as { hash: string }[]).map(
              (r) => r.hash,
            ),
        }
      : {
          accounts: createPostgresAccounts(engine.pool, passwords),
          sessions: createPostgresSessionStore(engine.pool, 60_000, createListenerStates(engine.pool)),
          failures: createPostgresFailureLog(engine.pool),
          mails: createPostgresMailLog(engine.pool),
          expire: async (uid: string) =>
            void (await engine.pool.query("UPDATE account_codes SET expires_at = 0 WHERE uid = $1", [uid])),
          storedHashes: async (uid: string) =>
            (
              await engine.pool.query<{ hash: string }>("SELECT hash FROM account_codes WHERE uid = $1", [uid])
            ).rows.map((r) => r.hash),
        };
  const mailer = createSmtpMailer(sink.url, FROM);
  return { ...stores, accountEmail: createAccountEmail({ ...stores, mailer, siteUrl: SITE }) };
}

describe.each(engines)("Account mail over SMTP — embedded %s", (_name, engine) => {
  it("sign-up's confirmation mail carries a single-use link; only a hash of its code is stored; a second ask within a minute sends nothing", async () => {
    const { accounts, accountEmail, storedHashes } = embedded(engine());
    const email = uniqueEmail("confirm");
    const user = await accounts.signUp(email, "owner passphrase");
    expect(await accounts.isEmailVerified(user.uid)).toBe(false);
    expect(await accountEmail.sendVerification(user.uid)).toBe("sent");
    expect(await accountEmail.sendVerification(user.uid)).toBe("wait");

    const mail = await sink.mailTo(email);
    expect(mail.from).toBe('"The Ham Radio Show" <no-reply@listen.example>');
    expect(mail.subject).toMatch(/^Confirm your email address/);
    const code = codeOf(mail, "/verify-email");
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(await storedHashes(user.uid)).toEqual([crypto.createHash("sha256").update(code).digest("hex")]);

    expect(await accountEmail.verifyEmail(form({ code }))).toEqual({ uid: user.uid, email });
    expect(await accounts.isEmailVerified(user.uid)).toBe(true);
    expect(await storedHashes(user.uid)).toEqual([]);
    expect(await error(accountEmail.verifyEmail(form({ code })))).toMatchObject({
      code: "invalid-code",
      message: CODE_INVALID,
    });
    // Confirmed: nothing more to send.
    expect(await accounts.verificationCode(user.uid)).toBeNull();
    expect(sink.forAddress(email)).toHaveLength(1);
  });

  it("daily caps per address and per account, kept in the store: past one nothing is mailed and the answer is the same", async () => {
    const { accounts, accountEmail, mails } = embedded(engine());
    const t0 = Date.now();
    const day = { max: MAIL_RECIPIENT_DAILY_MAX, windowMs: MAIL_CAP_WINDOW_MS };
    // Reset asks within the daily cap (a minute apart) mail; past it nothing, whichever instance counted.
    const email = uniqueEmail("capped");
    await accounts.signUp(email, "owner passphrase");
    for (let i = 0; i < MAIL_RECIPIENT_DAILY_MAX; i++)
      expect(await mails.take([{ key: mailCapKey("to", email), ...day }], t0)).toBe(true);
    const reset = await accountEmail.requestPasswordReset(form({ email }));
    expect(Object.keys(reset)).toEqual(["done"]);
    await reset.done;
    await accountEmail.signUpAttempted(email).done;
    expect(sink.forAddress(email)).toHaveLength(0);
    // A service built afresh (a restart, another instance) counts on from the same store.
    const again = embedded(engine());
    await (
      await again.accountEmail.requestPasswordReset(form({ email }))
    ).done;
    expect(sink.forAddress(email)).toHaveLength(0);

    // The account's own cap: its confirmation link is not sent past it.
    const other = uniqueEmail("account-capped");
    const user = await accounts.signUp(other, "owner passphrase");
    for (let i = 0; i < MAIL_ACCOUNT_DAILY_MAX; i++)
      expect(
        await mails.take([
          { key: mailCapKey("account", user.uid), max: MAIL_ACCOUNT_DAILY_MAX, windowMs: MAIL_CAP_WINDOW_MS },
        ]),
      ).toBe(true);
    expect(await accountEmail.sendVerification(user.uid)).toBe("wait");
    // Within the caps, someone signing up with a taken address has its owner mailed once a minute.
    await accountEmail.signUpAttempted(other).done;
    await accountEmail.signUpAttempted(other.toUpperCase()).done;
    expect(sink.forAddress(other).map((m) => m.subject)).toEqual([
      "Someone tried to sign up with your address — The Ham Radio Show",
    ]);
    expect(linkIn(sink.forAddress(other)[0]!, `${SITE}/forgot-password`)).toBe(`${SITE}/forgot-password`);
  });

  it("an address's counters outlive its account: the deletion notice counts under the daily cap, and a new account under the same address starts from it", async () => {
    const { accounts, accountEmail } = embedded(engine());
    const email = uniqueEmail("deleted");
    for (let i = 0; i < MAIL_RECIPIENT_DAILY_MAX; i++) {
      const user = await accounts.signUp(email, "owner passphrase");
      await accountEmail.accountDeleted(user);
      await accounts.deleteAccount(user.uid);
    }
    expect(sink.forAddress(email)).toHaveLength(MAIL_RECIPIENT_DAILY_MAX);
    const again = await accounts.signUp(email, "owner passphrase");
    expect(await accountEmail.sendVerification(again.uid)).toBe("wait");
    await accountEmail.accountDeleted(again);
    expect(sink.forAddress(email)).toHaveLength(MAIL_RECIPIENT_DAILY_MAX);
  });

  it("a code works only while fresh, only the newest of its kind, and only in its own flow; junk codes are refused", async () => {
    const { accounts, accountEmail, expire } = embedded(engine());
    const email = uniqueEmail("codes");
    const user = await accounts.signUp(email, "owner passphrase");
    const first = (await accounts.verificationCode(user.uid))!.code;
    const second = (await accounts.verificationCode(user.uid))!.code;
    expect(await error(accounts.verifyEmail(first))).toMatchObject({ code: "invalid-code" });
    // A confirmation code does not reset a password.
    expect(await accounts.checkPasswordResetCode(second)).toBeNull();
    expect(await error(accounts.resetPassword(second, NEW_PASSWORD))).toMatchObject({ code: "invalid-code" });
    await expire(user.uid);
    expect(await error(accounts.verifyEmail(second))).toMatchObject({ code: "invalid-code" });
    for (const junk of ["", "short", "../../etc/passwd", "x".repeat(2000), "a b c d e f g h i j k"]) {
      expect(await error(accountEmail.verifyEmail(form({ code: junk })))).toMatchObject({ code: "invalid-code" });
      expect(await accountEmail.resetAddress(junk)).toBeNull();
    }
    expect(await error(accountEmail.verifyEmail(new FormData()))).toMatchObject({ code: "invalid-code" });
    expect(await accounts.isEmailVerified(user.uid)).toBe(false);
  });

  it("pre-hijack: a Google sign-in is never linked to an unconfirmed account with its address; once confirmed it is, the squatter's password and sessions gone first", async () => {
    const { accounts, sessions } = embedded(engine());
    const email = uniqueEmail("victim");
    // Someone signs up with the victim's address and a password of their choosing.
    const squatted = await accounts.signUp(email, "attacker passphrase");
    const attackerSession = await sessions.create({ user: { uid: squatted.uid, email } }, undefined);
    const google = { provider: "google" as const, subject: `g-${seq}-${Date.now()}`, email, emailVerified: true };
    for (let i = 0; i < 2; i++) {
      expect(await error(accounts.signInWithProvider(google))).toMatchObject({
        code: "unverified-email",
        message: ACCOUNT_EXISTS_UNVERIFIED,
      });
    }
    // The mailbox's owner confirms the address (here: follows the mailed code): then it links.
    await accounts.verifyEmail((await accounts.verificationCode(squatted.uid))!.code);
    expect(await accounts.signInWithProvider(google)).toEqual({
      user: { uid: squatted.uid, email },
      created: false,
      passwordCleared: true,
    });
    expect(await error(accounts.signIn(email, "attacker passphrase"))).toMatchObject({ code: "invalid-credentials" });
    expect(await sessions.read(attackerSession)).toBeNull();
    expect(await accounts.signInWithProvider(google)).toEqual({ user: { uid: squatted.uid, email }, created: false });

    // A password the owner set through a reset link (which proves the address) stays theirs.
    const owner = uniqueEmail("owner");
    const own = await accounts.signUp(owner, "first passphrase");
    await accounts.resetPassword((await accounts.passwordResetCode(owner))!.code, NEW_PASSWORD);
    const ownSession = await sessions.create({ user: { uid: own.uid, email: owner } }, undefined);
    const ownGoogle = { ...google, subject: `${google.subject}-owner`, email: owner };
    expect((await accounts.signInWithProvider(ownGoogle)).user.uid).toBe(own.uid);
    expect((await accounts.signIn(owner, NEW_PASSWORD)).uid).toBe(own.uid);
    expect(await sessions.read(ownSession)).not.toBeNull();
    // An account a provider created (its address verified by the provider) counts as confirmed.
    const fresh = await accounts.signInWithProvider({
      ...google,
      subject: `${google.subject}-2`,
      email: uniqueEmail("g"),
    });
    expect(await accounts.isEmailVerified(fresh.user.uid)).toBe(true);
  });

  it("forgot password: nothing is mailed for an unknown address; the reset link sets a new password under the sign-up rules, confirms the address, signs every session out and clears the failed sign-ins", async () => {
    const { accounts, accountEmail, sessions, failures } = embedded(engine());
    const email = uniqueEmail("reset");
    const user = await accounts.signUp(email, "old passphrase here");
    const before = [
      await sessions.create({ user: { uid: user.uid, email } }, undefined),
      await sessions.create({ user: { uid: user.uid, email } }, undefined),
    ];
    const bystander = await sessions.create({ user: { uid: "someone-else", email: null } }, undefined);
    for (let i = 0; i < 3; i++) await failures.attempt(email, "198.51.100.7", 0);

    const unknown = uniqueEmail("nobody");
    await (
      await accountEmail.requestPasswordReset(form({ email: unknown }))
    ).done;
    await (
      await accountEmail.requestPasswordReset(form({ email: email.toUpperCase() }))
    ).done;
    expect(await error(accountEmail.requestPasswordReset(form({ email: "not an address" })))).toMatchObject({
      code: "invalid-email",
    });
    const mail = await sink.mailTo(email);
    expect(sink.forAddress(unknown)).toEqual([]);
    expect(mail.subject).toMatch(/^Choose a new password/);
    const code = codeOf(mail, "/reset-password");

    // Opening the link (twice: a scanner, then the listener) uses nothing up.
    expect(await accountEmail.resetAddress(code)).toBe(email);
    expect(await accountEmail.resetAddress(code)).toBe(email);
    expect(await error(accountEmail.resetPassword(form({ code, password: "password" })))).toMatchObject({
      code: "weak-password",
      message: PASSWORD_TOO_COMMON,
    });
    expect(await accountEmail.resetPassword(form({ code, password: NEW_PASSWORD }))).toEqual({ uid: user.uid, email });

    expect(await accounts.signIn(email, NEW_PASSWORD)).toEqual({ uid: user.uid, email });
    expect(await error(accounts.signIn(email, "old passphrase here"))).toMatchObject({ message: SIGN_IN_FAILED });
    expect(await accounts.isEmailVerified(user.uid)).toBe(true);
    for (const id of before) expect(await sessions.read(id)).toBeNull();
    expect(await sessions.read(bystander)).not.toBeNull();
    expect((await failures.attempt(email, "198.51.100.7", 0)).earlier).toBe(0);
    expect(await accountEmail.resetAddress(code)).toBeNull();
    expect(await error(accountEmail.resetPassword(form({ code, password: "another passphrase" })))).toMatchObject({
      code: "invalid-code",
    });
  });
});

describe("Account mail — Firebase's own out-of-band codes (local fake)", () => {
  const setup = () => {
    const engine = engines[0]![1]() as Extract<Engine, { kind: "sqlite" }>;
    const accounts = createFirebaseAccounts({
      apiKey: fake.apiKey,
      projectId: fake.projectId,
      authUrl: fake.origin,
      getAccessToken: async () => fake.accessToken,
      timeoutMs: 2_000,
    });
    const sessions = createSqliteSessionStore(engine.db, 60_000);
    const failures = createSqliteFailureLog(engine.db);
    const accountEmail = createAccountEmail({
      accounts,
      sessions,
      failures,
      mails: createSqliteMailLog(engine.db),
      mailer: createSmtpMailer(sink.url, FROM),
      siteUrl: SITE,
    });
    return { accounts, sessions, accountEmail };
  };
  const calls = () =>
    fake.requests
      .filter((r) => r.path.startsWith("/v1/"))
      .map((r) => ({
        path: r.path.replace(`/projects/${fake.projectId}`, "/projects/P"),
        body: r.body,
        admin: !r.query.key,
      }));

  it("confirmation: sendOobCode VERIFY_EMAIL on the admin API returns the code; our mail carries it; accounts:update with the oobCode confirms, once", async () => {
    const { accounts, accountEmail } = setup();
    const email = uniqueEmail("fb-confirm");
    const user = await accounts.signUp(email, "owner passphrase");
    const google = { provider: "google" as const, subject: `fb-g-${seq}`, email, emailVerified: true };
    expect(await error(accounts.signInWithProvider(google))).toMatchObject({ code: "unverified-email" });
    fake.reset();
    expect(await accountEmail.sendVerification(user.uid)).toBe("sent");
    const code = codeOf(await sink.mailTo(email), "/verify-email");
    expect(calls()).toContainEqual({
      path: "/v1/projects/P/accounts:sendOobCode",
      body: { requestType: "VERIFY_EMAIL", email, returnOobLink: true },
      admin: true,
    });

    fake.reset();
    expect(await accountEmail.verifyEmail(form({ code }))).toEqual({ uid: user.uid, email });
    expect(calls()[0]).toEqual({ path: "/v1/accounts:update", body: { oobCode: code }, admin: false });
    expect(fake.account(user.uid)!.emailVerified).toBe(true);
    expect(await accounts.isEmailVerified(user.uid)).toBe(true);
    expect(await error(accountEmail.verifyEmail(form({ code })))).toMatchObject({ code: "invalid-code" });
    expect(await accounts.verificationCode(user.uid)).toBeNull();
    expect((await accounts.signInWithProvider(google)).user.uid).toBe(user.uid);
  });

  it("reset: sendOobCode PASSWORD_RESET; accounts:resetPassword reads the code, then sets the password (sign-up rules first); expired codes and unknown addresses get nothing", async () => {
    const { accounts, accountEmail, sessions } = setup();
    const email = uniqueEmail("fb-reset");
    const user = await accounts.signUp(email, "old passphrase here");
    const session = await sessions.create({ user: { uid: user.uid, email } }, undefined);
    const unknown = uniqueEmail("fb-nobody");
    fake.reset();
    await (
      await accountEmail.requestPasswordReset(form({ email: unknown }))
    ).done;
    await (
      await accountEmail.requestPasswordReset(form({ email }))
    ).done;
    const code = codeOf(await sink.mailTo(email), "/reset-password");
    expect(sink.forAddress(unknown)).toEqual([]);
    expect(calls().map((c) => c.body)).toEqual([
      { requestType: "PASSWORD_RESET", email: unknown, returnOobLink: true },
      { requestType: "PASSWORD_RESET", email, returnOobLink: true },
    ]);

    fake.reset();
    expect(await accountEmail.resetAddress(code)).toBe(email);
    expect(await error(accountEmail.resetPassword(form({ code, password: "12345678" })))).toMatchObject({
      code: "weak-password",
    });
    expect(await accountEmail.resetPassword(form({ code, password: NEW_PASSWORD }))).toEqual({ uid: user.uid, email });
    expect(
      calls()
        .filter((c) => c.path === "/v1/accounts:resetPassword")
        .map((c) => c.body),
    ).toEqual([{ oobCode: code }, { oobCode: code }, { oobCode: code }, { oobCode: code, newPassword: NEW_PASSWORD }]);
    expect(await accounts.signIn(email, NEW_PASSWORD)).toEqual({ uid: user.uid, email });
    expect(await sessions.read(session)).toBeNull();
    expect(fake.account(user.uid)!.emailVerified).toBe(true);
    expect(await error(accountEmail.resetPassword(form({ code, password: "yet another one" })))).toMatchObject({
      code: "invalid-code",
    });

    const late = (await accounts.passwordResetCode(email))!.code;
    fake.expireCodes();
    expect(await accountEmail.resetAddress(late)).toBeNull();
    expect(await error(accounts.resetPassword(late, "yet another one"))).toMatchObject({ code: "invalid-code" });
  });
});

describe("Quick start settings", () => {
  const prod = { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-0123", SITE_URL: SITE };
  it("production keeps HTTPS-only cookies and no console mail unless told otherwise", () => {
    expect(parseEnv(prod)).toMatchObject({ secureCookies: true, mailToConsole: false });
    expect(parseEnv({})).toMatchObject({ secureCookies: false, mailToConsole: true });
    expect(parseEnv({ ...prod, SECURE_COOKIES: "off", MAIL_CONSOLE: "on" })).toMatchObject({
      secureCookies: false,
      mailToConsole: true,
    });
    expect(parseEnv({ MAIL_CONSOLE: "on", SMTP_URL: "smtp://127.0.0.1:1" }).mailToConsole).toBe(false);
    expect(() => parseEnv({ SECURE_COOKIES: "maybe" })).toThrow(/SECURE_COOKIES/);
  });
});

describe("Mail configuration", () => {
  it("SMTP_URL must be smtp(s)://; in production it needs SITE_URL and MAIL_FROM; no SMTP_URL: console outside production or with MAIL_CONSOLE=on, none in it", async () => {
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL: must be an smtp/);
    const prod = { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-0123" };
    expect(() => parseEnv({ ...prod, SMTP_URL: "smtps://u:p@mail.example:465" })).toThrow(
      /SITE_URL is required in production[\s\S]*MAIL_FROM is required/,
    );
    expect(createMailerFromEnv(parseEnv({ ...prod, SITE_URL: SITE }))).toBeNull();
    expect(createMailerFromEnv(parseEnv({ ...prod, SITE_URL: SITE, MAIL_CONSOLE: "on" }))).not.toBeNull();
    expect(createMailerFromEnv(parseEnv({ MAIL_CONSOLE: "off" }))).toBeNull();
    const env = parseEnv({ ...prod, SMTP_URL: "smtp://127.0.0.1:1", SITE_URL: SITE, MAIL_FROM: FROM });
    expect(env.SMTP_URL).toBe("smtp://127.0.0.1:1");
    expect(createMailerFromEnv(env)).not.toBeNull();

    const printed = vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      await createMailerFromEnv(parseEnv({}))!.send({ to: "a@example.com", subject: "S", text: `${SITE}/x?code=abc` });
      expect(printed.mock.calls[0]![0]).toContain(`${SITE}/x?code=abc`);
    } finally {
      printed.mockRestore();
    }
  });

  it("without a mailer nothing is sent and the pages are told so", async () => {
    const engine = engines[0]![1]() as Extract<Engine, { kind: "sqlite" }>;
    const accounts = createSqliteAccounts(engine.db, createPasswords());
    const accountEmail = createAccountEmail({
      accounts,
      sessions: createSqliteSessionStore(engine.db, 60_000),
      failures: createSqliteFailureLog(engine.db),
      mails: createSqliteMailLog(engine.db),
      mailer: null,
      siteUrl: SITE,
    });
    const email = uniqueEmail("nomail");
    const user = await accounts.signUp(email, "owner passphrase");
    expect(accountEmail.available).toBe(false);
    expect(await accountEmail.sendVerification(user.uid)).toBe("none");
    await (
      await accountEmail.requestPasswordReset(form({ email }))
    ).done;
    expect(sink.forAddress(email)).toEqual([]);
  });
});
