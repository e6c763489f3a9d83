import {
  createCookie,
  createCookieSessionStorage,
  createSessionStorage,
  redirect,
  type AppLoadContext,
  type Cookie,
  type Session,
} from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { OAuth2Strategy, type OAuth2Profile, type OAuth2StrategyVerifyParams } from "remix-auth-oauth2";
import type { StrategyVerifyCallback } from "remix-auth";
import { z } from "zod";
import { AccountError, type Accounts, type AccountUser, type Library, type ProviderProfile } from "./accounts.server";
import { PasswordsBusy } from "./password.server";
import { REAUTH_PROVIDER_PARAMS, type FreshSignIn } from "~/rules/account-data";
import {
  ACCOUNT_FAILURE_WINDOW_MS,
  EMAIL_MAX,
  PASSWORD_BUSY_RETRY_S,
  PASSWORD_MAX,
  SESSION_MAX_AGE_S,
  SIGN_IN_BUSY,
  SIGN_IN_FAILED,
  SIGN_IN_UNAVAILABLE,
  signInDelayS,
  signInThrottled,
} from "~/rules/auth";
import { log, messageOf } from "./log.server";

/** Where sessions are kept (implemented by an adapter). */
export interface SessionStore {
  create(data: unknown, expires: Date | undefined): Promise<string>;
  read(id: string): Promise<unknown | null>;
  update(id: string, data: unknown, expires: Date | undefined): Promise<void>;
  delete(id: string): Promise<void>;
  deleteForUser(uid: string): Promise<void>;
}

/** Failed sign-ins per account and client address, for throttling (implemented by an adapter). */
export interface FailureLog {
  /**
   * Records an attempt as failed before its password is checked, so attempts made at the same
   * time count each other; returns its id and the pair's other failures since `sinceMs`: how
   * many, and when the last one was (0: none).
   */
  attempt(account: string, address: string, sinceMs: number): Promise<{ id: number; earlier: number; lastAt: number }>;
  /** Drops one attempt: refused unchecked, or the check could not run. */
  forget(id: number): Promise<void>;
  /** Drops the pair's failures: the password was right. */
  clear(account: string, address: string): Promise<void>;
  /** Drops the account's failures from every address: its password was reset. */
  clearAccount(account: string): Promise<void>;
}

/**
 * A sign-in refused for now, the password unchecked: too many failures from this address
 * (429), or every password check taken (503). The listener may try again after `retryAfterS`.
 */
export class SignInLater extends Error {
  name = "SignInLater";
  constructor(
    message: string,
    readonly status: 429 | 503,
    readonly retryAfterS: number,
  ) {
    super(message);
  }
}

/**
 * The key of a client address in the failure log: an IPv6 address by its /64, the block one
 * subscriber gets (any address of it is theirs to use); IPv4 as is.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4 || !address.includes(":")) return v4?.[1] ?? address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** A Firebase ID token the verifier refused (forged, expired, another project's, revoked): `code` says why. */
export class IdTokenRefused extends Error {
  name = "IdTokenRefused";
  constructor(readonly code: string) {
    super(`ID token refused (${code})`);
  }
}

/** Checks an ID token of the accounts' own project (implemented by an adapter). */
export interface IdTokenVerifier {
  /** Throws IdTokenRefused for a token that does not prove a listener; anything else is a service failure. */
  verify(idToken: string): Promise<{ uid: string; email: string | null; provider: string; authTimeS: number }>;
}

export type SessionUser = AccountUser;
export type OAuthProvider = "google" | "facebook";

/** Said once at start when production runs with SECURE_COOKIES=off (the quick start). */
export const PLAIN_HTTP_COOKIE_NOTICE =
  "[auth] SECURE_COOKIES=off: the session cookie works over plain HTTP too (a phone on the LAN can sign in); behind HTTPS set SECURE_COOKIES=on";

export interface AuthConfig {
  /** The session cookie is `__Host-` and Secure (SECURE_COOKIES). */
  secureCookies: boolean;
  secrets: string[];
  siteUrl: string | undefined;
  /** `oauthUrl`: a server answering on Google's OAuth paths in place of Google's hosts. */
  google?: { clientId: string; clientSecret: string; oauthUrl?: string };
  facebook?: { clientId: string; clientSecret: string };
}

const FACEBOOK_AUTHORIZATION_URL = "https://www.facebook.com/v19.0/dialog/oauth";
const GOOGLE_AUTHORIZATION_URL = "https://accounts.google.com/o/oauth2/v2/auth";

