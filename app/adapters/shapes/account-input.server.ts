import crypto from "node:crypto";
import { z } from "zod";
import { AccountError, type ActiveAudioSync } from "~/services/accounts.server";
import { dictionary } from "@zxcvbn-ts/language-common";
import {
  CODE_INVALID,
  EMAIL_BADLY_FORMATTED,
  EMAIL_MAX,
  PASSWORD_CONTROL_CHARACTERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_GUESSABLE,
} from "~/rules/auth";

/** Ids and input checks of the accounts this app keeps itself (SQLite or PostgreSQL) and Firebase's. */
const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A 28-character id, the shape of the uids the show's existing auth provider issues. */
export function newUid(): string {
  const bytes = crypto.randomBytes(28);
  return Array.from(bytes, (b) => ALPHANUM[b % ALPHANUM.length]).join("");
}
/** A generated child id, like a realtime-database push id. */
export function newPushId(): string {
  return `-${crypto.randomBytes(15).toString("base64url")}`;
}

/**
 * A code for a mailed link: 256 random bits, sent once; the stores keep only its SHA-256, so a
 * copy of the database opens no account.
 */
export function newMailCode(): { code: string; hash: string } {
  const code = crypto.randomBytes(32).toString("base64url");
  return { code, hash: mailCodeHash(code) };
}
export const mailCodeHash = (code: string) => crypto.createHash("sha256").update(code).digest("hex");
export type MailCodePurpose = "verify-email" | "reset-password";
export const invalidCode = () => new AccountError("invalid-code", CODE_INVALID);

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX).email();

export function checkEmail(email: string): string {
  const r = emailSchema.safeParse(email);
  if (!r.success) throw new AccountError("invalid-email", EMAIL_BADLY_FORMATTED);
  return r.data;
}

// The common-password list of zxcvbn-ts (about 49,000 passwords from public breach corpora,
// ranked by frequency), shipped in the package and read offline; a Set on first use.
let common: Set<string> | undefined;
const isCommon = (password: string) => (common ??= new Set(dictionary["passwords-common"])).has(password);

/** A new password (sign-up, or any change of password) for the account of `email` (normalised). */
export function checkPassword(password: string, email: string): void {
  const weak = (message: string) => new AccountError("weak-password", message);
  if (password.length < PASSWORD_MIN) throw weak(`Password should be at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) throw weak(`Password should be at most ${PASSWORD_MAX} characters.`);
  if (/\p{Cc}/u.test(password)) throw weak(PASSWORD_CONTROL_CHARACTERS);
  const folded = password.normalize("NFKC").toLowerCase();
  if (isCommon(folded) || isCommon(folded.trim())) throw weak(PASSWORD_TOO_COMMON);
  if (/^(.)\1*$/su.test(folded) || folded === email || folded === email.split("@")[0])
    throw weak(PASSWORD_TOO_GUESSABLE);
}

/**
 * A password set by someone who had not proved the address (at sign-up, before confirming) may be
 * a squatter's, who signed up with someone else's address: a provider sign-in that proves the
 * address clears it, and signs its sessions out, before it lets anyone in. A password set through
 * a reset link (which proves the address) is the owner's.
 */
export const untrustedPassword = (r: { password_hash?: string | null; password_unproven?: number | boolean | null }) =>
  Boolean(r.password_hash) && Boolean(r.password_unproven);

/** A row of the active_audio_sync table, the same columns on both engines. */
export interface SyncRow {
  audio_title: string;
  duration: number;
  audio_img: string;
  audio_src: string;
  position: number;
}

export const syncFromRow = (r: SyncRow | undefined): ActiveAudioSync | null =>
  r
    ? {
        AudioTitle: r.audio_title,
        Duration: r.duration,
        AudioImg: r.audio_img,
        AudioSrc: r.audio_src,
        currentTime: r.position,
      }
    : null;
