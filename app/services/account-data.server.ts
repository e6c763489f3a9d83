import type { AccountEmail } from "./account-email.server";
import type { Accounts } from "./accounts.server";
import type { Auth, FailureLog, SessionStore, SessionUser } from "./auth.server";
import { freshSignInVerdict, type FreshSignIn, type FreshSignInVerdict } from "~/rules/account-data";
import { log, messageOf } from "./log.server";

/**
 * One store's part of a listener's data. The composition root lists every store that keeps
 * something per listener: that list is all the download reads and all the deletion removes.
 */
export interface AccountDataStore {
  /** The part's name in the download. */
  key: string;
  exportFor(uid: string): Promise<unknown>;
  /** Idempotent: nothing of the listener's is left in this store, and nothing of anyone else's goes. */
  deleteAllFor(uid: string): Promise<void>;
}

/** "Download my data" and "Delete my account" (ADR 035). */
export interface AccountData {
  /** Everything kept for the listener: the account (no password hash or codes), then each store's part. */
  exportFor(user: SessionUser): Promise<Record<string, unknown>>;
  /**
   * Checks the password as a sign-in does (throttled per account and address, through the
   * password-hash queue), or that this session holds a fresh provider sign-in into this account
   * (ADR 052), then signs every device out, removes every store's part, the account, its failed
   * sign-ins and mail counters, and mails its address. A wrong password throws what a failed
   * sign-in throws, a missing, stale or foreign sign-in FreshSignInRefused, and nothing is
   * touched. Returns the Set-Cookie that clears this browser's.
   */
  deleteAccount(
    user: SessionUser,
    confirmation: { password: string } | { freshSignIn: true },
    request: { cookieHeader: string | null; clientAddress: string | undefined },
  ): Promise<string>;
  /**
   * Keeps a provider sign-in made to confirm a deletion in this session, once it is into this
   * account and fresh (null: the identity has no account); FreshSignInRefused otherwise. Returns
   * the session's Set-Cookie.
   */
  confirmFreshSignIn(user: SessionUser, proof: FreshSignIn | null, cookieHeader: string | null): Promise<string>;
  /** Whether this session may delete the account without its password right now. */
  freshSignInVerdict(user: SessionUser, cookieHeader: string | null): Promise<FreshSignInVerdict>;
}

/** A provider sign-in that does not confirm this deletion: none, into another account, or too old. */
export class FreshSignInRefused extends Error {
  name = "FreshSignInRefused";
  static is(error: unknown): error is FreshSignInRefused {
    return error instanceof Error && error.name === "FreshSignInRefused";
  }
  constructor(readonly reason: Exclude<FreshSignInVerdict, "ok">) {
    super(`fresh sign-in refused (${reason})`);
  }
}

/** The password was right but a store failed on the way: some of the data may be gone already. */
export class DeletionIncomplete extends Error {
  name = "DeletionIncomplete";
  /** Routes and services can hold two copies of this class (see AccountError.is): check the brand. */
  static is(error: unknown): error is DeletionIncomplete {
    return error instanceof Error && error.name === "DeletionIncomplete";
  }
  constructor(cause: unknown) {
    super(`the deletion stopped: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function createAccountData(deps: {
  accounts: Accounts;
  auth: Pick<Auth, "confirmPassword" | "endSession" | "freshSignIn" | "keepFreshSignIn">;
  sessions: Pick<SessionStore, "deleteForUser">;
  failures: Pick<FailureLog, "clearAccount">;
  accountEmail: Pick<AccountEmail, "accountDeleted">;
  stores: AccountDataStore[];
}): AccountData {
  const { accounts, auth, sessions, failures, accountEmail, stores } = deps;
  const verdictFor = async (user: SessionUser, cookieHeader: string | null) =>
    freshSignInVerdict(await auth.freshSignIn(cookieHeader), user.uid, Date.now());
  return {
    async exportFor(user) {
      const [account, verified, ...parts] = await Promise.all([
        accounts.getUser(user.uid),
        accounts.isEmailVerified(user.uid),
        ...stores.map((store) => store.exportFor(user.uid)),
      ]);
      return {
        exportedAt: new Date().toISOString(),
        account: { uid: user.uid, email: account?.email ?? user.email, emailVerified: verified },
        ...Object.fromEntries(stores.map((store, i) => [store.key, parts[i]])),
      };
    },
    async confirmFreshSignIn(user, proof, cookieHeader) {
      const verdict = proof ? freshSignInVerdict(proof, user.uid, Date.now()) : "wrong-account";
      if (verdict !== "ok") throw new FreshSignInRefused(verdict);
      return auth.keepFreshSignIn(cookieHeader, proof!);
    },
    freshSignInVerdict: verdictFor,
    async deleteAccount(user, confirmation, { cookieHeader, clientAddress }) {
      if ("password" in confirmation) await auth.confirmPassword(user, confirmation.password, clientAddress);
      else {
        const verdict = await verdictFor(user, cookieHeader);
        if (verdict !== "ok") throw new FreshSignInRefused(verdict);
      }
      try {
        // Every device is out first, so none writes to the account while it goes.
        await sessions.deleteForUser(user.uid);
        for (const store of stores) await store.deleteAllFor(user.uid);
        await accounts.deleteAccount(user.uid);
        if (user.email) await failures.clearAccount(user.email);
      } catch (error) {
        throw new DeletionIncomplete(error);
      }
      await accountEmail.accountDeleted(user).catch((error: unknown) => {
        // The account is gone either way; the note about it is not worth failing for.
        log.error(`[account-deleted] no mail sent: ${messageOf(error)}`);
      });
      return auth.endSession(cookieHeader);
    },
  };
}
