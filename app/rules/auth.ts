/**
 * Account rules: docs/product.md §5 validation, §8 messages, and the limits this app adds (written down in
 * docs/decisions/003-accounts.md).
 */

/** docs/product.md §5 favorites: refused without a signed-in user, an audio source and a title (logged only). */
export const FAVORITE_REFUSED_LOG = "User is not logged in or audio details are missing.";

/**
 * Passwords: at least 8 characters, long passphrases welcome, never trimmed; refused when easy to
 * guess (a common password, the email address, one character repeated) or holding control characters.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const PASSWORD_TOO_COMMON =
  "Password is too common: it is on the lists of passwords attackers try first. Please choose another.";
export const PASSWORD_TOO_GUESSABLE =
  "Password is too easy to guess (your email address or one character repeated). Please choose another.";
export const PASSWORD_CONTROL_CHARACTERS = "Password can't contain control characters.";
/**
 * New password hashes: Argon2id at m = 19456 KiB (19 MiB), t = 2, p = 1, the OWASP Password Storage
 * Cheat Sheet's first choice and one of the five settings it lists as giving an equal level of
 * defence (m = 47104/19456/12288/9216/7168 KiB with t = 1/2/3/4/5, p = 1). Here about 5 ms of
 * one core a hash, against 120 ms for the scrypt it replaces (ADR 055); scrypt hashes (N = 2^14,
 * r = 8, p = 5, OWASP's equal of N = 2^17 with p = 1) keep verifying and are made anew at the
 * next sign-in.
 */
export const PASSWORD_HASH_MEMORY_KIB = 19456;
export const PASSWORD_HASH_ITERATIONS = 2;
export const PASSWORD_HASH_PARALLELISM = 1;
/**
 * Password checks that may wait for a hashing thread (beyond those running): about a third of a second
 * of hashing on one idle thread. Past it a sign-in or sign-up is answered "busy" at once instead of
 * queueing for seconds.
 */
export const PASSWORD_HASH_QUEUE = 64;
/** Retry-After of a busy answer, seconds. */
export const PASSWORD_BUSY_RETRY_S = 5;
export const EMAIL_MAX = 254;
export const EMAIL_BADLY_FORMATTED = "The email address is badly formatted.";

/** The one sign-in failure message, the same for an unknown email and a wrong password. */
export const SIGN_IN_FAILED = "Invalid email or password.";
/** Every password check is taken: try again shortly (sign-in, and sign-up after "Error signing up: "). */
export const SIGN_IN_BUSY = "Too many people are signing in right now. Please try again in a few seconds.";
export const SIGN_UP_BUSY = "too many people are signing up right now. Please try again in a few seconds.";
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
/**
 * Failed sign-ins are counted per account and client address, so guessing from one address slows
 * that address down and never locks the owner out: the first few failures cost nothing, after
 * that each attempt from there waits a delay that doubles with every further failure, up to a
 * ceiling. A right password clears that address's count; failures older than the window are forgotten.
 */
export const SIGN_IN_FREE_FAILURES = 5;
export const SIGN_IN_FIRST_DELAY_S = 30;
export const SIGN_IN_MAX_DELAY_S = 15 * 60;
export const ACCOUNT_FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** Seconds the next attempt waits after the last of `failures` failures. */
export const signInDelayS = (failures: number): number =>
  failures < SIGN_IN_FREE_FAILURES
    ? 0
    : Math.min(SIGN_IN_MAX_DELAY_S, SIGN_IN_FIRST_DELAY_S * 2 ** (failures - SIGN_IN_FREE_FAILURES));
export const signInThrottled = (seconds: number): string =>
  `Too many sign-in attempts. Please try again in ${
    seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : seconds === 1 ? "1 second" : `${seconds} seconds`
  }.`;

/** docs/product.md §8 messages. */
export const signUpError = (message: string) => `Error signing up: ${message}`;
export const googleLoginError = (message: string) => `Error during Google login: ${message}`;
/** A popup sign-in that did not end with an account (after the provider's error prefix). */
export const NOT_COMPLETED = "the sign-in did not complete. Please try again.";
/** A popup sign-in whose ID token the server refused (after the provider's own error prefix). */
export const POPUP_SIGN_IN_REFUSED = "the sign-in could not be verified. Please try again.";
/** The provider's error prefix of docs/product.md §8 (Google), or Facebook's own words. */
export const providerLoginError = (provider: "google" | "facebook", message: string) =>
  provider === "google" ? googleLoginError(message) : `Error during Facebook login: ${message}`;
