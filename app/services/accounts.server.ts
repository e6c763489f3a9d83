import type { ActiveAudioSync, UserRecord } from "./types";

export type { ActiveAudioSync, UserRecord };

/**
 * Accounts (the auth provider of docs/product.md §7) and the listener's library (the realtime-database
 * paths of docs/product.md §7: users/<uid>, users/<uid>/ActiveAudioSync, users/<uid>/favorites).
 * The uid passed in always comes from the server-side session, never from a request body.
 */
export interface AccountUser {
  uid: string;
  email: string | null;
}

export type AccountErrorCode =
  | "invalid-email"
  | "weak-password"
  | "email-taken"
  | "invalid-credentials"
  | "unverified-email"
  | "invalid-code"
  | "provider-error";

export class AccountError extends Error {
  name = "AccountError";
  /**
   * Services are built by server.ts's bundle and routes run from the Remix build, so a class can
   * exist twice at runtime: check the brand, never `instanceof`.
   */
  static is(error: unknown): error is AccountError {
    return error instanceof Error && error.name === "AccountError" && typeof (error as AccountError).code === "string";
  }
  constructor(
    readonly code: AccountErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ProviderProfile {
  provider: "google" | "facebook";
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export interface Accounts {
  /** Throws AccountError (invalid-email, weak-password, email-taken). */
  signUp(email: string, password: string): Promise<AccountUser>;
  /** Throws AccountError("invalid-credentials") for an unknown email and a wrong password alike. */
  signIn(email: string, password: string): Promise<AccountUser>;
  /**
   * Finds or creates the account of a provider identity. An existing account with the same email
   * is linked only when the provider says the email is verified AND the account's own address is
   * confirmed; otherwise AccountError("unverified-email"), nothing linked. A password that may be a
   * squatter's (set before the address was proved) is cleared as the identity links:
   * `passwordCleared`, and the account's sessions are to be revoked before any new one starts.
   */
  signInWithProvider(
    profile: ProviderProfile,
  ): Promise<{ user: AccountUser; created: boolean; passwordCleared?: boolean }>;
  /** The account a provider identity is linked to, or null; never creates or links one. */
  accountOfIdentity(provider: ProviderProfile["provider"], subject: string): Promise<AccountUser | null>;
  getUser(uid: string): Promise<AccountUser | null>;
  isEmailVerified(uid: string): Promise<boolean>;
  /**
   * Single-use codes for mailed links (the embedded stores keep only a hash of each; Firebase
   * issues its own out-of-band codes). A confirmation code: null when the account has no address
   * or it is confirmed already. A reset code: null when no account has this address.
   */
  verificationCode(uid: string): Promise<MailCode | null>;
  passwordResetCode(email: string): Promise<MailCode | null>;
  /** Confirms the address the code was sent to; AccountError("invalid-code") when unknown, used or expired. */
  verifyEmail(code: string): Promise<AccountUser>;
  /** The address a reset code was sent to, without using the code up; null when it is not valid. */
  checkPasswordResetCode(code: string): Promise<string | null>;
  /**
   * Sets a new password (the rules of sign-up apply) and confirms the address, using the code up;
   * AccountError("invalid-code" | "weak-password").
   */
  resetPassword(code: string, password: string): Promise<AccountUser>;
  /** Removes the account and its sign-in identities for good; an unknown uid is no error. */
  deleteAccount(uid: string): Promise<void>;
}

export interface MailCode {
  email: string;
  code: string;
}

/** docs/product.md §3 Favorite at users/<uid>/favorites/<id>. */
export interface Favorite {
  id: string;
  audioTitle: string;
  audioSrc: string;
  Duration: number;
  isFav: boolean;
}

export interface Library {
  /** docs/product.md §7 "Write at sign-up": user record, ActiveAudioSync and an empty favorites container. */
  initUser(uid: string): Promise<void>;
  userRecord(uid: string): Promise<UserRecord | null>;
  activeAudioSync(uid: string): Promise<ActiveAudioSync | null>;
  /**
   * docs/product.md §4 progress sync. `writtenAt` is when the client captured the position (ms); a write
   * older than the stored one is ignored ("stale") so a late request never rolls progress back.
   */
  writeProgress(uid: string, sync: ActiveAudioSync, writtenAt: number): Promise<"written" | "stale">;
  favorites(uid: string): Promise<readonly Favorite[]>;
  /**
   * Idempotent: at most one favorite per user and audio source. null when the account keeps its
   * most (FAVORITES_MAX) already: nothing is added, however many instances add at once.
   */
  addFavorite(uid: string, fav: { audioSrc: string; audioTitle: string; duration: number }): Promise<Favorite | null>;
  removeFavorite(uid: string, id: string): Promise<boolean>;
  removeFavoriteBySrc(uid: string, audioSrc: string): Promise<boolean>;
  isAdultConfirmed(uid: string): Promise<boolean>;
  confirmAdult(uid: string): Promise<void>;
  /** Removes the user record, ActiveAudioSync, favorites and the adult confirmation (users/<uid> whole). */
  deleteAllFor(uid: string): Promise<void>;
}
