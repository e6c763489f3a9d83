import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createPasswords } from "~/services/password.server";
import { createSqliteFailureLog, createSqliteSessionStore } from "~/adapters/sqlite/sessions.server";
import { createAuth } from "~/services/auth.server";
import { completeOAuth, startOAuth } from "~/route-support/oauth-flow.server";
import { createAccountData } from "~/services/account-data.server";

/**
 * Google and Facebook sign-in, crafted-callback style: the real strategies run; the provider's
 * token and userinfo endpoints are intercepted.
 */
vi.setConfig({ testTimeout: 60_000 });

let dir: string;
let db: Db;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-oauth-"));
  db = openDatabase(dir);
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.unstubAllGlobals());

const SITE = "https://listen.example";
function setup() {
  const accounts = createSqliteAccounts(db, createPasswords());
  const library = createSqliteLibrary(db);
  const auth = createAuth({
    accounts,
    library,
    sessions: createSqliteSessionStore(db, 3600_000),
    failures: createSqliteFailureLog(db),
    config: {
      secureCookies: true,
      secrets: ["oauth-secret-0123456789abcdef"],
      siteUrl: SITE,
      google: { clientId: "gid", clientSecret: "gsecret" },
      facebook: { clientId: "fid", clientSecret: "fsecret" },
    },
  });
  const context = {
    services: { auth, accounts, library },
    cspNonce: "",
    user: async () => null,
  } as unknown as AppLoadContext;
  return { auth, accounts, library, context };
}

const cookiesOf = (res: Response) =>
  (res.headers.get("Set-Cookie") ?? "")
    .split(/,(?=\s*[A-Za-z0-9_-]+=)/)
    .map((c) => c.split(";")[0]!.trim())
    .filter(Boolean)
    .join("; ");

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (r) {
    if (r instanceof Response) return r;
    throw r;
  }
  throw new Error("expected a thrown Response");
}

async function begin(provider: "google" | "facebook", from: "signin" | "signup") {
  const { context, ...rest } = setup();
  const body = new FormData();
  body.set("from", from);
  body.set("redirectTo", "/era?station=MLR");
  const res = await thrown(
    startOAuth(provider, new Request(`${SITE}/auth/${provider}`, { method: "POST" }), body, context),
  );
  const location = new URL(res.headers.get("Location")!);
  return { res, location, cookie: cookiesOf(res), context, ...rest };
}

function stubProvider(userinfo: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(url);
    if (/oauth2\.googleapis\.com\/token|graph\.facebook\.com\/v19\.0\/oauth\/access_token/.test(url)) {
      return new Response(JSON.stringify({ access_token: "at-1", token_type: "Bearer", expires_in: 3600 }), {
        headers: { "Content-Type": "application/json" },
      });
    }
    if (/googleapis\.com\/oauth2\/v3\/userinfo|graph\.facebook\.com\/me/.test(url)) {
      return new Response(JSON.stringify(userinfo), { headers: { "Content-Type": "application/json" } });
    }
    return new Response("not found", { status: 404 });
  });
  return calls;
}