/** The longest Firebase ID token accepted (they are about 1 KB; a few custom claims can add some). */
export const ID_TOKEN_MAX = 8192;
export const logoutError = (reason: string) => `Error logging out: ${reason}`;
/** docs/product.md §8 "Sign-up success: alert saying the user is all set and should now log in". */
export const SIGN_UP_SUCCESS = "You're all set! Now log in with your new account.";
/**
 * The same, when a confirmation mail went out: the listener learns where the next step is (an
 * address taken already gets a mail too, so the words are the same either way).
 */
export const SIGN_UP_SUCCESS_CHECK_INBOX =
  "You're all set! Check your inbox for the link that confirms your address. Now log in with your new account.";

/**
 * E-mail confirmation and password reset (docs/decisions/003-accounts.md): each link carries a
 * single-use code that expires; a new link of a kind voids the older ones. At most one mail of a
 * kind per address per interval, however often it is asked for.
 */
export const VERIFY_EMAIL_CODE_TTL_MS = 48 * 60 * 60_000;
export const RESET_PASSWORD_CODE_TTL_MS = 60 * 60_000;
export const MAIL_INTERVAL_MS = 60_000;
/**
 * Daily caps on the mails the account flows send (confirmation, reset, the sign-up notice), of
 * every kind together: per address they go to, and per account they are about. Counted in the
 * store, so every instance shares them and a restart keeps them. Past a cap nothing is sent and
 * the answer is the one a sent mail gets (docs/decisions/023-bounded-accounts.md).
 */
export const MAIL_RECIPIENT_DAILY_MAX = 5;
export const MAIL_ACCOUNT_DAILY_MAX = 5;
export const MAIL_CAP_WINDOW_MS = 24 * 60 * 60_000;
/** A provider sign-in found a password account with its address that is not confirmed yet: never linked. */
export const ACCOUNT_EXISTS_UNVERIFIED =
  "An account with this email already exists. Sign in with your password and confirm your email address first; then this sign-in will work.";
export const CODE_INVALID = "This link is invalid, used already or expired. Please ask for a new one.";
export const VERIFY_EMAIL_CONFIRMED = "Your email address is confirmed. Thank you!";
export const verificationPending = (email: string) =>
  `Please confirm your email address: we sent a link to ${email}. Until then, Google sign-in can't be linked to this account.`;
export const VERIFICATION_SENT = "We sent you a new link. It may take a minute to arrive.";
export const MAIL_TOO_SOON =
  "We sent you a link a short while ago. Please check your inbox (and spam folder); you can ask again tomorrow.";
export const RESET_REQUESTED =
  "If an account has this address, we sent it a link to choose a new password. The link works for one hour.";
export const PASSWORD_RESET_DONE =
  "Your password is changed and every device was signed out. Sign in with your new password.";
export const SIGN_UP_CONFIRM_HINT = "We will mail you a link to confirm your address.";
export const SIGNED_OUT_EVERYWHERE = "You are signed out on every device.";
/** Production without SMTP_URL: no mail can be sent (docs/decisions/003-accounts.md). */
export const MAIL_NOT_CONFIGURED =
  "Email isn't set up on this server: addresses can't be confirmed and passwords can't be reset by email.";
export const EMAIL_FLOW_UNAVAILABLE = "That is not available right now. Please try again in a few minutes.";

/** The mails themselves: plain text, the link alone on its line. */
export const verificationMail = (link: string) => ({
  subject: "Confirm your email address — The Ham Radio Show",
  text: `Hi,\n\nPlease confirm the email address of your Ham Radio Show account by opening this link:\n\n${link}\n\nThe link works for 48 hours. If you did not sign up, ignore this mail and do not open the link: someone else typed your address.\n`,
});
export const passwordResetMail = (link: string) => ({
  subject: "Choose a new password — The Ham Radio Show",
  text: `Hi,\n\nSomeone (hopefully you) asked to reset the password of your Ham Radio Show account. Choose a new one here:\n\n${link}\n\nThe link works for one hour. If you did not ask, ignore this mail: your password stays as it is.\n`,
});

/** To the owner of an address someone tried to sign up with: nothing was made, nothing changed. */
export const signUpAttemptMail = (signInLink: string, resetLink: string) => ({
  subject: "Someone tried to sign up with your address — The Ham Radio Show",
  text: `Hi,\n\nSomeone (hopefully you) tried to create a Ham Radio Show account with this address, which already has one. Nothing was changed.\n\nSign in here:\n\n${signInLink}\n\nForgot your password? Choose a new one here:\n\n${resetLink}\n\nIf it was not you, ignore this mail: your account stays as it is.\n`,
});

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
