import { ACCOUNT_UNAVAILABLE, googleLoginError, logoutError, SIGN_UP_SUCCESS } from "./auth";

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
    text: googleLoginError("an account with this email already exists. Sign in with your password first."),
  },
  "facebook-failed": { tone: "error", text: "Facebook sign-in did not complete. Please try again." },
  "facebook-account-exists": {
    tone: "error",
    text: "An account with this email already exists. Sign in with your password first.",
  },
  "logout-failed": { tone: "error", text: logoutError("the server could not end your session. Please try again.") },
  "account-unavailable": { tone: "error", text: ACCOUNT_UNAVAILABLE },
} as const;

export type NoticeCode = keyof typeof NOTICES;

export function noticeFor(code: string | null): { tone: "error" | "success"; text: string } | null {
  return code && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : null;
}
