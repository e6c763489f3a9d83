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
  const accounts = createSqliteAccounts(db, createPasswords(10));
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
