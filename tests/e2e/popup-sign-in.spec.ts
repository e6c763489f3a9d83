/**
 * Popup sign-in (ADR 020) on the production adapters: Firebase's client in the browser against
 * the local Firebase fake speaking the Auth emulator's protocol, firebase-admin verifying the ID
 * token against the same fake. Runs on the remote project only (the only server with Firebase).
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectPlayedThrough, openReady, playThenOpenGooglePopup } from "./support/player";
import { episodes, newestFirst } from "./support/sample";
import { uniqueEmail } from "./support/auth";
import { ACCOUNT_DELETED_TITLE, REAUTH_DONE, REAUTH_FAILED } from "../../app/rules/account-data";

const fakeOrigin = (testInfo: TestInfo) =>
  `http://127.0.0.1:${Number(new URL(String(testInfo.project.use.baseURL)).port) + 3}`;

/** Google's iframe library, as the Firebase client loads it: served by the fake. */
async function fakeGoogleScripts(page: Page, testInfo: TestInfo) {
  const gapi = await (await fetch(`${fakeOrigin(testInfo)}/__gapi.js`)).text();
  await page
    .context()
    .route("https://apis.google.com/js/api.js*", (route) =>
      route.fulfill({ body: gapi, contentType: "text/javascript" }),
    );
}

test("Google popup sign-in: the episode keeps playing on the same audio element, no reload", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await fakeGoogleScripts(page, testInfo);
  page.on("dialog", (d) => void d.accept());
  const episode = newestFirst(episodes)[0]!;
  await openReady(page, "/");
  const { before, popup } = await playThenOpenGooglePopup(page, episode.EpisodeUrl, episode.title);
  await popup.getByLabel("Email").fill(`popup-${Date.now()}@example.com`);
  await popup.getByRole("button", { name: "Sign in with google.com" }).click();

  await expectPlayedThrough(page, episode.EpisodeUrl, before);
  // Our own session: a full page load is signed in too.
  const again = await page.context().newPage();
  await again.goto("/user");
  await expect(again).toHaveURL(/\/user$/);
});

test("ID tokens: a genuine one signs in; forged, expired and other-project ones are refused with no session", async ({
  request,
}, testInfo) => {
  const fake = fakeOrigin(testInfo);
  const base = String(testInfo.project.use.baseURL);
  const headers = { Origin: base, "X-Forwarded-For": "198.51.100.18" };
  // A federated account as the client's popup would leave it.
  const idp = await request.post(`${fake}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`, {
    data: {
      requestUri: `${fake}/emulator/auth/handler?providerId=google.com&id_token=${encodeURIComponent(
        JSON.stringify({ sub: String(Date.now()), email: `tokens-${Date.now()}@example.com`, email_verified: true }),
      )}`,
      returnSecureToken: true,
    },
  });
  const { idToken } = (await idp.json()) as { idToken: string };
  const [, payloadPart] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payloadPart!, "base64url").toString("utf8")) as Record<string, unknown>;
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const unsigned = (c: Record<string, unknown>) => `${part({ alg: "none", typ: "JWT" })}.${part(c)}.`;
  const now = Math.floor(Date.now() / 1000);

  const post = (token: string) =>
    request.post("/auth/firebase", {
      form: { idToken: token, provider: "google", from: "signin", redirectTo: "/user" },
      headers,
      maxRedirects: 0,
    });

  const refused = {
    forged: `${part({ alg: "RS256", kid: "not-google", typ: "JWT" })}.${part(claims)}.${Buffer.from("x".repeat(256)).toString("base64url")}`,
    expired: unsigned({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
    "other project": unsigned({ ...claims, aud: "someone-else", iss: "https://securetoken.google.com/someone-else" }),
    "unknown account": unsigned({ ...claims, sub: "no-such-uid", user_id: "no-such-uid" }),
    junk: "not.a.token",
  };
  for (const [what, token] of Object.entries(refused)) {
    const res = await post(token);
    expect(res.status(), what).toBe(401);
    expect(res.headers()["set-cookie"] ?? "", what).not.toMatch(/hrs_session=[^;]/);
    expect(await res.text(), what).toContain("Error during Google login:");
  }

  const ok = await post(idToken);
  expect(ok.status()).toBe(302);
  expect(ok.headers().location).toBe("/user");
  expect(ok.headers()["set-cookie"]).toMatch(/hrs_session=[^;]/);
});

