import { LRUCache } from "lru-cache";
import { z } from "zod";
import { AccountError, type Accounts, type AccountUser } from "./accounts.server";
import type { FailureLog, SessionStore } from "./auth.server";
import {
  EMAIL_BADLY_FORMATTED,
  EMAIL_MAX,
  MAIL_INTERVAL_MS,
  PASSWORD_MAX,
  passwordResetMail,
  verificationMail,
  CODE_INVALID,
} from "~/rules/auth";

/** One plain-text mail (implemented by an adapter: SMTP, or the console in development). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

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
  /** Throws AccountError("invalid-code"). */
  verifyEmail(form: FormData): Promise<AccountUser>;
  /** The address a reset link is for, while its code is valid; null otherwise (nothing used up). */
  resetAddress(code: string | null): Promise<string | null>;
  /**
   * Sets the new password, confirms the address, signs every session of the account out and
   * clears its failed sign-ins. Throws AccountError("invalid-code" | "weak-password").
   */
  resetPassword(form: FormData): Promise<AccountUser>;
}

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
  /** null: no mail can be sent here. */
  mailer: Mailer | null;
  /** Origin of the links in mails (never the request's Host header, which a client chooses). */
  siteUrl: string;
}): AccountEmail {
  const { accounts, sessions, failures, mailer, siteUrl } = deps;
  // Addresses mailed lately, per kind: asking again within the interval sends nothing.
  const recent = new LRUCache<string, true>({ max: 50_000, ttl: MAIL_INTERVAL_MS });
  const link = (path: string, code: string) => new URL(`${path}?code=${encodeURIComponent(code)}`, siteUrl).href;
  const once = (kind: string, email: string) => {
    const key = `${kind}\n${email}`;
    if (recent.has(key)) return false;
    recent.set(key, true);
    return true;
  };

  return {
    available: mailer !== null,
    async sendVerification(uid) {
      if (!mailer) return "none";
      const user = await accounts.getUser(uid);
      if (!user?.email || (await accounts.isEmailVerified(uid))) return "none";
      if (!once("verify", user.email)) return "wait";
      const issued = await accounts.verificationCode(uid);
      if (!issued) return "none";
      await mailer.send({ to: issued.email, ...verificationMail(link("/verify-email", issued.code)) });
      return "sent";
    },
    async requestPasswordReset(form) {
      const parsed = emailField.safeParse(form.get("email"));
      if (!parsed.success) throw new AccountError("invalid-email", EMAIL_BADLY_FORMATTED);
      const email = parsed.data;
      const work = async () => {
        if (!mailer || !once("reset", email)) return;
        const issued = await accounts.passwordResetCode(email);
        if (issued) await mailer.send({ to: issued.email, ...passwordResetMail(link("/reset-password", issued.code)) });
      };
      const done = work().catch((error: unknown) => {
        console.error(`[password-reset] no mail sent: ${error instanceof Error ? error.message : String(error)}`);
      });
      return { done };
    },
    async verifyEmail(form) {
      return accounts.verifyEmail(parseCode(form.get("code")));
    },
    async resetAddress(code) {
      const r = codeSchema.safeParse(code);
      return r.success ? accounts.checkPasswordResetCode(r.data) : null;
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
