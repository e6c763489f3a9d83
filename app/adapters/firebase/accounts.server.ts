import { z } from "zod";
import { AccountError, type AccountUser, type Accounts, type ProviderProfile } from "~/services/accounts.server";
import { ACCOUNT_EXISTS_UNVERIFIED, EMAIL_BADLY_FORMATTED, EMAIL_MAX, SIGN_IN_FAILED } from "~/rules/auth";
import { RemoteError, type FetchLike } from "../http/remote-json.server";
import { checkEmail, checkPassword, invalidCode } from "../shapes/account-input.server";
import type { AccessTokenProvider } from "./credentials.server";
import { requestJson, shapeError } from "./http.server";
import { keyedLock } from "./lock.server";

/**
 * Accounts on the show's Firebase Auth project, through the Identity Toolkit REST API (no browser
 * SDK on the server). Firebase only answers WHO the listener is (a uid); sessions stay ours
 * (docs/decisions/003-accounts.md, 005-firebase.md).
 *
 * - Email/password: `accounts:signUp` / `accounts:signInWithPassword` with the web API key. The
 *   app's own rules (email normalisation, password length) run first, so a refused value never
 *   leaves the server; Firebase's error codes map to the same AccountErrors and messages as the
 *   embedded adapter, and every sign-in failure is the one generic "Invalid email or password.".
 * - Google/Facebook: the identity is looked up by (providerId, subject) with the admin API, so a
 *   listener who signed in with Google in the existing app gets the SAME uid — and their data at
 *   users/<uid>. An existing email account is linked only when the provider says the email is
 *   verified and the account's own address is confirmed (as in the embedded adapter); otherwise
 *   the sign-in is refused, and a provider identity whose address no account has gets a new one.
 * - Confirming an address and resetting a password: Firebase's own out-of-band codes, returned to
 *   us rather than mailed by Firebase, so our mail and pages serve both backends alike.
 */
export interface FirebaseAccountsConfig {
  /** The project's web API key (public in the existing web app; identifies the project). */
  apiKey: string;
  projectId: string;
  /** Identity Toolkit origin; default https://identitytoolkit.googleapis.com (tests: a local fake). */
  authUrl?: string;
  /** OAuth2 access token for the admin endpoints (service account; cached by the provider). */
  getAccessToken: AccessTokenProvider;
  timeoutMs?: number;
  fetch?: FetchLike;
}

export const DEFAULT_AUTH_URL = "https://identitytoolkit.googleapis.com";
export const PROVIDER_IDS = { google: "google.com", facebook: "facebook.com" } as const;

const EMAIL_TAKEN = "The email address is already in use by another account.";
const TOO_MANY_SIGN_UPS = "Too many attempts right now. Please wait a few minutes and try again.";

/** Every Identity Toolkit answer that means "these credentials do not sign in" — one message for all. */
const SIGN_IN_REFUSALS = new Set([
  "EMAIL_NOT_FOUND",
  "INVALID_PASSWORD",
  "INVALID_LOGIN_CREDENTIALS",
  "USER_DISABLED",
  "TOO_MANY_ATTEMPTS_TRY_LATER",
  "MISSING_PASSWORD",
  "INVALID_EMAIL",
]);

const errorBody = z.object({ error: z.object({ message: z.string() }) });
const tokenAnswer = z.object({ localId: z.string().min(1).max(128), email: z.string().optional() });
const lookupAnswer = z.object({
  users: z
    .array(
      z.object({
        localId: z.string().min(1).max(128),
        email: z.string().optional(),
        emailVerified: z.boolean().optional(),
        disabled: z.boolean().optional(),
        passwordHash: z.string().optional(),
      }),
    )
    .optional(),
});
type FirebaseUser = NonNullable<z.infer<typeof lookupAnswer>["users"]>[number];
const localIdAnswer = z.object({ localId: z.string().min(1).max(128) });
/** accounts:sendOobCode with returnOobLink: the code, which our own mail carries (no oobCode: no such account). */
const oobAnswer = z.object({ email: z.string().optional(), oobCode: z.string().min(1).max(1024).optional() });
const resetAnswer = z.object({ email: z.string().optional(), requestType: z.string().optional() });
/** Every answer that means "this code does not work (any more)". */
const CODE_REFUSALS = new Set(["INVALID_OOB_CODE", "EXPIRED_OOB_CODE", "MISSING_OOB_CODE", "USER_DISABLED"]);

