/** "My data" on /user: downloading what the site keeps about a listener, and deleting the account. */

/** The download's file name. */
export const MY_DATA_FILE_NAME = "ham-radio-show-my-data.json";
export const DOWNLOAD_MY_DATA = "Download my data";
export const DELETE_MY_ACCOUNT = "Delete my account";
export const DELETE_ACCOUNT_INTRO =
  "This deletes your account, your favorites, where you stopped listening and everything else the site keeps for you, and signs out every device. It cannot be undone.";
/** An account made with Google or Facebook has no password until the listener chooses one by mail. */
export const DELETE_ACCOUNT_NO_PASSWORD_HINT =
  "Signed up with Google or Facebook? Choose a password first with “Forgot password?” (we mail you a link), then come back here.";
/** Where the site signs in with Google or Facebook, signing in again confirms instead (ADR 052). */
export const DELETE_ACCOUNT_REAUTH_HINT = "Signed up with Google or Facebook? Confirm by signing in with it again:";
export const DELETE_WRONG_PASSWORD = "That password is not right. Nothing was deleted.";
export const DELETE_FAILED = "Your account could not be deleted right now. Nothing was lost: please try again shortly.";
export const DELETE_INCOMPLETE =
  "Part of your account could not be deleted just now, and you may have been signed out. Please sign in again and delete it again in a few minutes.";
export const ACCOUNT_DELETED_TITLE = "Your account is deleted";
export const ACCOUNT_DELETED_TEXT =
  "Your account and everything the site kept for it are gone, and every device it was signed in on is signed out. We mailed a note to its address.";

export const accountDeletedMail = (signUpLink: string) => ({
  subject: "Your account was deleted — The Ham Radio Show",
  text: `Hi,\n\nYour Ham Radio Show account was deleted, with your favorites and where you stopped listening, and every device was signed out.\n\nIf you did not ask for this, someone knew your password: you can make a new account here:\n\n${signUpLink}\n`,
});

/**
 * "Delete my account asks for the password (or a fresh provider sign-in)". A sign-in
 * with the provider counts as that confirmation for this long after the provider signed the
 * listener in (ADR 052), and only in the session it was made from, into the same account.
 */
export const FRESH_SIGN_IN_WINDOW_S = 5 * 60;
/** How far a provider's clock may run ahead of ours. */
export const FRESH_SIGN_IN_CLOCK_SKEW_S = 60;

/** A provider sign-in made to confirm a deletion: into which account, and when the provider signed the listener in (ms). */
export interface FreshSignIn {
  uid: string;
  at: number;
}
export type FreshSignInVerdict = "ok" | "none" | "wrong-account" | "expired";

/** Whether `proof` lets the signed-in account `uid` be deleted at `nowMs`. */
export function freshSignInVerdict(proof: FreshSignIn | null, uid: string, nowMs: number): FreshSignInVerdict {
  if (!proof) return "none";
  if (proof.uid !== uid) return "wrong-account";
  const ageMs = nowMs - proof.at;
  if (ageMs > FRESH_SIGN_IN_WINDOW_S * 1000 || ageMs < -FRESH_SIGN_IN_CLOCK_SKEW_S * 1000) return "expired";
  return "ok";
}

/**
 * What the provider is asked when signing in again: Google documents `prompt` values none,
 * consent and select_account (another is an error), so the account is chosen anew, and OpenID
 * Connect's `max_age=0` asks for a new authentication; Facebook has a parameter of its own.
 */
export const REAUTH_PROVIDER_PARAMS = {
  google: { prompt: "select_account", max_age: "0" },
  facebook: { auth_type: "reauthenticate" },
} as const;

export const REAUTH_BUTTON = (provider: "Google" | "Facebook") => `Sign in again with ${provider}`;
export const REAUTH_DONE = `You signed in again. Delete your account within ${FRESH_SIGN_IN_WINDOW_S / 60} minutes, or it is kept.`;
export const REAUTH_FAILED: Record<Exclude<FreshSignInVerdict, "ok"> | "cancelled" | "failed", string> = {
  none: "Give your password or sign in again first, then delete your account. Nothing was deleted.",
  "wrong-account":
    "You signed in again with a different account than the one signed in here, so nothing was deleted. Sign in with this profile's own Google or Facebook account.",
  expired: `Signing in again counts for ${FRESH_SIGN_IN_WINDOW_S / 60} minutes, and they have passed, so nothing was deleted. Sign in again, then delete your account.`,
  cancelled: "You cancelled signing in again, so nothing was deleted.",
  failed: "Signing in again did not complete, so nothing was deleted. Please try again.",
};
