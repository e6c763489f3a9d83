import {
  ACCOUNT_EXISTS_UNVERIFIED,
  ACCOUNT_UNAVAILABLE,
  CODE_INVALID,
  googleLoginError,
  logoutError,
  MAIL_TOO_SOON,
  PASSWORD_RESET_DONE,
  SIGN_UP_SUCCESS,
  SIGNED_OUT_EVERYWHERE,
  VERIFICATION_SENT,
  VERIFY_EMAIL_CONFIRMED,
} from "./auth";
import { REAUTH_DONE, REAUTH_FAILED } from "./account-data";

/**
 * Messages carried across a redirect as a short code in the query string (never free text, so a
 * crafted link cannot put words on our page).
 */
export const NOTICES = {
  "signed-up": { tone: "success", text: SIGN_UP_SUCCESS },
  "google-failed": {
    tone: "error",
    text: googleLoginError("the sign-in with Google did not complete. Please try again."),
  },
  "google-account-exists": {
    tone: "error",
    text: googleLoginError(ACCOUNT_EXISTS_UNVERIFIED.replace(/^A/, "a")),
  },
  "facebook-failed": { tone: "error", text: "Facebook sign-in did not complete. Please try again." },
  "facebook-account-exists": {
    tone: "error",
    text: ACCOUNT_EXISTS_UNVERIFIED,
  },
  "popup-needed": {
    tone: "error",
    text: "Signing in with Google or Facebook opens a small window: allow pop-ups and JavaScript for this site, then try again.",
  },
  "logout-failed": { tone: "error", text: logoutError("the server could not end your session. Please try again.") },
  "account-unavailable": { tone: "error", text: ACCOUNT_UNAVAILABLE },
  "email-verified": { tone: "success", text: VERIFY_EMAIL_CONFIRMED },
  "verification-sent": { tone: "success", text: VERIFICATION_SENT },
  "mail-too-soon": { tone: "error", text: MAIL_TOO_SOON },
  "code-invalid": { tone: "error", text: CODE_INVALID },
  "password-reset": { tone: "success", text: PASSWORD_RESET_DONE },
  "signed-out-everywhere": { tone: "success", text: SIGNED_OUT_EVERYWHERE },
  // Signing in again to confirm a deletion (ADR 052).
  reauthenticated: { tone: "success", text: REAUTH_DONE },
  "reauth-cancelled": { tone: "error", text: REAUTH_FAILED.cancelled },
  "reauth-wrong-account": { tone: "error", text: REAUTH_FAILED["wrong-account"] },
  "reauth-expired": { tone: "error", text: REAUTH_FAILED.expired },
  "reauth-none": { tone: "error", text: REAUTH_FAILED.none },
  "reauth-failed": { tone: "error", text: REAUTH_FAILED.failed },
} as const;

export type NoticeCode = keyof typeof NOTICES;

export function noticeFor(code: string | null): { tone: "error" | "success"; text: string } | null {
  return code && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : null;
}