/** A Firebase error: the code before " : " of `error.message` and the human detail after it. */
class FirebaseApiError extends Error {
  name = "FirebaseApiError";
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly status: number,
  ) {
    super(`identitytoolkit: ${code} (HTTP ${status})`);
  }
}

const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX).email();

export function createFirebaseAccounts(config: FirebaseAccountsConfig): Accounts {
  const base = (config.authUrl ?? DEFAULT_AUTH_URL).replace(/\/+$/, "");
  const host = new URL(base).host;
  const http = { fetch: config.fetch, timeoutMs: config.timeoutMs };
  const withLock = keyedLock();

  async function call<S extends z.ZodTypeAny>(
    path: string,
    body: unknown,
    schema: S,
    admin: boolean,
  ): Promise<z.infer<S>> {
    const url = admin
      ? `${base}/v1/projects/${encodeURIComponent(config.projectId)}/${path}`
      : `${base}/v1/${path}?key=${encodeURIComponent(config.apiKey)}`;
    const headers: Record<string, string> = admin ? { Authorization: `Bearer ${await config.getAccessToken()}` } : {};
    const answer = await requestJson(url, { method: "POST", body, headers }, http);
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = schema.safeParse(answer.body);
      if (!parsed.success) throw shapeError(host, parsed.error.issues[0]);
      return parsed.data;
    }
    const error = errorBody.safeParse(answer.body);
    if (error.success && answer.status < 500) {
      const [code = "", ...rest] = error.data.error.message.split(" : ");
      throw new FirebaseApiError(code.trim(), rest.join(" : ").trim(), answer.status);
    }
    throw new RemoteError(`${host}: HTTP ${answer.status}`, answer.status);
  }

  const lookup = async (query: Record<string, unknown>): Promise<FirebaseUser | null> =>
    (await call("accounts:lookup", query, lookupAnswer, true)).users?.[0] ?? null;
  const toUser = (u: FirebaseUser): AccountUser => ({ uid: u.localId, email: u.email ? u.email.toLowerCase() : null });
  /** `clearPassword`: the same call drops the account's password, so the link never lands with it. */
  const link = (localId: string, providerId: string, rawId: string, email: string | null, clearPassword = false) =>
    call(
      "accounts:update",
      {
        localId,
        linkProviderUserInfo: { providerId, rawId, ...(email ? { email } : {}) },
        ...(clearPassword && { deleteProvider: ["password"], validSince: String(Math.floor(Date.now() / 1000)) }),
      },
      localIdAnswer,
      true,
    );

  /** A uid's account, unless unknown or disabled. */
  async function liveUser(uid: string): Promise<FirebaseUser | null> {
    if (!uid || uid.length > 128) return null;
    try {
      const user = await lookup({ localId: [uid] });
      return user && !user.disabled ? user : null;
    } catch (error) {
      if (error instanceof FirebaseApiError && error.code === "USER_NOT_FOUND") return null;
      if (error instanceof FirebaseApiError) throw new RemoteError(`${host}: ${error.code}`, error.status);
      throw error;
    }
  }

  /**
   * Firebase's own out-of-band code, returned to us (the admin API's returnOobLink) instead of
   * mailed by Firebase, so one mail, one link and one page serve every accounts backend.
   */
  async function oobCode(requestType: "VERIFY_EMAIL" | "PASSWORD_RESET", email: string) {
    try {
      const answer = await call("accounts:sendOobCode", { requestType, email, returnOobLink: true }, oobAnswer, true);
      return answer.oobCode ? { email, code: answer.oobCode } : null;
    } catch (error) {
      if (error instanceof FirebaseApiError && /^(EMAIL_NOT_FOUND|USER_NOT_FOUND)$/.test(error.code)) return null;
      if (error instanceof FirebaseApiError) throw new RemoteError(`${host}: ${error.code}`, error.status);
      throw error;
    }
  }

  /** A call that uses a code: Firebase's refusals of the code are "invalid-code", anything else a failure. */
  async function redeem<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof FirebaseApiError && CODE_REFUSALS.has(error.code)) throw invalidCode();
      if (error instanceof FirebaseApiError && /^(WEAK_PASSWORD|PASSWORD_DOES_NOT_MEET)/.test(error.code))
        throw new AccountError("weak-password", error.detail || "Password is too weak.");
      if (error instanceof FirebaseApiError) throw new RemoteError(`${host}: ${error.code}`, error.status);
      throw error;
    }
  }

  /** accounts:resetPassword without a new password only reads the code: whose it is, and of what kind. */
  async function resetEmail(code: string): Promise<string | null> {
    try {
      const answer = await redeem(() => call("accounts:resetPassword", { oobCode: code }, resetAnswer, false));
      return answer.requestType === "PASSWORD_RESET" && answer.email ? answer.email.toLowerCase() : null;
    } catch (error) {
      if (AccountError.is(error)) return null;
      throw error;
    }
  }

  async function providerSignIn(
    profile: ProviderProfile,
    retried: boolean,
  ): Promise<{ user: AccountUser; created: boolean; passwordCleared?: boolean }> {
    const providerId = PROVIDER_IDS[profile.provider];
    const rawId = profile.subject;
    const existing = await lookup({ federatedUserId: [{ providerId, rawId }] });
    if (existing) {
      if (existing.disabled) throw new AccountError("invalid-credentials", SIGN_IN_FAILED);
      return { user: toUser(existing), created: false };
    }
    const parsed = profile.email ? emailSchema.safeParse(profile.email) : null;
    const email = parsed?.success ? parsed.data : null;
    const known = email ? await lookup({ email: [email] }) : null;
    if (known) {
      if (!profile.emailVerified || !known.emailVerified)
        throw new AccountError("unverified-email", ACCOUNT_EXISTS_UNVERIFIED);
      if (known.disabled) throw new AccountError("invalid-credentials", SIGN_IN_FAILED);
      // Firebase does not say when a password was set against when the address was confirmed:
      // any password may be a squatter's, so it goes (the owner can set one again by reset).
      const passwordCleared = Boolean(known.passwordHash);
      await link(known.localId, providerId, rawId, email, passwordCleared);
      return { user: toUser(known), created: false, passwordCleared };
    }
    const storedEmail = email && profile.emailVerified ? email : null;
    let localId: string;
    try {
      ({ localId } = await call(
        "accounts",
        storedEmail ? { email: storedEmail, emailVerified: true } : { emailVerified: false },
        localIdAnswer,
        true,
      ));
    } catch (error) {
      // Another server created the account with this email a moment ago: start over once.
      if (!retried && error instanceof FirebaseApiError && /^(DUPLICATE_EMAIL|EMAIL_EXISTS)$/.test(error.code)) {
        return providerSignIn(profile, true);
      }
      throw error;
    }
    try {
      await link(localId, providerId, rawId, storedEmail);
    } catch (error) {
      // Another server linked this identity first: drop our fresh account, use theirs.
      if (error instanceof FirebaseApiError && error.code === "FEDERATED_USER_ID_ALREADY_LINKED") {
        await call("accounts:delete", { localId }, z.unknown(), true).catch(() => undefined);
        const winner = await lookup({ federatedUserId: [{ providerId, rawId }] });
        if (winner) return { user: toUser(winner), created: false };
      }
      throw error;
    }
    return { user: { uid: localId, email: storedEmail }, created: true };
  }

  return {
    async signUp(email, password) {
      const normalized = checkEmail(email);
      checkPassword(password, normalized);
      try {
        const data = await call(
          "accounts:signUp",
          { email: normalized, password, returnSecureToken: true },
          tokenAnswer,
          false,
        );
        return { uid: data.localId, email: data.email ? data.email.toLowerCase() : normalized };
      } catch (error) {
        if (!(error instanceof FirebaseApiError)) throw error;
        if (error.code === "EMAIL_EXISTS") throw new AccountError("email-taken", EMAIL_TAKEN);
        if (error.code === "INVALID_EMAIL") throw new AccountError("invalid-email", EMAIL_BADLY_FORMATTED);
        if (error.code === "WEAK_PASSWORD" || error.code.startsWith("PASSWORD_DOES_NOT_MEET_REQUIREMENTS")) {
          // Only reachable when the project's password policy is stricter than the app's own rules.
          const detail = (error.detail || error.code.replace(/^PASSWORD_DOES_NOT_MEET_REQUIREMENTS:?/, "")).trim();
          throw new AccountError("weak-password", detail ? `${detail.replace(/\.$/, "")}.` : "Password is too weak.");
        }
        if (error.code === "TOO_MANY_ATTEMPTS_TRY_LATER") throw new AccountError("provider-error", TOO_MANY_SIGN_UPS);
        throw new RemoteError(`${host}: sign-up refused (${error.code})`, error.status);
      }
    },

    async signIn(email, password) {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success || password.length === 0) throw new AccountError("invalid-credentials", SIGN_IN_FAILED);
      try {
        const data = await call(
          "accounts:signInWithPassword",
          { email: parsed.data, password, returnSecureToken: true },
          tokenAnswer,
          false,
        );
        // The ID token is not kept: the session is ours (server-side, revocable).
        return { uid: data.localId, email: data.email ? data.email.toLowerCase() : parsed.data };
      } catch (error) {
        if (error instanceof FirebaseApiError && SIGN_IN_REFUSALS.has(error.code)) {
          throw new AccountError("invalid-credentials", SIGN_IN_FAILED);
        }
        if (error instanceof FirebaseApiError)
          throw new RemoteError(`${host}: sign-in refused (${error.code})`, error.status);
        throw error;
      }
    },

    async signInWithProvider(profile) {
      // One at a time per identity in this process, so a double-clicked callback creates one account.
      return withLock(`${profile.provider}:${profile.subject}`, async () => {
        try {
          return await providerSignIn(profile, false);
        } catch (error) {
          if (error instanceof FirebaseApiError) throw new RemoteError(`${host}: ${error.code}`, error.status);
          throw error;
        }
      });
    },

    async accountOfIdentity(provider, subject) {
      try {
        const user = await lookup({ federatedUserId: [{ providerId: PROVIDER_IDS[provider], rawId: subject }] });
        return user && !user.disabled ? toUser(user) : null;
      } catch (error) {
        if (error instanceof FirebaseApiError && error.code === "USER_NOT_FOUND") return null;
        if (error instanceof FirebaseApiError) throw new RemoteError(`${host}: ${error.code}`, error.status);
        throw error;
      }
    },

    async getUser(uid) {
      const user = await liveUser(uid);
      return user ? toUser(user) : null;
    },

    async isEmailVerified(uid) {
      return Boolean((await liveUser(uid))?.emailVerified);
    },

    async verificationCode(uid) {
      const user = await liveUser(uid);
      if (!user?.email || user.emailVerified) return null;
      return oobCode("VERIFY_EMAIL", user.email.toLowerCase());
    },

    async passwordResetCode(email) {
      const parsed = emailSchema.safeParse(email);
      return parsed.success ? oobCode("PASSWORD_RESET", parsed.data) : null;
    },

    async verifyEmail(code) {
      const answer = await redeem(() =>
        call("accounts:update", { oobCode: code }, z.object({ email: z.string() }), false),
      );
      const user = await lookup({ email: [answer.email.toLowerCase()] });
      if (!user) throw invalidCode();
      return toUser(user);
    },

    checkPasswordResetCode: resetEmail,

    async resetPassword(code, password) {
      const email = await resetEmail(code);
      if (!email) throw invalidCode();
      checkPassword(password, email);
      await redeem(() => call("accounts:resetPassword", { oobCode: code, newPassword: password }, resetAnswer, false));
      const user = await lookup({ email: [email] });
      if (!user) throw invalidCode();
      return toUser(user);
    },

    async deleteAccount(uid) {
      try {
        await call("accounts:delete", { localId: uid }, z.unknown(), true);
      } catch (error) {
        if (error instanceof FirebaseApiError && error.code === "USER_NOT_FOUND") return;
        if (error instanceof FirebaseApiError) throw new RemoteError(`${host}: ${error.code}`, error.status);
        throw error;
      }
    },
  };
}
