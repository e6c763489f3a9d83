/**
 * "My data" (ADR 035): /user downloads the listener's data as a JSON file, and deletes the account
 * once its password is given. With JS, without it, at 375 px and on the production adapters.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signedIn } from "./support/auth";
import { mailsTo } from "./support/mail";
import { episodes, newestFirst } from "./support/sample";
import {
  ACCOUNT_DELETED_TITLE,
  DELETE_MY_ACCOUNT,
  DELETE_WRONG_PASSWORD,
  DOWNLOAD_MY_DATA,
  FRESH_SIGN_IN_WINDOW_S,
  MY_DATA_FILE_NAME,
} from "../../app/rules/account-data";
import { SIGN_IN_FAILED } from "../../app/rules/auth";
import { SIGNED_OUT_NOTICE } from "../../app/player/machine";
import { seriousViolations } from "./support/axe";

const episode = newestFirst(episodes)[0]!;

/** A signed-in listener with one favorite (kept through the form every heart posts). */
async function listenerWithFavorite(page: Page) {
  const account = await signedIn(page);
  const res = await page.request.post("/favorites", {
    form: { intent: "add", audioSrc: episode.EpisodeUrl, title: episode.title, duration: "60", js: "1" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

const deletePage = async (page: Page) => {
  await page.goto("/user");
  await page.getByRole("link", { name: DELETE_MY_ACCOUNT }).click();
  await expect(page.getByRole("heading", { level: 1, name: DELETE_MY_ACCOUNT })).toBeVisible();
};

test("Download my data gives a JSON file with the account and its favorite, never the password", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === "mobile-375",
    "the same link and file at 375 px: the axe test below covers that layout",
  );
  const { email } = await listenerWithFavorite(page);
  await page.goto("/user");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: DOWNLOAD_MY_DATA }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(MY_DATA_FILE_NAME);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const data = JSON.parse(text) as { account: { email: string }; library: { favorites: { audioSrc: string }[] } };
  expect(data.account.email).toBe(email);
  expect(data.library.favorites.map((f) => f.audioSrc)).toEqual([episode.EpisodeUrl]);
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toMatch(/scrypt/);

  const res = await page.request.get("/user/data", { maxRedirects: 0 });
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  expect(res.headers()["content-disposition"]).toBe(`attachment; filename="${MY_DATA_FILE_NAME}"`);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
});

test("a wrong password deletes nothing; the right one deletes the account, signs out and voids the old cookie", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile-375", "the same forms at 375 px: the axe test below covers that layout");
  const { email } = await listenerWithFavorite(page);
  await deletePage(page);
  await page.getByLabel("Your password").fill("not my password at all");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("alert")).toHaveText(DELETE_WRONG_PASSWORD);
  await page.goto("/user");
  await expect(page.getByRole("heading", { level: 1, name: /^H\.O\.F: / })).toBeVisible();
  await expect(page.getByRole("list", { name: "My Favorites" }).getByRole("listitem")).toHaveCount(1);

  const oldCookies = await page.context().cookies();
  await deletePage(page);
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { level: 1, name: ACCOUNT_DELETED_TITLE })).toBeVisible();
  // Ended like a Log Out: no "signed out elsewhere" notice.
  await expect(page.getByText(SIGNED_OUT_NOTICE)).toHaveCount(0);
  await page.goto("/user");
  await expect(page).toHaveURL(/\/signin\?/);

  // The cookie the browser held before is worth nothing now.
  await page.context().addCookies(oldCookies);
  await page.goto("/user");
  await expect(page).toHaveURL(/\/signin\?/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(SIGN_IN_FAILED).first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);

  await expect
    .poll(async () => (await mailsTo(baseURL!, email)).map((m) => m.subject))
    .toContain("Your account was deleted — The Ham Radio Show");
});

test("the privacy page says how to download the data and delete the account", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-js", "a static page");
  await page.goto("/privacy-policy");
  const choices = page.getByRole("main");
  await expect(choices).toContainText(`“${DOWNLOAD_MY_DATA}” gives you a file (JSON)`);
  await expect(choices).toContainText(`“${DELETE_MY_ACCOUNT}” asks for your password`);
  await expect(choices).toContainText(
    `instead sign in with it again: that counts for ${FRESH_SIGN_IN_WINDOW_S / 60} minutes, on that device only`,
  );
  await expect(choices).not.toContainText("contact the show");
  await expect(choices.getByRole("link", { name: "your profile page" })).toHaveAttribute("href", "/user");
});

test("a delete sent from another site is refused and the account kept", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-js", "the same server check everywhere");
  await listenerWithFavorite(page);
  const res = await page.request.post("/user/delete", {
    form: { password: PASSWORD },
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  await page.goto("/user");
  await expect(page.getByRole("heading", { level: 1, name: /^H\.O\.F: / })).toBeVisible();
});

test("the delete page, its error and the confirmation have no serious or critical axe violations", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "desktop-nojs" || testInfo.project.name === "remote", "axe runs in the page");
  test.setTimeout(120_000);
  await listenerWithFavorite(page);
  await page.goto("/user");
  expect(await seriousViolations(page)).toEqual([]);
  await deletePage(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Your password").fill("wrong");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("alert")).toHaveText(DELETE_WRONG_PASSWORD);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/account-deleted");
  expect(await seriousViolations(page)).toEqual([]);
});