/** Google's OAuth endpoints (authorization, token, OpenID user info) on `origin` instead of Google's hosts. */
export const googleEndpoints = (origin: string) => ({
  authorizationURL: new URL("/o/oauth2/v2/auth", origin).href,
  tokenURL: new URL("/token", origin).href,
  userInfoURL: new URL("/oauth2/v3/userinfo", origin).href,
});

/** Facebook login as an OAuth2Strategy subclass (remix-auth-facebook targets Remix 1). */
export class FacebookStrategy<User> extends OAuth2Strategy<User, OAuth2Profile, Record<string, unknown>> {
  name = "facebook";
  constructor(
    options: { clientID: string; clientSecret: string; callbackURL: string },
    verify: StrategyVerifyCallback<User, OAuth2StrategyVerifyParams<OAuth2Profile, Record<string, unknown>>>,
  ) {
    super(
      {
        ...options,
        authorizationURL: FACEBOOK_AUTHORIZATION_URL,
        tokenURL: "https://graph.facebook.com/v19.0/oauth/access_token",
        scope: "public_profile,email",
      },
      verify,
    );
  }
  async userProfile(accessToken: string): Promise<OAuth2Profile> {
    const res = await fetch(
      `https://graph.facebook.com/me?fields=id,name,email&access_token=${encodeURIComponent(accessToken)}`,
      { signal: AbortSignal.timeout(5_000) },
    );
    const raw = z
      .object({ id: z.string().min(1), name: z.string().default(""), email: z.string().nullish() })
      .parse(await res.json());
    return { provider: "facebook", id: raw.id, displayName: raw.name, emails: raw.email ? [{ value: raw.email }] : [] };
  }
}

const credentialsSchema = z.object({
  // U+0000 is in no address, and no store can key a failure count on it.
  email: z
    .string()
    .max(EMAIL_MAX * 2)
    .refine((v) => !v.includes("\u0000")),
  // Never trimmed: spaces are part of a password.
  password: z.string().max(PASSWORD_MAX * 4),
});

export interface Auth {
  /**
   * The signed-in user of a request's cookie, or null (a revoked or forged cookie is null).
   * Rejects when the session store cannot be read: that is not "signed out".
   */
  userFromCookie(cookieHeader: string | null): Promise<SessionUser | null>;
  /** Set-Cookie for a brand-new session holding the user (the old session id is never reused). */
  startSession(user: SessionUser, previousCookie: string | null): Promise<string>;
  /** Revokes the session server-side and returns the Set-Cookie that clears it. */
  endSession(cookieHeader: string | null): Promise<string>;
  /** Revokes every session of the cookie's account, this one included; returns the Set-Cookie that clears it. */
  endAllSessions(cookieHeader: string | null): Promise<string>;
  /** `clientAddress`: where the attempt comes from (failures are throttled per account and address). */
  signInWithPassword(form: FormData, clientAddress: string | undefined): Promise<SessionUser>;
  /**
   * The signed-in listener's password, checked exactly as a sign-in with their address is
   * (throttled, through the hash queue): throws what a failed sign-in throws. An account without
   * an address or a password fails like a wrong password.
   */
  confirmPassword(user: SessionUser, password: string, clientAddress: string | undefined): Promise<void>;
  /** Starts (redirect to provider) or completes (returns user) an OAuth flow. */
  oauth(provider: OAuthProvider, request: Request): Promise<SessionUser>;
  providers: { google: boolean; facebook: boolean };
  /** The providers' authorization pages: where a sign-in form's redirect takes the browser (CSP form-action). */
  signInOrigins: string[];
  /** Popup sign-in in the browser: the account a verified ID token names (its records made if new), or IdTokenRefused. */
  signInWithIdToken?(idToken: string): Promise<SessionUser>;
  /**
   * Signing in again with a provider to confirm who is at the keyboard (ADR 052), beside the
   * session: starts (throws the redirect to the provider, asking it to sign the listener in anew)
   * or completes the flow, returning the account the identity is linked to and when the provider
   * signed the listener in; null when the identity is linked to no account (none is made or linked).
   */
  reauthenticate(provider: OAuthProvider, request: Request): Promise<FreshSignIn | null>;
  /** A popup's ID token as such a proof: its account and its `auth_time`, or IdTokenRefused. */
  freshSignInFromIdToken?(idToken: string): Promise<FreshSignIn>;
  /** Keeps the proof in the cookie's session (only there); returns the session's Set-Cookie. */
  keepFreshSignIn(cookieHeader: string | null, proof: FreshSignIn): Promise<string>;
  /** The proof kept in the cookie's session, or null. */
  freshSignIn(cookieHeader: string | null): Promise<FreshSignIn | null>;
}

