import { createHash } from "node:crypto";
import { z } from "zod";
import { AccountError, type Accounts, type AccountUser } from "./accounts.server";
import type { FailureLog, SessionStore } from "./auth.server";
import {
  EMAIL_BADLY_FORMATTED,
  EMAIL_MAX,
  MAIL_ACCOUNT_DAILY_MAX,
  MAIL_CAP_WINDOW_MS,
  MAIL_INTERVAL_MS,
  MAIL_RECIPIENT_DAILY_MAX,
  PASSWORD_MAX,
  passwordResetMail,
  signUpAttemptMail,
  verificationMail,
  CODE_INVALID,
} from "~/rules/auth";
import { accountDeletedMail } from "~/rules/account-data";
import { log, messageOf } from "./log.server";
import { metrics } from "./metrics.server";

/** One plain-text mail (implemented by an adapter: SMTP, or the console in development). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** At most `max` mails in `windowMs` under `key`. */
export interface MailCap {
  key: string;
  max: number;
  windowMs: number;
}
/**
 * Mail counters every instance shares, surviving a restart and the deletion of an account: an
 * address's daily cap is the address's, whatever accounts come and go under it (implemented by an
 * adapter).
 */
export interface MailLog {
  /** Counts one mail under every cap, all or none: false (nothing counted) when one is used up. */
  take(caps: MailCap[], now?: number): Promise<boolean>;
}

/**
 * A cap's key: a digest of what it counts (an address, a uid), never the address itself, since a
 * counter outlives a deleted account by up to its window.
 */
export const mailCapKey = (...parts: string[]) => createHash("sha256").update(parts.join(":")).digest("base64url");

/**
 * The account flows that go through the listener's mailbox: confirming the address, and
 * "Forgot password?". The links carry single-use codes from the accounts backend; the pages they
 * open ask for a button press (a POST) before anything is used, so a mail scanner that fetches
 * links uses nothing up.
 */
export interface AccountEmail {
  /** false: this server cannot send mail (production without SMTP_URL); the pages say so. */
  available: boolean;
  /**
   * Mails the account a link confirming its address: "sent"; "wait" when one went to it moments
   * ago; "none" when there is nothing to confirm (or no mail here).
   */
  sendVerification(uid: string): Promise<"sent" | "wait" | "none">;
  /**
   * Starts mailing a reset link to the form's address if an account has it, and returns before
   * knowing: the answer (and its timing) is the same either way. Throws AccountError
   * ("invalid-email") for a malformed address; `done` settles when the mail is sent or skipped.
   */
  requestPasswordReset(form: FormData): Promise<{ done: Promise<void> }>;
  /**
   * Someone tried to sign up with the address of an existing account: mails its owner (within the
   * caps) and returns before knowing, like a reset; `done` settles when the mail is sent or skipped.
   */
  signUpAttempted(email: string): { done: Promise<void> };
  /** Throws AccountError("invalid-code"). */
  verifyEmail(form: FormData): Promise<AccountUser>;
  /** The address a reset link is for, while its code is valid; null otherwise (nothing used up). */
  resetAddress(code: string | null): Promise<string | null>;
  /**
   * Sets the new password, confirms the address, signs every session of the account out and
   * clears its failed sign-ins. Throws AccountError("invalid-code" | "weak-password").
   */
  resetPassword(form: FormData): Promise<AccountUser>;
  /** The account is deleted: its address is told, within the address's daily cap like any mail to it. */
  accountDeleted(user: AccountUser): Promise<void>;
}

/** The kinds of mail counted per address (the caps' keys name them). */
type MailKind = "verify" | "reset" | "sign-up";

// Our codes are 43 characters of base64url; Firebase's out-of-band codes are longer, same alphabet.
const codeSchema = z
  .string()
  .min(16)
  .max(1024)
  .regex(/^[\w-]+$/);
const emailField = z.string().trim().toLowerCase().max(EMAIL_MAX).email();
// Never trimmed: spaces are part of a password; a missing one is refused by the password rules.
const passwordField = z
  .string()
  .max(PASSWORD_MAX * 4)
  .catch("");

const parseCode = (value: unknown): string => {
  const r = codeSchema.safeParse(value);
  if (!r.success) throw new AccountError("invalid-code", CODE_INVALID);
  return r.data;
};