/** Clicks a Google button, and signs in as `email` in Firebase's popup (closes it instead: null). */
async function inGooglePopup(page: Page, button: string, email: string | null) {
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await opened;
  if (email === null) return popup.close();
  await popup.getByLabel("Email").fill(email);
  await popup.getByRole("button", { name: "Sign in with google.com" }).click();
}

test("a popup account deletes itself by signing in again with Google; another Google account or a closed popup deletes nothing", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await fakeGoogleScripts(page, testInfo);
  page.on("dialog", (d) => void d.accept());
  const email = uniqueEmail("popup-reauth");
  await openReady(page, "/signin");
  await inGooglePopup(page, "Sign in with Google", email);
  await expect(page).not.toHaveURL(/\/signin/);

  await openReady(page, "/user/delete");
  await inGooglePopup(page, "Sign in again with Google", uniqueEmail("popup-stranger"));
  await expect(page.getByRole("alert")).toHaveText(REAUTH_FAILED["wrong-account"]);
  await inGooglePopup(page, "Sign in again with Google", null);
  // Firebase notices a closed popup by polling it.
  await expect(page.getByRole("alert")).toHaveText(REAUTH_FAILED.cancelled, { timeout: 30_000 });
  await expect(page.getByLabel("Your password")).toBeVisible();

  await inGooglePopup(page, "Sign in again with Google", email);
  await expect(page.getByRole("status").filter({ hasText: REAUTH_DONE })).toBeVisible();
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("heading", { level: 1, name: ACCOUNT_DELETED_TITLE })).toBeVisible();
  await page.goto("/user");
  await expect(page).toHaveURL(/\/signin\?/);
});

test("signing in again by ID token: a token signed in long ago is refused as expired, a fresh one of the same account deletes", async ({
  request,
}, testInfo) => {
  const fake = fakeOrigin(testInfo);
  const base = String(testInfo.project.use.baseURL);
  const headers = { Origin: base, "X-Forwarded-For": "198.51.100.19" };
  const sub = `reauth-${Date.now()}`;
  const idp = await request.post(`${fake}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`, {
    data: {
      requestUri: `${fake}/emulator/auth/handler?providerId=google.com&id_token=${encodeURIComponent(
        JSON.stringify({ sub, email: `${sub}@example.com`, email_verified: true }),
      )}`,
      returnSecureToken: true,
    },
  });
  const { idToken } = (await idp.json()) as { idToken: string };
  const post = (token: string, from: string) =>
    request.post("/auth/firebase", {
      form: { idToken: token, provider: "google", from, redirectTo: "/user" },
      headers,
      maxRedirects: 0,
    });
  expect((await post(idToken, "signin")).status()).toBe(302);

  const [head, payload] = idToken.split(".") as [string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  const longAgo = Math.floor(Date.now() / 1000) - 3600;
  const stale = `${head}.${Buffer.from(JSON.stringify({ ...claims, auth_time: longAgo })).toString("base64url")}.`;
  const refused = await post(stale, "reauth");
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toContain(REAUTH_FAILED.expired);
  const early = await request.post("/user/delete", { form: { intent: "fresh-sign-in" }, headers, maxRedirects: 0 });
  expect(early.status()).toBe(401);

  const kept = await post(idToken, "reauth");
  expect(kept.status()).toBe(302);
  expect(kept.headers().location).toBe("/user/delete?result=reauthenticated");
  const deleted = await request.post("/user/delete", { form: { intent: "fresh-sign-in" }, headers, maxRedirects: 0 });
  expect(deleted.status()).toBe(302);
  expect(deleted.headers().location).toBe("/account-deleted");
});
