/**
 * Offline listening (docs/decisions/063-offline.md): the service worker keeps the build, the public
 * pages a listener visited and the episodes they downloaded, so with the network off a reload
 * still shows the page and a downloaded episode plays. Pages without JavaScript are untouched.
 */
import { expect, test, type Page } from "@playwright/test";
import { episodeLink } from "../../app/rules/episodes";
import {
  AVAILABLE_OFFLINE,
  DOWNLOAD_FOR_OFFLINE,
  DOWNLOADS_EMPTY,
  DOWNLOADS_NEED_JS,
  DOWNLOADS_PATH,
  OFFLINE_AUDIO_CACHE,
  OFFLINE_PAGES_CACHE,
  REMOVE_DOWNLOAD,
  SERVICE_WORKER_PATH,
} from "../../app/rules/offline";
import { signedIn } from "./support/auth";
import { expectPlaying, isMobile, jsOff, openReady } from "./support/player";
import { episodes, newestFirst } from "./support/sample";
import { seriousViolations } from "./support/axe";

const [episode, unvisited] = newestFirst(episodes);

// Every other spec blocks the worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: "allow" });

/** The worker controls the page, and has stored the page it was registered from. */
async function workerReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
  await expect
    .poll(() =>
      page.evaluate(
        async (name) => (await (await caches.open(name)).match(location.href)) !== undefined,
        OFFLINE_PAGES_CACHE,
      ),
    )
    .toBe(true);
}

const cachedUrls = (page: Page, name: string) =>
  page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname), name);

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the service worker needs JavaScript");

  test("/sw.js is a script the browser asks for again on every visit", async ({ request }) => {
    const response = await request.get(SERVICE_WORKER_PATH);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(response.headers()["content-security-policy"]).toContain("connect-src 'self'");
    // The build's files are its precache list.
    expect(await response.text()).toMatch(/"\/build\/[^"]+\.js"/);
  });

  test("after an offline reload the visited page shows and the downloaded episode plays", async ({ page, context }) => {
    const link = episodeLink(episode.title);
    await openReady(page, link);
    await workerReady(page);

    const main = page.getByRole("main");
    await main.getByRole("button", { name: DOWNLOAD_FOR_OFFLINE }).click();
    await expect(main.getByText(AVAILABLE_OFFLINE, { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await cachedUrls(page, OFFLINE_AUDIO_CACHE)).toEqual([episode.EpisodeUrl]);

    await page.getByRole("link", { name: "Your downloads" }).click();
    await expect(page).toHaveURL(DOWNLOADS_PATH);
    const item = page.getByRole("listitem").filter({ hasText: episode.title });
    await expect(item).toContainText(/\d(\.\d)? MB/);
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);

    await context.setOffline(true);
    // Answered by the worker, not by the browser's HTTP cache (which also holds the file).
    const audioAnswers: boolean[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname === episode.EpisodeUrl) audioAnswers.push(r.fromServiceWorker());
    });
    await page.goto(link);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: episode.title })).toBeVisible();
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
    await main.getByRole("button", { name: `Play ${episode.title}` }).click();
    const played = await expectPlaying(page, episode.EpisodeUrl, 0.5);
    expect(played.errorCode).toBeNull();
    // A seek plays on from there.
    const seekTo = Math.floor(Number(episode.EpisodeDuration) / 2);
    await page.evaluate((t) => {
      (document.getElementById("global-audio") as HTMLAudioElement).currentTime = t;
    }, seekTo);
    expect((await expectPlaying(page, episode.EpisodeUrl, seekTo + 0.5)).errorCode).toBeNull();
    expect(audioAnswers.length).toBeGreaterThan(0);
    expect(audioAnswers.every(Boolean)).toBe(true);

    // The downloads list offline, then the download removed.
    await page.goto(DOWNLOADS_PATH);
    await page.reload();
    await item.getByRole("button", { name: `Remove ${episode.title}` }).click();
    await expect(page.getByText(DOWNLOADS_EMPTY)).toBeVisible();
    expect(await cachedUrls(page, OFFLINE_AUDIO_CACHE)).toEqual([]);

    // A page never visited is not there: the network really is off.
    await expect(page.goto(episodeLink(unvisited.title))).rejects.toThrow();
    await context.setOffline(false);
  });

  test("the episode page's own control removes a download", async ({ page }) => {
    await openReady(page, episodeLink(unvisited.title));
    await workerReady(page);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: DOWNLOAD_FOR_OFFLINE }).click();
    await main.getByRole("button", { name: REMOVE_DOWNLOAD }).click();
    await expect(main.getByRole("button", { name: DOWNLOAD_FOR_OFFLINE })).toBeVisible();
    expect(await cachedUrls(page, OFFLINE_AUDIO_CACHE)).toEqual([]);
  });

  test("a signed-in listener's pages are never stored", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), "what is stored, the same at 375 px");
    test.setTimeout(60_000);
    await signedIn(page);
    await openReady(page, "/user");
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
    await page.goto(episodeLink(episode.title));
    await page.getByRole("link", { name: "Profile" }).first().click();
    await expect(page).toHaveURL(/\/user/);
    // Public pages visited before signing in (the sign-up forms) may be there; nothing of this listener's.
    const kept = await cachedUrls(page, OFFLINE_PAGES_CACHE);
    expect(kept.filter((p) => /^\/(user|episode)/.test(p))).toEqual([]);
  });
});

test("without JavaScript the pages are as before: the plain Download link, no worker", async ({
  page,
  context,
}, testInfo) => {
  test.skip(!jsOff(testInfo), "what a page without JavaScript shows");
  await page.goto(episodeLink(episode.title));
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Download", exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: DOWNLOAD_FOR_OFFLINE })).toHaveCount(0);
  await page.goto(DOWNLOADS_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Downloads" })).toBeVisible();
  // (Playwright's text matching skips <noscript>: read whole.)
  expect(await page.getByRole("main").locator("noscript").textContent()).toBe(DOWNLOADS_NEED_JS);
  expect(context.serviceWorkers()).toEqual([]);
});