/** Read on every signed-in request: built once. */
const sessionUserSchema = z.object({ uid: z.string().min(1).max(128), email: z.string().nullable() });
const freshSignInSchema = z.object({ uid: z.string().min(1).max(128), at: z.number().finite() });

/**
 * When the provider signed the listener in: the ID token's `auth_time` where the token endpoint
 * sent one (straight to us over TLS, which OpenID Connect accepts in place of its signature);
 * else now, the code having just been exchanged.
 */
function signedInAt(extraParams: Record<string, unknown>): number {
  const idToken = typeof extraParams.id_token === "string" ? extraParams.id_token : "";
  try {
    const claims = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      auth_time?: unknown;
    };
    if (typeof claims.auth_time === "number" && Number.isFinite(claims.auth_time)) return claims.auth_time * 1000;
  } catch {
    // No ID token, or not one we can read: the exchange's time stands.
  }
  return Date.now();
}

const withReauthParams = (params: URLSearchParams, provider: OAuthProvider) => {
  for (const [name, value] of Object.entries(REAUTH_PROVIDER_PARAMS[provider])) params.set(name, value);
  return params;
};
class GoogleReauth<User> extends GoogleStrategy<User> {
  protected authorizationParams() {
    return withReauthParams(super.authorizationParams(), "google");
  }
}
class FacebookReauth<User> extends FacebookStrategy<User> {
  protected authorizationParams(params: URLSearchParams) {
    return withReauthParams(super.authorizationParams(params), "facebook");
  }
}