export function createAccountEmail(deps: {
  accounts: Accounts;
  sessions: SessionStore;
  failures: FailureLog;
  mails: MailLog;
  /** null: no mail can be sent here. */
  mailer: Mailer | null;
  /** Origin of the links in mails (never the request's Host header, which a client chooses). */
  siteUrl: string;
}): AccountEmail {
  const { accounts, sessions, failures, mails, mailer, siteUrl } = deps;
  const link = (path: string, code: string) => new URL(`${path}?code=${encodeURIComponent(code)}`, siteUrl).href;
  /** Takes `caps` for one mail of `kind`: counted as sent, or refused. */
  const counted = async (kind: MailKind | "deleted", caps: MailCap[]) => {
    const ok = await mails.take(caps);
    metrics.mails.inc({ kind, result: ok ? "sent" : "refused" });
    return ok;
  };
  const addressCap = (email: string) => ({
    key: mailCapKey("to", email),
    max: MAIL_RECIPIENT_DAILY_MAX,
    windowMs: MAIL_CAP_WINDOW_MS,
  });
  /** One mail of `kind` to `email` (about account `uid` when known) may go: counted, or false past a cap. */
  const mayMail = (kind: MailKind, email: string, uid: string | null) =>
    counted(kind, [
      { key: mailCapKey(kind, "to", email), max: 1, windowMs: MAIL_INTERVAL_MS },
      addressCap(email),
      ...(uid ? [{ key: mailCapKey("account", uid), max: MAIL_ACCOUNT_DAILY_MAX, windowMs: MAIL_CAP_WINDOW_MS }] : []),
    ]);
  /** Work whose outcome the answer must not tell: started, logged if it fails, never awaited by the caller. */
  const quietly = (what: string, work: () => Promise<void>) => ({
    done: work().catch((error: unknown) => {
      log.error(`[${what}] no mail sent: ${messageOf(error)}`);
    }),
  });

  return {
    available: mailer !== null,
    async sendVerification(uid) {
      if (!mailer) return "none";
      const user = await accounts.getUser(uid);
      if (!user?.email || (await accounts.isEmailVerified(uid))) return "none";
      if (!(await mayMail("verify", user.email, uid))) return "wait";
      const issued = await accounts.verificationCode(uid);
      if (!issued) return "none";
      await mailer.send({ to: issued.email, ...verificationMail(link("/verify-email", issued.code)) });
      return "sent";
    },
    async requestPasswordReset(form) {
      const parsed = emailField.safeParse(form.get("email"));
      if (!parsed.success) throw new AccountError("invalid-email", EMAIL_BADLY_FORMATTED);
      const email = parsed.data;
      // Counted before a code is issued: a new code voids the last one mailed.
      return quietly("password-reset", async () => {
        if (!mailer || !(await mayMail("reset", email, null))) return;
        const issued = await accounts.passwordResetCode(email);
        if (issued) await mailer.send({ to: issued.email, ...passwordResetMail(link("/reset-password", issued.code)) });
      });
    },
    signUpAttempted(address) {
      const email = emailField.catch("").parse(address);
      return quietly("sign-up", async () => {
        if (!mailer || !email || !(await mayMail("sign-up", email, null))) return;
        await mailer.send({
          to: email,
          ...signUpAttemptMail(new URL("/signin", siteUrl).href, new URL("/forgot-password", siteUrl).href),
        });
      });
    },
    async verifyEmail(form) {
      return accounts.verifyEmail(parseCode(form.get("code")));
    },
    async resetAddress(code) {
      const r = codeSchema.safeParse(code);
      return r.success ? accounts.checkPasswordResetCode(r.data) : null;
    },
    async accountDeleted(user) {
      // Counted like any mail to the address: a sign-up, delete, sign-up loop on one address
      // stops at its daily cap.
      if (mailer && user.email && (await counted("deleted", [addressCap(user.email)]))) {
        await mailer.send({ to: user.email, ...accountDeletedMail(new URL("/signup", siteUrl).href) });
      }
    },
    async resetPassword(form) {
      const code = parseCode(form.get("code"));
      const user = await accounts.resetPassword(code, passwordField.parse(form.get("password")));
      // Whoever knew the old password (or holds a session made with it) is out.
      await sessions.deleteForUser(user.uid);
      if (user.email) await failures.clearAccount(user.email);
      return user;
    },
  };
}
