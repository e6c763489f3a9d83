/**
 * Account rules: docs/product.md §5 validation, §8 messages, and the limits this app adds (written down in
 * docs/decisions/003-accounts.md).
 */

/** docs/product.md §5 favorites: refused without a signed-in user, an audio source and a title (logged only). */
export const FAVORITE_REFUSED_LOG = "User is not logged in or audio details are missing.";

/** Passwords: at least 8 characters, long passphrases welcome, never trimmed. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** scrypt cost (log2 of N) of new password hashes in production: OWASP's recommendation. */
export const PASSWORD_HASH_COST = 17;
export const EMAIL_MAX = 254;

/** The one sign-in failure message, the same for an unknown email and a wrong password. */
export const SIGN_IN_FAILED = "Invalid email or password.";
export const SIGN_IN_THROTTLED = "Too many sign-in attempts. Please wait a few minutes and try again.";
/** The accounts service is down, slow or answering junk: say so (never its raw error). */
export const SIGN_IN_UNAVAILABLE = "Sign-in is not available right now. Please try again in a few minutes.";
/** Sign-up when the accounts service is down, slow or answering junk (after "Error signing up: "). */
export const SIGN_UP_UNAVAILABLE = "sign-up is not available right now. Please try again in a few minutes.";
/** A favorite or a position could not be saved: the listener's library service failed. */
export const LIBRARY_UNAVAILABLE =
  "Your favorites and listening position can't be saved right now. Please try again in a few minutes.";
/** A signed-in page could not reach the listener's account: they are treated as signed out. */
export const ACCOUNT_UNAVAILABLE =
  "Your account can't be reached right now, so you are signed out for the moment. Please try again in a few minutes.";
/** Failed sign-ins allowed per account within the window before it is throttled. */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins older than this are dropped from the log (far past any throttling window). */
export const ACCOUNT_FAILURE_RETENTION_MS = 24 * 60 * 60_000;

/** docs/product.md §8 messages. */
export const signUpError = (message: string) => `Error signing up: ${message}`;
export const googleLoginError = (message: string) => `Error during Google login: ${message}`;
export const logoutError = (reason: string) => `Error logging out: ${reason}`;
/** docs/product.md §8 "Sign-up success: alert saying the user is all set and should now log in". */
export const SIGN_UP_SUCCESS = "You're all set! Now log in with your new account.";

/** Session lifetime (bounded). */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Expired session records are swept at most this often (at a sign-in). */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * An in-site path to return to after sign-in, or "/" for anything that could leave the site
 * (//evil.com, https://evil.com, /\evil.com, javascript:, control characters…).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 1000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://in.site");
    if (url.origin !== "http://in.site") return fallback;
    // Dot segments resolve only here ("/.//evil.com" → "//evil.com"), so the result is checked too.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") ? fallback : path;
  } catch {
    return fallback;
  }
}
