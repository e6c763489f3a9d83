/**
 * Popup sign-in (ADR 020) on the production adapters: Firebase's client in the browser against
 * the local Firebase fake speaking the Auth emulator's protocol, firebase-admin verifying the ID
 * token against the same fake. Runs on the remote project only (the only server with Firebase).
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectPlayedThrough, openReady, playThenOpenGooglePopup } from "./support/player";
import { episodes, newestFirst } from "./support/sample";

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
