import { createCookie, createSessionStorage, redirect, type AppLoadContext, type Session } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import { OAuth2Strategy, type OAuth2Profile, type OAuth2StrategyVerifyParams } from "remix-auth-oauth2";
import type { StrategyVerifyCallback } from "remix-auth";
import { z } from "zod";
import { AccountError, type Accounts, type AccountUser, type Library, type ProviderProfile } from "./accounts.server";
import {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_FAILURE_WINDOW_MS,
  EMAIL_MAX,
  PASSWORD_MAX,
  SESSION_MAX_AGE_S,
  SIGN_IN_FAILED,
  SIGN_IN_THROTTLED,
  SIGN_IN_UNAVAILABLE,
} from "~/rules/auth";

/** Where sessions are kept (implemented by an adapter). */
export interface SessionStore {
  create(data: unknown, expires: Date | undefined): Promise<string>;
  read(id: string): Promise<unknown | null>;
  update(id: string, data: unknown, expires: Date | undefined): Promise<void>;
  delete(id: string): Promise<void>;
  deleteForUser(uid: string): Promise<void>;
}

/** Failed sign-in attempts per account, for the lockout (implemented by an adapter). */
export interface FailureLog {
  count(account: string, sinceMs: number): Promise<number>;
  record(account: string): Promise<void>;
  clear(account: string): Promise<void>;
}

export type SessionUser = AccountUser;
export type OAuthProvider = "google" | "facebook";

export interface AuthConfig {
  production: boolean;
  secrets: string[];
  siteUrl: string | undefined;
  google?: { clientId: string; clientSecret: string };
  facebook?: { clientId: string; clientSecret: string };
}

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
        authorizationURL: "https://www.facebook.com/v19.0/dialog/oauth",
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
  /** The signed-in user of a request's cookie, or null (a revoked or forged cookie is null). */
  userFromCookie(cookieHeader: string | null): Promise<SessionUser | null>;
  /** Set-Cookie for a brand-new session holding the user (the old session id is never reused). */
  startSession(user: SessionUser, previousCookie: string | null): Promise<string>;
  /** Revokes the session server-side and returns the Set-Cookie that clears it. */
  endSession(cookieHeader: string | null): Promise<string>;
  signInWithPassword(form: FormData): Promise<SessionUser>;
  /** Starts (redirect to provider) or completes (returns user) an OAuth flow. */
  oauth(provider: OAuthProvider, request: Request): Promise<SessionUser>;
  providers: { google: boolean; facebook: boolean };
}

export function createAuth(deps: {
  accounts: Accounts;
  library: Library;
  sessions: SessionStore;
  failures: FailureLog;
  config: AuthConfig;
}): Auth {
  const { accounts, library, sessions, failures, config } = deps;
  const cookie = createCookie(config.production ? "__Host-hrs_session" : "hrs_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.production,
    path: "/",
    maxAge: SESSION_MAX_AGE_S,
    secrets: config.secrets,
  });
  const storage = createSessionStorage({
    cookie,
    createData: (data, expires) => sessions.create(data, expires),
    readData: (id) => sessions.read(id) as Promise<Record<string, unknown> | null>,
    updateData: (id, data, expires) => sessions.update(id, data, expires),
    deleteData: (id) => sessions.delete(id),
  });
  const authenticator = new Authenticator<SessionUser>(storage, { sessionKey: "user", throwOnError: true });

  authenticator.use(
    new FormStrategy<SessionUser>(async ({ form }) => {
      const parsed = credentialsSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) throw new AuthorizationError(SIGN_IN_FAILED);
      const account = parsed.data.email.trim().toLowerCase();
      try {
        if ((await failures.count(account, Date.now() - ACCOUNT_FAILURE_WINDOW_MS)) >= ACCOUNT_FAILURE_LIMIT) {
          throw new AuthorizationError(SIGN_IN_THROTTLED);
        }
        const user = await accounts.signIn(parsed.data.email, parsed.data.password);
        await failures.clear(account);
        return user;
      } catch (error) {
        if (error instanceof AuthorizationError) throw error;
        if (AccountError.is(error)) {
          await failures.record(account);
          throw new AuthorizationError(SIGN_IN_FAILED);
        }
        // The accounts service or the failure log failed (down, timed out, junk): logged; the
        // listener is told so, never the raw error.
        console.error("[signin] accounts service failed:", error instanceof Error ? error.message : error);
        throw new AuthorizationError(SIGN_IN_UNAVAILABLE);
      }
    }),
    "form",
  );

  const fromProvider = async (profile: ProviderProfile): Promise<SessionUser> => {
    const { user, created } = await accounts.signInWithProvider(profile);
    if (created) await library.initUser(user.uid);
    return user;
  };
  const callbackURL = (provider: OAuthProvider) =>
    config.siteUrl ? new URL(`/auth/${provider}/callback`, config.siteUrl).href : `/auth/${provider}/callback`;

  if (config.google) {
    authenticator.use(
      new GoogleStrategy(
        {
          clientID: config.google.clientId,
          clientSecret: config.google.clientSecret,
          callbackURL: callbackURL("google"),
        },
        async ({ profile }) => {
          const raw = profile._json as { sub?: string; email?: string; email_verified?: boolean | string };
          return fromProvider({
            provider: "google",
            subject: String(raw.sub ?? profile.id),
            email: raw.email ?? null,
            emailVerified: raw.email_verified === true || raw.email_verified === "true",
          });
        },
      ),
      "google",
    );
  }
  if (config.facebook) {
    authenticator.use(
      new FacebookStrategy<SessionUser>(
        {
          clientID: config.facebook.clientId,
          clientSecret: config.facebook.clientSecret,
          callbackURL: callbackURL("facebook"),
        },
        // Facebook does not say whether an email is verified: never link an existing account by it.
        async ({ profile }) =>
          fromProvider({
            provider: "facebook",
            subject: String(profile.id),
            email: profile.emails?.[0]?.value ?? null,
            emailVerified: false,
          }),
      ),
      "facebook",
    );
  }

  const sessionUser = (session: Session): SessionUser | null => {
    const r = z
      .object({ uid: z.string().min(1).max(128), email: z.string().nullable() })
      .safeParse(session.get("user"));
    return r.success ? r.data : null;
  };

  return {
    providers: { google: Boolean(config.google), facebook: Boolean(config.facebook) },
    async userFromCookie(cookieHeader) {
      if (!cookieHeader) return null;
      try {
        return sessionUser(await storage.getSession(cookieHeader));
      } catch {
        return null;
      }
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
    async signInWithPassword(form) {
      const request = new Request("http://internal/signin", { method: "POST" });
      return authenticator.authenticate("form", request, {
        context: { formData: form } as unknown as AppLoadContext,
        throwOnError: true,
      });
    },
    async oauth(provider, request) {
      if (!this.providers[provider]) throw redirect("/signin");
      return authenticator.authenticate(provider, request, { throwOnError: true });
    },
  };
}
