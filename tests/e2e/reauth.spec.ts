/**
 * Deleting an account by signing in again with Google instead of a password (ADR 052), on the
 * embedded default's server-side Google flow: a private server whose Google OAuth server is the
 * local fake of scripts/fakes/upstreams.mjs. With JS the flow runs in a popup window; without,
 * it is the redirect flow. The Firebase popup's version is in popup-sign-in.spec.ts (remote).
 */
import { expect, test, type Page } from "@playwright/test";
import { startWithGoogleFake, type AppServer } from "./support/app-server";
import { clientAddress, uniqueEmail } from "./support/auth";
import { ACCOUNT_DELETED_TITLE, DELETE_MY_ACCOUNT, REAUTH_DONE, REAUTH_FAILED } from "../../app/rules/account-data";
import { seriousViolations } from "./support/axe";

interface Upstreams {
  origin: string;
  smtpUrl: string;
  close(): void;
}

let upstreams: Upstreams;
let server: AppServer;

// One private server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  ({ upstreams, server } = await startWithGoogleFake("reauth", (u) => ({
    SMTP_URL: u.smtpUrl,
    MAIL_FROM: "The Ham Radio Show <no-reply@127.0.0.1>",
  })));
});

test.afterAll(async () => {
  await server?.stop();
  upstreams?.close();
});

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * Clicks a Google button and answers the fake's account chooser with `email` (or cancels there):
 * in the popup window with JavaScript, in the page itself without.
 */
async function atGoogle(page: Page, button: string, email: string, answer: "Continue" | "Cancel" = "Continue") {
  if (!withJs()) {
    await page.getByRole("button", { name: button }).click();
    await expect(page).toHaveTitle("Sign in - Google Accounts");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: answer }).click();
    return null;
  }
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await opened;
  await popup.getByLabel("Email").fill(email);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: answer }).click();
  await closed;
  return popup;
}

/** Back on this site, past the sign-in page (not on the provider's pages on the way). */
const signedInPage = () => new RegExp(`^${server.origin}/(?!signin)`);

async function open(page: Page, path: string) {
  await page.goto(server.origin + path);
  if (withJs()) await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
}

/** A new account made by signing in with Google; ends on its delete page. */
async function googleListener(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("hrs-analytics-consent", "denied"));
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  const email = uniqueEmail("reauth");
  await open(page, "/signin");
  await atGoogle(page, "Sign in with Google", email);
  await expect(page).toHaveURL(signedInPage());
  await open(page, "/user/delete");
  await expect(page.getByRole("heading", { level: 1, name: DELETE_MY_ACCOUNT })).toBeVisible();
  return email;
}

/** Axe's serious and critical findings on the page as it is (JavaScript runs it: with JS only). */
const seriousViolationsWithJs = async (page: Page) => (withJs() ? seriousViolations(page) : []);

const mailsTo = async (email: string) =>
  (await (await fetch(`${upstreams.origin}/__mail?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];

test("a Google account without a password deletes itself by signing in again with the same Google account", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = await googleListener(page);
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  const asked: URL[] = [];
  page.context().on("request", (r) => void (r.url().includes("/o/oauth2/v2/auth") && asked.push(new URL(r.url()))));
  await atGoogle(page, "Sign in again with Google", email);
  // Google was asked to sign the listener in anew, not to reuse its session silently.
  expect(asked.map((u) => [u.searchParams.get("prompt"), u.searchParams.get("max_age")])).toEqual([
    ["select_account", "0"],
  ]);
  // Back on the delete page: the popup window reports to it, the redirect flow lands there.
  await expect(page).toHaveURL(/\/user\/delete(\?result=reauthenticated)?$/);
  await expect(page.getByRole("status").filter({ hasText: REAUTH_DONE })).toBeVisible();
  await expect(page.getByLabel("Your password")).toHaveCount(0);
  expect(await seriousViolationsWithJs(page)).toEqual([]);
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("heading", { level: 1, name: ACCOUNT_DELETED_TITLE })).toBeVisible();
  await page.goto(`${server.origin}/user`);
  await expect(page).toHaveURL(/\/signin\?/);
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject))
    .toContain("Your account was deleted — The Ham Radio Show");
});

test("signing in again with another Google account, or cancelling, deletes nothing and says why", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === "mobile-375",
    "the same flow; the screens at 375 px are checked by the test above",
  );
  test.setTimeout(60_000);
  await googleListener(page);
  await atGoogle(page, "Sign in again with Google", uniqueEmail("someone-else"));
  await expect(page.getByRole("alert")).toHaveText(REAUTH_FAILED["wrong-account"]);
  await expect(page.getByLabel("Your password")).toBeVisible();
  expect(await seriousViolationsWithJs(page)).toEqual([]);

  await open(page, "/user/delete");
  await atGoogle(page, "Sign in again with Google", uniqueEmail("cancelling"), "Cancel");
  await expect(page.getByRole("alert")).toHaveText(REAUTH_FAILED.cancelled);

  // Nothing was kept for the delete: without a fresh sign-in it is refused, the account stays.
  const refused = await page.request.post(`${server.origin}/user/delete`, {
    form: { intent: "fresh-sign-in" },
    headers: { Origin: server.origin },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toContain(REAUTH_FAILED.none);
  await open(page, "/user");
  await expect(page.getByRole("heading", { level: 1, name: /^H\.O\.F: / })).toBeVisible();
});

test("the fresh sign-in belongs to the browser session it was made in: another device of the account cannot use it", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-js", "a server rule: once");
  test.setTimeout(60_000);
  const email = await googleListener(page);
  const other = await browser.newContext({ javaScriptEnabled: withJs() });
  const elsewhere = await other.newPage();
  await open(elsewhere, "/signin");
  await atGoogle(elsewhere, "Sign in with Google", email);
  await expect(elsewhere).toHaveURL(signedInPage());

  await atGoogle(page, "Sign in again with Google", email);
  await expect(page.getByRole("status").filter({ hasText: REAUTH_DONE })).toBeVisible();
  const refused = await elsewhere.request.post(`${server.origin}/user/delete`, {
    form: { intent: "fresh-sign-in" },
    headers: { Origin: server.origin },
  });
  expect(refused.status()).toBe(401);
  await open(elsewhere, "/user/delete");
  await expect(elsewhere.getByLabel("Your password")).toBeVisible();
  await other.close();
});