describe("Google sign-in (server-side redirect flow)", () => {
  it("redirects to Google with a state, then a callback with that state starts our session", async () => {
    const { location, cookie, context, auth } = await begin("google", "signin");
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("redirect_uri")).toBe(`${SITE}/auth/google/callback`);
    const state = location.searchParams.get("state")!;
    expect(state).toBeTruthy();
    const calls = stubProvider({ sub: "google-sub-1", email: "g1@example.com", email_verified: true, name: "G" });
    const res = await thrown(
      completeOAuth(
        "google",
        new Request(`${SITE}/auth/google/callback?code=abc&state=${state}`, { headers: { Cookie: cookie } }),
        context,
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/era?station=MLR");
    expect(calls.some((u) => u.includes("userinfo"))).toBe(true);
    const session = cookiesOf(res)
      .split("; ")
      .find((c) => c.startsWith("__Host-hrs_session="))!;
    expect((await auth.userFromCookie(session))?.email).toBe("g1@example.com");
  });

  it("Google sign-up goes to / (docs/product.md §4)", async () => {
    const { location, cookie, context } = await begin("google", "signup");
    stubProvider({ sub: "google-sub-2", email: "g2@example.com", email_verified: true });
    const res = await thrown(
      completeOAuth(
        "google",
        new Request(`${SITE}/auth/google/callback?code=abc&state=${location.searchParams.get("state")}`, {
          headers: { Cookie: cookie },
        }),
        context,
      ),
    );
    expect(res.headers.get("Location")).toBe("/");
  });

  it("a wrong state creates no session and goes back with the Google error", async () => {
    const { cookie, context } = await begin("google", "signup");
    const calls = stubProvider({ sub: "google-sub-3", email: "g3@example.com", email_verified: true });
    const res = await thrown(
      completeOAuth(
        "google",
        new Request(`${SITE}/auth/google/callback?code=abc&state=forged`, { headers: { Cookie: cookie } }),
        context,
      ),
    );
    expect(res.headers.get("Location")).toBe("/signup?error=google-failed");
    expect(res.headers.get("Set-Cookie") ?? "").not.toMatch(/__Host-hrs_session=[^;]+;/);
    expect(calls).toHaveLength(0);
  });

  it("a callback without the flow's session cookie creates no session", async () => {
    const { location, context } = await begin("google", "signin");
    stubProvider({ sub: "google-sub-4", email: "g4@example.com", email_verified: true });
    const res = await thrown(
      completeOAuth(
        "google",
        new Request(`${SITE}/auth/google/callback?code=abc&state=${location.searchParams.get("state")}`),
        context,
      ),
    );
    expect(res.headers.get("Location")).toBe("/signin?error=google-failed");
  });
});

describe("a provider sign-in that cleared a password (a Firebase account, say)", () => {
  it("signs every session of that account out before the new one starts", async () => {
    const sessions = createSqliteSessionStore(db, 3600_000);
    const squatter = await sessions.create(
      { user: { uid: "ClearedPasswordAccount0000001", email: "v@example.com" } },
      undefined,
    );
    const { context, auth } = setup();
    const accounts = {
      ...context.services.accounts,
      signInWithProvider: async () => ({
        user: { uid: "ClearedPasswordAccount0000001", email: "v@example.com" },
        created: false,
        passwordCleared: true,
      }),
    };
    const cleared = createAuth({
      accounts,
      library: context.services.library,
      sessions,
      failures: createSqliteFailureLog(db),
      config: {
        secureCookies: true,
        secrets: ["oauth-secret-0123456789abcdef"],
        siteUrl: SITE,
        google: { clientId: "gid", clientSecret: "gsecret" },
      },
    });
    const ctx = { ...context, services: { ...context.services, auth: cleared, accounts } } as AppLoadContext;
    const body = new FormData();
    body.set("from", "signin");
    body.set("redirectTo", "/");
    const start = await thrown(startOAuth("google", new Request(`${SITE}/auth/google`, { method: "POST" }), body, ctx));
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    stubProvider({ sub: "google-sub-cleared", email: "v@example.com", email_verified: true });
    const res = await thrown(
      completeOAuth(
        "google",
        new Request(`${SITE}/auth/google/callback?code=abc&state=${state}`, { headers: { Cookie: cookiesOf(start) } }),
        ctx,
      ),
    );
    expect(res.status).toBe(302);
    expect(await sessions.read(squatter)).toBeNull();
    const session = cookiesOf(res)
      .split("; ")
      .find((c) => c.startsWith("__Host-hrs_session="))!;
    expect((await auth.userFromCookie(session))?.uid).toBe("ClearedPasswordAccount0000001");
  });
});

describe("Facebook sign-in (OAuth2Strategy subclass)", () => {
  it("completes and never links an existing account by its (unverified) email", async () => {
    const { location, cookie, context, accounts } = await begin("facebook", "signin");
    expect(location.origin + location.pathname).toBe("https://www.facebook.com/v19.0/dialog/oauth");
    await accounts.signUp("taken@example.com", "taken password");
    stubProvider({ id: "fb-1", name: "F", email: "taken@example.com" });
    const res = await thrown(
      completeOAuth(
        "facebook",
        new Request(`${SITE}/auth/facebook/callback?code=abc&state=${location.searchParams.get("state")}`, {
          headers: { Cookie: cookie },
        }),
        context,
      ),
    );
    expect(res.headers.get("Location")).toBe("/signin?error=facebook-account-exists");

    const second = await begin("facebook", "signin");
    stubProvider({ id: "fb-2", name: "F2", email: "fresh-fb@example.com" });
    const ok = await thrown(
      completeOAuth(
        "facebook",
        new Request(`${SITE}/auth/facebook/callback?code=abc&state=${second.location.searchParams.get("state")}`, {
          headers: { Cookie: second.cookie },
        }),
        second.context,
      ),
    );
    expect(ok.headers.get("Location")).toBe("/era?station=MLR");
  });
});

describe("signing in again with Google to confirm a deletion (ADR 052)", () => {
  /** A Google account signed in (its session cookie), and a context whose `user` is that session's. */
  async function signedInWithGoogle(subject: string) {
    const { auth, accounts, library } = setup();
    const { user } = await accounts.signInWithProvider({
      provider: "google",
      subject,
      email: `${subject}@example.com`,
      emailVerified: true,
    });
    const session = (await auth.startSession(user, null)).split(";")[0]!;
    const accountData = createAccountData({
      accounts,
      auth,
      sessions: { deleteForUser: async () => {} },
      failures: { clearAccount: async () => {} },
      accountEmail: { accountDeleted: async () => {} },
      stores: [],
    });
    const context = {
      services: { auth, accounts, library, accountData },
      cspNonce: "",
      user: () => auth.userFromCookie(session),
    } as unknown as AppLoadContext;
    return { auth, accounts, accountData, context, session, user };
  }
  async function again(ctx: Awaited<ReturnType<typeof signedInWithGoogle>>, popup = false) {
    const body = new FormData();
    body.set("from", "reauth");
    body.set("redirectTo", "/elsewhere");
    if (popup) body.set("popup", "1");
    const res = await thrown(
      startOAuth(
        "google",
        new Request(`${SITE}/auth/google`, { method: "POST", headers: { Cookie: ctx.session } }),
        body,
        ctx.context,
      ),
    );
    const location = new URL(res.headers.get("Location")!);
    const callback = (query: string) =>
      thrown(
        completeOAuth(
          "google",
          new Request(`${SITE}/auth/google/callback?${query}&state=${location.searchParams.get("state")}`, {
            headers: { Cookie: `${ctx.session}; ${cookiesOf(res)}` },
          }),
          ctx.context,
        ),
      );
    return { location, callback };
  }
  const idToken = (claims: Record<string, unknown>) =>
    `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
  function stubGoogle(userinfo: Record<string, unknown>, id_token?: string) {
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes("oauth2.googleapis.com/token"))
        return Response.json({ access_token: "at-1", token_type: "Bearer", expires_in: 3600, id_token });
      if (url.includes("/oauth2/v3/userinfo")) return Response.json(userinfo);
      return new Response("not found", { status: 404 });
    });
  }

  it("asks Google to sign the listener in anew, keeps the proof in the same session, and lands on the delete page", async () => {
    const ctx = await signedInWithGoogle("reauth-same");
    const { location, callback } = await again(ctx);
    expect(location.searchParams.get("prompt")).toBe("select_account");
    expect(location.searchParams.get("max_age")).toBe("0");
    const authTime = Math.floor(Date.now() / 1000) - 30;
    stubGoogle(
      { sub: "reauth-same", email: "reauth-same@example.com" },
      idToken({ sub: "reauth-same", auth_time: authTime }),
    );
    const res = await callback("code=abc");
    expect(res.headers.get("Location")).toBe("/user/delete?result=reauthenticated");
    // The same session, now holding the proof: no new session was started.
    expect(res.headers.get("Set-Cookie")).toContain(ctx.session);
    expect(await ctx.auth.freshSignIn(ctx.session)).toEqual({ uid: ctx.user.uid, at: authTime * 1000 });
    expect(await ctx.accountData.freshSignInVerdict(ctx.user, ctx.session)).toBe("ok");
  });

  it("another Google account is refused and never made an account; a cancel and a stale sign-in say so; nothing is kept", async () => {
    const ctx = await signedInWithGoogle("reauth-owner");
    const other = await again(ctx);
    stubGoogle({ sub: "reauth-stranger", email: "stranger@example.com" });
    expect((await other.callback("code=abc")).headers.get("Location")).toBe("/user/delete?result=reauth-wrong-account");
    expect(await ctx.accounts.accountOfIdentity("google", "reauth-stranger")).toBeNull();

    const cancelled = await again(ctx, true);
    expect((await cancelled.callback("error=access_denied")).headers.get("Location")).toBe(
      "/auth/popup?result=reauth-cancelled&to=%2Fuser%2Fdelete",
    );

    const stale = await again(ctx);
    stubGoogle({ sub: "reauth-owner" }, idToken({ auth_time: Math.floor(Date.now() / 1000) - 3600 }));
    expect((await stale.callback("code=abc")).headers.get("Location")).toBe("/user/delete?result=reauth-expired");
    expect(await ctx.auth.freshSignIn(ctx.session)).toBeNull();
    expect(await ctx.accountData.freshSignInVerdict(ctx.user, ctx.session)).toBe("none");
  });

  it("Facebook is asked to sign the listener in anew too, and an account found by its identity only", async () => {
    const ctx = await signedInWithGoogle("reauth-fb");
    await ctx.accounts.signInWithProvider({
      provider: "facebook",
      subject: "fb-reauth",
      email: null,
      emailVerified: false,
    });
    const body = new FormData();
    body.set("from", "reauth");
    const start = await thrown(
      startOAuth(
        "facebook",
        new Request(`${SITE}/auth/facebook`, { method: "POST", headers: { Cookie: ctx.session } }),
        body,
        ctx.context,
      ),
    );
    const location = new URL(start.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe("https://www.facebook.com/v19.0/dialog/oauth");
    expect(location.searchParams.get("auth_type")).toBe("reauthenticate");
    stubProvider({ id: "fb-reauth", name: "F" });
    const res = await thrown(
      completeOAuth(
        "facebook",
        new Request(`${SITE}/auth/facebook/callback?code=abc&state=${location.searchParams.get("state")}`, {
          headers: { Cookie: `${ctx.session}; ${cookiesOf(start)}` },
        }),
        ctx.context,
      ),
    );
    // That Facebook identity made an account of its own: it is not this Google account's.
    expect(res.headers.get("Location")).toBe("/user/delete?result=reauth-wrong-account");
  });

  it("without an ID token the time the code was exchanged counts; signed out, the flow goes to sign-in first", async () => {
    const ctx = await signedInWithGoogle("reauth-plain");
    const { callback } = await again(ctx);
    stubGoogle({ sub: "reauth-plain" });
    const before = Date.now();
    await callback("code=abc");
    expect((await ctx.auth.freshSignIn(ctx.session))!.at).toBeGreaterThanOrEqual(before);

    const body = new FormData();
    body.set("from", "reauth");
    const res = await thrown(
      startOAuth("google", new Request(`${SITE}/auth/google`, { method: "POST" }), body, setup().context),
    );
    expect(res.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser%2Fdelete");
  });
});