export function createAuth(deps: {
  accounts: Accounts;
  library: Library;
  sessions: SessionStore;
  failures: FailureLog;
  config: AuthConfig;
  idTokens?: IdTokenVerifier;
}): Auth {
  const { accounts, library, sessions, failures, config, idTokens } = deps;
  const signed = createCookie(config.secureCookies ? "__Host-hrs_session" : "hrs_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    maxAge: SESSION_MAX_AGE_S,
    secrets: config.secrets,
  });
  // Checking the signature is an HMAC of the cookie's value on every signed-in request. A header
  // whose signature checked out once always will with these secrets, so its session id is
  // remembered; headers that fail are not, so junk cannot crowd the valid ones out.
  // Bounded by the headers' length too: a listener can pad their header with cookies of their own.
  const verified = new LRUCache<string, string>({
    max: 10_000,
    maxSize: 4_000_000,
    sizeCalculation: (_id, header) => header.length,
  });
  const cookie: Cookie = {
    get name() {
      return signed.name;
    },
    get isSigned() {
      return signed.isSigned;
    },
    get expires() {
      return signed.expires;
    },
    serialize: (value, options) => signed.serialize(value, options),
    async parse(header, options) {
      const remember = header && !options ? header : null;
      const known = remember ? verified.get(remember) : undefined;
      if (known !== undefined) return known;
      // A session id is a non-empty string: any other value, even one signed with our secret, is
      // no session (the stores would be handed an object or a number as an id).
      const value: unknown = await signed.parse(header, options);
      if (typeof value !== "string" || !value) return null;
      if (remember) verified.set(remember, value);
      return value;
    },
  };
  const storage = createSessionStorage({
    cookie,
    createData: (data, expires) => sessions.create(data, expires),
    readData: (id) => sessions.read(id) as Promise<Record<string, unknown> | null>,
    updateData: (id, data, expires) => sessions.update(id, data, expires),
    deleteData: (id) => sessions.delete(id),
  });
  const authenticator = new Authenticator<SessionUser>(storage, { sessionKey: "user", throwOnError: true });

  authenticator.use(
    new FormStrategy<SessionUser>(async ({ form, context }) => {
      const parsed = credentialsSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) throw new AuthorizationError(SIGN_IN_FAILED);
      const account = parsed.data.email.trim().toLowerCase();
      const address = addressKey((context as { clientAddress?: string } | undefined)?.clientAddress);
      let attempt: Awaited<ReturnType<FailureLog["attempt"]>> | undefined;
      try {
        attempt = await failures.attempt(account, address, Date.now() - ACCOUNT_FAILURE_WINDOW_MS);
        const waitS = Math.ceil((attempt.lastAt + signInDelayS(attempt.earlier) * 1000 - Date.now()) / 1000);
        if (waitS > 0) throw new SignInLater(signInThrottled(waitS), 429, waitS);
        const user = await accounts.signIn(parsed.data.email, parsed.data.password);
        await failures.clear(account, address);
        return user;
      } catch (error) {
        // A wrong password (or unknown email) stays counted; anything else was no guess.
        if (AccountError.is(error)) throw new AuthorizationError(SIGN_IN_FAILED);
        if (attempt) await failures.forget(attempt.id).catch(() => {});
        if (error instanceof SignInLater) throw error;
        if (PasswordsBusy.is(error)) throw new SignInLater(SIGN_IN_BUSY, 503, PASSWORD_BUSY_RETRY_S);
        // The accounts service or the failure log failed (down, timed out, junk): logged; the
        // listener is told so, never the raw error.
        log.error(`[signin] accounts service failed: ${messageOf(error)}`);
        throw new AuthorizationError(SIGN_IN_UNAVAILABLE);
      }
    }),
    "form",
  );

  const fromProvider = async (profile: ProviderProfile): Promise<SessionUser> => {
    const { user, created, passwordCleared } = await accounts.signInWithProvider(profile);
    // Whoever signed in with the cleared password is out before the owner is in.
    if (passwordCleared) await sessions.deleteForUser(user.uid);
    if (created) await library.initUser(user.uid);
    return user;
  };
  const callbackURL = (provider: OAuthProvider) =>
    config.siteUrl ? new URL(`/auth/${provider}/callback`, config.siteUrl).href : `/auth/${provider}/callback`;

  // Signing in again only looks the identity up: it never makes or links an account.
  const proofOf = async (provider: OAuthProvider, subject: string, extraParams: Record<string, unknown>) => {
    const account = await accounts.accountOfIdentity(provider, subject);
    return account ? { uid: account.uid, at: signedInAt(extraParams) } : null;
  };
  const reauthStrategies: Partial<
    Record<OAuthProvider, GoogleReauth<FreshSignIn | null> | FacebookReauth<FreshSignIn | null>>
  > = {};

  if (config.google) {
    const options = {
      clientID: config.google.clientId,
      clientSecret: config.google.clientSecret,
      callbackURL: callbackURL("google"),
    };
    const googleProfile = (profile: GoogleProfile): ProviderProfile => {
      const raw = profile._json as { sub?: string; email?: string; email_verified?: boolean | string };
      return {
        provider: "google",
        subject: String(raw.sub ?? profile.id),
        email: raw.email ?? null,
        emailVerified: raw.email_verified === true || raw.email_verified === "true",
      };
    };
    const google = new GoogleStrategy(options, async ({ profile }) => fromProvider(googleProfile(profile)));
    const reauth = new GoogleReauth<FreshSignIn | null>(options, async ({ profile, extraParams }) =>
      proofOf("google", googleProfile(profile).subject, extraParams),
    );
    // remix-auth-google names Google's hosts itself; the same paths on another origin replace them.
    if (config.google.oauthUrl) {
      Object.assign(google, googleEndpoints(config.google.oauthUrl));
      Object.assign(reauth, googleEndpoints(config.google.oauthUrl));
    }
    authenticator.use(google, "google");
    reauthStrategies.google = reauth;
  }
  if (config.facebook) {
    const options = {
      clientID: config.facebook.clientId,
      clientSecret: config.facebook.clientSecret,
      callbackURL: callbackURL("facebook"),
    };
    authenticator.use(
      new FacebookStrategy<SessionUser>(options, async ({ profile }) =>
        // Facebook does not say whether an email is verified: never link an existing account by it.
        fromProvider({
          provider: "facebook",
          subject: String(profile.id),
          email: profile.emails?.[0]?.value ?? null,
          emailVerified: false,
        }),
      ),
      "facebook",
    );
    reauthStrategies.facebook = new FacebookReauth<FreshSignIn | null>(options, async ({ profile, extraParams }) =>
      proofOf("facebook", String(profile.id), extraParams),
    );
  }
  // The state of a flow signing in again, kept beside the session: the strategy would find the
  // signed-in listener in the session and end at once.
  const reauthState = createCookieSessionStorage({
    cookie: createCookie("hrs_reauth", {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/auth",
      maxAge: 600,
      secrets: config.secrets,
    }),
  });

  const signInWithPassword = async (form: FormData, clientAddress: string | undefined) => {
    const request = new Request("http://internal/signin", { method: "POST" });
    return authenticator.authenticate("form", request, {
      context: { formData: form, clientAddress } as unknown as AppLoadContext,
      throwOnError: true,
    });
  };

  const sessionUser = (session: Session): SessionUser | null => userOf(session.get("user"));
  const userOf = (value: unknown): SessionUser | null => {
    const r = sessionUserSchema.safeParse(value);
    return r.success ? r.data : null;
  };

  return {
    providers: { google: Boolean(config.google), facebook: Boolean(config.facebook) },
    signInOrigins: [
      ...(config.google
        ? [
            new URL(
              config.google.oauthUrl
                ? googleEndpoints(config.google.oauthUrl).authorizationURL
                : GOOGLE_AUTHORIZATION_URL,
            ).origin,
          ]
        : []),
      ...(config.facebook ? [new URL(FACEBOOK_AUTHORIZATION_URL).origin] : []),
    ],
    async userFromCookie(cookieHeader) {
      if (!cookieHeader) return null;
      // A cookie that is not ours, or not signed by us, parses as no session; a store that cannot
      // be read rejects: a blip must never look like "signed out" (503, the cookie kept).
      // What the session storage's getSession does, without making a session of it per request.
      const id = await cookie.parse(cookieHeader);
      const data = id ? ((await sessions.read(id)) as Record<string, unknown> | null) : null;
      return data ? userOf(data.user) : null;
    },
    async startSession(user, previousCookie) {
      if (previousCookie) {
        const old = await storage.getSession(previousCookie).catch(() => null);
        if (old?.id) await sessions.delete(old.id);
      }
      const session = await storage.getSession();
      session.set("user", { uid: user.uid, email: user.email });
      return storage.commitSession(session);
    },
    async endSession(cookieHeader) {
      const session = await storage.getSession(cookieHeader);
      return storage.destroySession(session);
    },
    async endAllSessions(cookieHeader) {
      const session = await storage.getSession(cookieHeader);
      const user = sessionUser(session);
      if (user) await sessions.deleteForUser(user.uid);
      return storage.destroySession(session);
    },
    signInWithPassword,
    async confirmPassword(user, password, clientAddress) {
      if (!user.email) throw new AuthorizationError(SIGN_IN_FAILED);
      const form = new FormData();
      form.set("email", user.email);
      form.set("password", password);
      const checked = await signInWithPassword(form, clientAddress);
      if (checked.uid !== user.uid) throw new AuthorizationError(SIGN_IN_FAILED);
    },
    async oauth(provider, request) {
      if (!this.providers[provider]) throw redirect("/signin");
      return authenticator.authenticate(provider, request, { throwOnError: true });
    },
    async reauthenticate(provider, request) {
      const strategy = reauthStrategies[provider];
      if (!strategy) throw redirect("/user/delete");
      return strategy.authenticate(request, reauthState, {
        name: `${provider}-reauth`,
        sessionKey: "user",
        sessionErrorKey: "auth:error",
        sessionStrategyKey: "strategy",
        throwOnError: true,
      });
    },
    async keepFreshSignIn(cookieHeader, proof) {
      const session = await storage.getSession(cookieHeader);
      session.set("freshSignIn", proof);
      return storage.commitSession(session);
    },
    async freshSignIn(cookieHeader) {
      if (!cookieHeader) return null;
      const proof = freshSignInSchema.safeParse((await storage.getSession(cookieHeader)).get("freshSignIn"));
      return proof.success ? proof.data : null;
    },
    ...(idTokens && {
      async freshSignInFromIdToken(idToken: string) {
        const { uid, provider, authTimeS } = await idTokens.verify(idToken);
        if (provider !== "google" && provider !== "facebook") throw new IdTokenRefused("auth/unsupported-provider");
        return { uid, at: authTimeS * 1000 };
      },
      async signInWithIdToken(idToken: string) {
        const { uid, email, provider } = await idTokens.verify(idToken);
        // Popup sign-in is for the federated providers; a password sign-in goes through our form.
        if (provider !== "google" && provider !== "facebook") throw new IdTokenRefused("auth/unsupported-provider");
        // Idempotent: the records are made only when the account has none (a first sign-in).
        await library.initUser(uid);
        return { uid, email };
      },
    }),
  };
}
