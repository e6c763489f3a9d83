import { expect, type APIResponse, type Page } from "@playwright/test";
import crypto from "node:crypto";

export const PASSWORD = "correct horse battery staple";

export function uniqueEmail(prefix = "listener"): string {
  return `${prefix}-${crypto.randomBytes(6).toString("hex")}@example.com`;
}

/** A client address of its own behind the trusted proxy (rate limits count per address). */
export function clientAddress(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Act as a distinct listener (own client address behind the trusted proxy), as real users are. */
export async function asListener(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
}

/** docs/product.md §8 "Sign-up success: alert saying the user is all set and should now log in". */
export const SIGN_UP_SUCCESS = "You're all set! Now log in with your new account.";
/** The same with the confirmation mail sent (this server prints its mails): where to look next. */
export const SIGN_UP_SUCCESS_CHECK_INBOX =
  "You're all set! Check your inbox for the link that confirms your address. Now log in with your new account.";

/** Sign up through the real form (works with or without JS); ends on /signin with the success message. */
export async function signUp(
  page: Page,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<{ email: string; password: string }> {
  await asListener(page);
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/signin/, { timeout: 30_000 });
  await expect(
    page.getByRole("status").filter({ hasText: /You're all set! .*Now log in with your new account\./ }),
  ).toBeVisible();
  return { email, password };
}

/** Sign in through the real form; ends wherever redirectTo pointed (default /). */
export async function signIn(page: Page, email: string, password = PASSWORD, redirectTo?: string): Promise<void> {
  await page.goto(redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 30_000 });
}

/** A fresh account, signed in. */
export async function signedIn(page: Page): Promise<{ email: string; password: string }> {
  const account = await signUp(page);
  await signIn(page, account.email, account.password);
  return account;
}

/**
 * A new listener signed up and in through the real forms by plain HTTP, without a browser:
 * same-origin POSTs from a client address of its own. Returns the session Cookie header.
 */
export async function signedInCookie(origin: string, prefix = "listener"): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(prefix);
  const headers = { Origin: origin, "X-Forwarded-For": clientAddress() };
  const post = (path: string, fields: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ email, password: PASSWORD, website: "", ...fields }),
      redirect: "manual",
    });
  const up = await post("/signup");
  expect([302, 303], `sign-up of ${email}`).toContain(up.status);
  const inn = await post("/signin", { redirectTo: "/" });
  const cookie = inn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => /^(__Host-)?hrs_session=/.test(c));
  expect(cookie, `sign-in sets the session cookie (HTTP ${inn.status})`).toBeTruthy();
  return { email, cookie: cookie! };
}

/** The session cookie (name=value) an HTTP answer sets, if any. */
export function sessionCookieOf(response: APIResponse): string | undefined {
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value.split(";")[0]!)
    .find((c) => /^(__Host-)?hrs_session=/.test(c));
}

/** Saves a listening position for the signed-in listener of `page`, as the player's progress sync does. */
export async function saveProgress(
  page: Page,
  episode: { title: string; EpisodeUrl: string; EpisodeDuration: number },
  seconds: number,
): Promise<void> {
  const res = await page.request.post("/api/progress", {
    data: {
      AudioTitle: episode.title,
      AudioSrc: episode.EpisodeUrl,
      Duration: episode.EpisodeDuration,
      currentTime: seconds,
      at: Date.now(),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}
