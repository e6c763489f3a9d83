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
  "invalid-email" | "weak-password" | "email-taken" | "invalid-credentials" | "unverified-email" | "provider-error";

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
  /** Finds or creates the account of a provider identity; links by email only when verified. */
  signInWithProvider(profile: ProviderProfile): Promise<{ user: AccountUser; created: boolean }>;
  getUser(uid: string): Promise<AccountUser | null>;
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
  favorites(uid: string): Promise<Favorite[]>;
  /** Idempotent: at most one favorite per user and audio source. */
  addFavorite(uid: string, fav: { audioSrc: string; audioTitle: string; duration: number }): Promise<Favorite>;
  removeFavorite(uid: string, id: string): Promise<boolean>;
  removeFavoriteBySrc(uid: string, audioSrc: string): Promise<boolean>;
  isAdultConfirmed(uid: string): Promise<boolean>;
  confirmAdult(uid: string): Promise<void>;
}
