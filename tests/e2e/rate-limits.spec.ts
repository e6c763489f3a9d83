/**
 * Rate limits in three tiers (auth POSTs, other POSTs, GETs) keyed on the client
 * address behind one trusted proxy hop, answering 429 with the standard RateLimit headers
 * (draft-7: RateLimit + RateLimit-Policy) and Retry-After; throttling of failed sign-ins per
 * account and address. Against the e2e server itself, i.e. the production configuration (NODE_ENV=production,
 * TRUST_PROXY_HOPS=1, the default limits — checked first). HTTP only; runs in one project.
 *
 * Every test takes fresh random client addresses, so a retry in the same server (the limits
 * remember an address for a minute) starts from empty buckets.
 */
import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { parseEnv } from "../../app/config/env.server";
import { SIGN_IN_FAILED, SIGN_IN_FREE_FAILURES, signInDelayS, signInThrottled } from "../../app/rules/auth";
import { PASSWORD, uniqueEmail } from "./support/auth";

/** The limits the e2e server runs: the production defaults (scripts/e2e-server.mjs sets none). */
const LIMITS = (() => {
  const env = parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: "a-production-secret-0123456789",
    SITE_URL: "https://listen.example.org",
  });
  return { auth: env.RATE_LIMIT_AUTH_PER_MIN, post: env.RATE_LIMIT_POST_PER_MIN, get: env.RATE_LIMIT_GET_PER_MIN };
})();
const WINDOW_S = 60;

/** A fresh client address from a documentation range (random: a retry never reuses a bucket). */
const freshAddress = () => {
  const b = crypto.randomBytes(3);
  return `100.${64 + (b[0]! & 63)}.${b[1]}.${b[2]}`;
};

const url = (path: string) => new URL(path, test.info().project.use.baseURL).href;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

async function hit(
  path: string,
  from: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const res = await fetch(url(path), {
    method: init.method ?? (init.form ? "POST" : "GET"),
    redirect: "manual",
    headers: {
      "X-Forwarded-For": from,
      "Accept-Encoding": "gzip",
      ...(init.form ? { "Content-Type": FORM } : {}),
      ...init.headers,
    },
    body: init.form ? form(init.form) : undefined,
  });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body };
}
type Hit = Awaited<ReturnType<typeof hit>>;

/** `count` requests, `concurrency` at a time; the answers in the order they were sent. */
async function flood(count: number, send: () => Promise<Hit>, concurrency = 16): Promise<Hit[]> {
  const answers: Hit[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      answers[i] = await send();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return answers;
}

/** RateLimit: limit=…, remaining=…, reset=… (draft-7) as numbers. */
function rateLimit(h: Hit): { limit: number; remaining: number; reset: number } | null {
  const m = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/.exec(h.headers.get("ratelimit") ?? "");
  return m ? { limit: Number(m[1]), remaining: Number(m[2]), reset: Number(m[3]) } : null;
}

/** A tier used up from one address: exactly `limit` answers pass, counting down to zero. */
function expectUsedUp(answers: Hit[], limit: number) {
  const limited = answers.filter((a) => a.status === 429);
  expect(limited, `none of the first ${limit} requests is limited`).toHaveLength(0);
  const remaining = answers.map((a) => rateLimit(a)?.remaining).sort((a, b) => a! - b!);
  expect(remaining[0], "the last request in the window leaves nothing").toBe(0);
  expect(remaining.at(-1)).toBe(limit - 1);
}

/** The 429: status, standard headers, Retry-After, never cached, the tier's clear message. */
function expectLimited(h: Hit, limit: number, message: RegExp) {
  expect(h.status).toBe(429);
  expect(h.headers.get("ratelimit-policy")).toBe(`${limit};w=${WINDOW_S}`);
  const rl = rateLimit(h);
  expect(rl, `RateLimit header: ${h.headers.get("ratelimit")}`).not.toBeNull();
  expect(rl!.limit).toBe(limit);
  expect(rl!.remaining).toBe(0);
  expect(rl!.reset).toBeGreaterThan(0);
  expect(rl!.reset).toBeLessThanOrEqual(WINDOW_S);
  const retryAfter = Number(h.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
  expect(h.headers.get("cache-control")).toMatch(/no-store/);
  expect(h.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(h.headers.get("set-cookie")).toBeNull();
  expect(h.body).toMatch(message);
}

const AUTH_MESSAGE = /^Too many sign-in attempts from your network\. Please wait a minute and try again\.$/;
const OTHER_MESSAGE = /^Too many requests\. Please slow down and try again in a minute\.$/;
/** The cheapest sign-in attempt: the honeypot filled in (refused before any password check). */
const botSignIn = (from: string) =>
  hit("/signin", from, { form: { email: "bot@example.com", password: "x", website: "http://spam.example" } });

async function signUp(email: string) {
  const r = await hit("/signup", freshAddress(), { form: { email, password: PASSWORD, website: "" } });
  expect(r.status, `sign-up of ${email}`).toBe(302);
}
const signIn = (email: string, from: string, password = PASSWORD) =>
  hit("/signin", from, { form: { email, password, website: "", redirectTo: "/" } });
const sessionCookie = (h: Hit) => h.headers.getSetCookie().find((c) => /^__Host-hrs_session=[^;]/.test(c));

test("the production defaults are finite and on, and the e2e server runs them per tier", async () => {
  for (const [tier, limit] of Object.entries(LIMITS)) {
    expect(Number.isInteger(limit) && limit > 0, `${tier} limit ${limit}`).toBe(true);
  }
  expect(LIMITS.auth).toBeLessThan(LIMITS.post);
  expect(LIMITS.post).toBeLessThan(LIMITS.get);
  const from = freshAddress();
  const page = await hit("/about", from);
  const other = await hit("/api/progress", from, { form: { at: "1" } });
  const auth = await botSignIn(from);
  expect([page.status, other.status, auth.status]).toEqual([200, 401, 401]);
  expect(page.headers.get("ratelimit-policy")).toBe(`${LIMITS.get};w=${WINDOW_S}`);
  expect(other.headers.get("ratelimit-policy")).toBe(`${LIMITS.post};w=${WINDOW_S}`);
  expect(auth.headers.get("ratelimit-policy")).toBe(`${LIMITS.auth};w=${WINDOW_S}`);
  expect(rateLimit(page)).toEqual({ limit: LIMITS.get, remaining: LIMITS.get - 1, reset: expect.any(Number) });
});

test("auth POSTs: over the limit from one address → 429 for sign-in, sign-up and logout, even with the right password; other addresses and tiers unaffected", async () => {
  test.setTimeout(120_000);
  const email = uniqueEmail("rate-auth");
  await signUp(email);
  const from = freshAddress();
  expectUsedUp(await flood(LIMITS.auth, () => botSignIn(from), 5), LIMITS.auth);

  const right = await signIn(email, from);
  expectLimited(right, LIMITS.auth, AUTH_MESSAGE);
  expectLimited(
    await hit("/signup", from, { form: { email: uniqueEmail(), password: PASSWORD, website: "" } }),
    LIMITS.auth,
    AUTH_MESSAGE,
  );
  expectLimited(await hit("/logout", from, { method: "POST" }), LIMITS.auth, AUTH_MESSAGE);
  // Matched case-insensitively, like the routes.
  expectLimited(await hit("/SignIn", from, { form: { email, password: PASSWORD } }), LIMITS.auth, AUTH_MESSAGE);

  // The other tiers of that address still answer normally.
  expect((await hit("/about", from)).status).toBe(200);
  expect((await hit("/api/progress", from, { form: { at: "1" } })).status).toBe(401);
  // Another address signs in.
  const elsewhere = await signIn(email, freshAddress());
  expect(elsewhere.status).toBe(302);
  expect(sessionCookie(elsewhere)).toBeTruthy();
});

test("other POSTs: over the limit from one address → 429 with the headers and a clear message; other addresses and tiers unaffected", async () => {
  test.setTimeout(120_000);
  const from = freshAddress();
  const progress = () => hit("/api/progress", from, { form: { at: "1" } });
  expectUsedUp(await flood(LIMITS.post, progress), LIMITS.post);
  expectLimited(await progress(), LIMITS.post, OTHER_MESSAGE);
  expectLimited(await hit("/favorites", from, { form: { intent: "add", js: "1" } }), LIMITS.post, OTHER_MESSAGE);
  // Methods other than GET and HEAD share the tier.
  expectLimited(await hit("/api/progress", from, { method: "PUT" }), LIMITS.post, OTHER_MESSAGE);

  expect((await botSignIn(from)).status).toBe(401);
  expect((await hit("/about", from)).status).toBe(200);
  expect((await hit("/api/progress", freshAddress(), { form: { at: "1" } })).status).toBe(401);
});

test("GETs: over the limit from one address → 429 for pages and HEAD; other addresses unaffected", async () => {
  test.setTimeout(120_000);
  const from = freshAddress();
  // A page that needs no upstream: the cheapest GET that passes the limiter.
  const page = () => hit("/about", from);
  expectUsedUp(await flood(LIMITS.get, page), LIMITS.get);
  expectLimited(await page(), LIMITS.get, OTHER_MESSAGE);
  expectLimited(await hit("/_root.data", from), LIMITS.get, OTHER_MESSAGE);
  expect((await hit("/about", from, { method: "HEAD" })).status).toBe(429);

  expect((await hit("/about", freshAddress())).status).toBe(200);
  expect((await hit("/api/progress", from, { form: { at: "1" } })).status).toBe(401);
});

test("X-Forwarded-For is trusted one hop only: a spoofed leftmost address does not give a fresh bucket", async () => {
  const proxySaw = freshAddress();
  expectUsedUp(await flood(LIMITS.auth, () => botSignIn(proxySaw), 5), LIMITS.auth);
  // The client sends its own X-Forwarded-For; the proxy appends the address it saw.
  for (const spoofed of [freshAddress(), `${freshAddress()}, ${freshAddress()}`, "127.0.0.1", "unknown"]) {
    const r = await hit("/signin", `${spoofed}, ${proxySaw}`, {
      form: { email: "bot@example.com", password: "x", website: "x" },
    });
    expect(r.status, `X-Forwarded-For: ${spoofed}, ${proxySaw}`).toBe(429);
  }
  // The key is the last hop: the address the proxy appended.
  expect(
    (
      await hit("/signin", `${proxySaw}, ${freshAddress()}`, {
        form: { email: "bot@example.com", password: "x", website: "x" },
      })
    ).status,
  ).toBe(401);
});

test("per-account throttling: failures for one account from one address make that address wait (429, Retry-After), unchecked; the owner from another address signs in", async () => {
  test.setTimeout(120_000);
  const target = uniqueEmail("throttled");
  await signUp(target);
  const from = freshAddress();
  for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
    const f = await signIn(target, from, `wrong password, attempt ${i}`);
    expect(f.status).toBe(401);
    expect(f.body).toContain(SIGN_IN_FAILED);
  }
  const wait = signInDelayS(SIGN_IN_FREE_FAILURES);
  const refused = [await signIn(target, from), await signIn(`  ${target.toUpperCase()} `, from)];
  for (const r of refused) {
    expect(r.status, "the right password is not even checked from there").toBe(429);
    // Counted from the last failure (a slow answer leaves a little less of it).
    const retryAfter = Number(r.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(wait);
    expect(r.headers.get("cache-control")).toMatch(/no-store/);
    expect(r.body).toContain(signInThrottled(retryAfter));
    expect(sessionCookie(r)).toBeUndefined();
  }
  // The owner, anywhere else, is not locked out.
  const owner = await signIn(target, freshAddress());
  expect(owner.status).toBe(302);
  expect(sessionCookie(owner)).toBeTruthy();
});
