/**
 * Honest controls and a listener remembered: the spec's alerts as polite notices (never a blocking
 * window.alert), the card of the episode playing marked, and what this browser keeps across a
 * reload (a signed-out listener's episode and place, volume and mute, the speed per era).
 * Runs at 1280 px (desktop-js), 375 px (mobile-375) and without JavaScript (desktop-nojs).
 *   E2E_PORT=3800 npx playwright test --project=desktop-js tests/e2e/honest-controls.spec.ts
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ALREADY_PLAYING_ALERT } from "../../app/rules/player";
import { COMING_SOON_ALERT } from "../../app/rules/constants";
import { eraLink } from "../../app/rules/eras";
import { episodes, newestFirst } from "./support/sample";
import { audio, blurActive, cardPlay, expectPlaying, isMobile, openReady, playerButton } from "./support/player";
import { asListener, uniqueEmail } from "./support/auth";

const newest = newestFirst(episodes)[0]!;
const ofEra = (era: string) => newestFirst(episodes.filter((e) => e.era === era));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("iframe")
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

/** The notice region the listener sees (desktop bar or mobile dock: CSS shows one). */
const visibleStatus = (page: Page, text: string) =>
  page.getByRole("status").filter({ hasText: text }).locator("visible=true");

function noDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
  return dialogs;
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the player needs JavaScript");
  test.use({ reducedMotion: "reduce" });

  test("the card playing says so; pressing it again shows the spec's notice and playback goes on", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const dialogs = noDialogs(page);
    await openReady(page, "/");
    const card = page.getByRole("article").filter({ has: cardPlay(page, newest.title) });
    await expect(card.getByText("Now playing")).toHaveCount(0);
    await cardPlay(page, newest.title).click();
    await expectPlaying(page, newest.EpisodeUrl);
    await expect(cardPlay(page, newest.title)).toHaveAttribute("aria-pressed", "true");
    await expect(card).toHaveClass(/episode-card--playing/);
    await expect(card.getByText("Now playing", { exact: true })).toBeVisible();
    // Only that card.
    await expect(page.getByText("Now playing", { exact: true })).toHaveCount(1);

    await cardPlay(page, newest.title).click();
    const notice = visibleStatus(page, ALREADY_PLAYING_ALERT);
    await expect(notice.getByText(ALREADY_PLAYING_ALERT, { exact: true })).toBeVisible();
    expect((await audio(page)).paused).toBe(false);
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: `/tmp/hc-playing-card-${testInfo.project.name}.png` });

    // Dismissed before the axe pass, which on a loaded machine outlasts the notice's own timeout.
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(visibleStatus(page, ALREADY_PLAYING_ALERT)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Paused from the player, the card no longer says it plays.
    await blurActive(page);
    await playerButton(page, "Pause").click();
    await expect(cardPlay(page, newest.title)).toHaveAttribute("aria-pressed", "false");
    await expect(card.getByText("Now playing")).toHaveCount(0);
  });

  test("the episode page's play button shows its episode playing, and a second press is the notice", async ({
    page,
  }) => {
    const dialogs = noDialogs(page);
    const title = ofEra("PPR")[0]!.title;
    await openReady(page, `/episode?title=${encodeURIComponent(title)}`);
    const play = page.getByRole("main").getByRole("button", { name: `Play ${title}`, exact: true });
    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "true");
    await expectPlaying(page, ofEra("PPR")[0]!.EpisodeUrl);
    await play.click();
    await expect(visibleStatus(page, ALREADY_PLAYING_ALERT)).toHaveCount(1);
    expect(dialogs).toEqual([]);
  });

  test("the era's share icon says 'Coming Soon!' in the status, at this width", async ({ page }, testInfo) => {
    const dialogs = noDialogs(page);
    await openReady(page, eraLink("MLR"));
    await page.getByRole("button", { name: "Share MLR" }).click();
    const notice = visibleStatus(page, COMING_SOON_ALERT);
    await expect(notice.getByText(COMING_SOON_ALERT, { exact: true })).toBeVisible();
    expect(dialogs).toEqual([]);
    await page.screenshot({ path: `/tmp/hc-coming-soon-${testInfo.project.name}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("signed out, a reload brings back the episode paused at its place; Continue plays on from there", async ({
    page,
  }) => {
    await openReady(page, "/");
    await cardPlay(page, newest.title).click();
    await expectPlaying(page, newest.EpisodeUrl, 2.5);
    await playerButton(page, "Pause").click();
    const at = (await audio(page)).currentTime;
    await page.reload();
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached" });
    await expect(page.getByTestId("player-title").or(page.getByTestId("mobile-banner")).first()).toContainText(
      newest.title,
    );
    const offer = visibleStatus(page, `Continue ${newest.title} at`);
    await expect(offer).toHaveCount(1);
    const before = await audio(page);
    expect(before).toMatchObject({ src: newest.EpisodeUrl, paused: true });
    await offer.getByRole("button", { name: "Continue" }).click();
    await expectPlaying(page, newest.EpisodeUrl, Math.floor(at));
  });

  test("going live forgets the episode: a reload is the live default again", async ({ page }) => {
    await openReady(page, "/");
    await cardPlay(page, newest.title).click();
    await expectPlaying(page, newest.EpisodeUrl);
    await playerButton(page, "Go live").click();
    await expectPlaying(page, "/live/stream.mp3", 0);
    await page.reload();
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached" });
    expect((await audio(page)).src).not.toContain(newest.EpisodeUrl);
    await expect(page.getByText(`Continue ${newest.title} at`)).toHaveCount(0);
  });

  test("each era keeps its speed, across reloads (Cold Cut apart: machine.test.ts)", async ({ page }) => {
    test.setTimeout(90_000);
    const [mlr1, mlr2] = ofEra("MLR");
    const ppr = ofEra("PPR")[0]!;
    await openReady(page, eraLink("MLR"));
    await cardPlay(page, mlr1!.title).click();
    await expectPlaying(page, mlr1!.EpisodeUrl);
    await blurActive(page);
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await expect.poll(async () => (await audio(page)).playbackRate).toBe(1.5);

    await openReady(page, eraLink("PPR"));
    await cardPlay(page, ppr.title).click();
    await expectPlaying(page, ppr.EpisodeUrl);
    expect((await audio(page)).playbackRate).toBe(1);

    await openReady(page, eraLink("MLR"));
    await cardPlay(page, mlr2!.title).click();
    await expectPlaying(page, mlr2!.EpisodeUrl);
    expect((await audio(page)).playbackRate).toBe(1.5);
  });

  test("volume and mute survive a reload", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), "the volume slider is the desktop bar's; the phone's is the device's");
    await openReady(page, "/");
    // What the browser keeps is read and written by code that comes after the load event.
    await page.waitForLoadState("networkidle");
    const volume = page.getByRole("group", { name: "Volume" });
    await volume.getByRole("slider", { name: "Volume" }).fill("40");
    await page.reload();
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached" });
    await expect(volume.getByRole("slider", { name: "Volume" })).toHaveValue("40");
    await expect
      .poll(() => page.evaluate(() => (document.getElementById("global-audio") as HTMLAudioElement).volume))
      .toBeCloseTo(0.4);
    await volume.getByRole("button", { name: "Mute" }).click();
    await page.reload();
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached" });
    await expect(volume.getByRole("button", { name: "Mute" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await audio(page)).muted).toBe(true);
  });

  test("storage refused (a cross-origin frame, privacy mode): no uncaught error, the player plays", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await openReady(page, "/");
    await cardPlay(page, newest.title).click();
    await expectPlaying(page, newest.EpisodeUrl);
    await page.reload();
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached" });
    expect(errors.filter((e) => /SecurityError|insecure/i.test(e))).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-JS flow");

  test("a sign-up error is a flash message in an alert region on the page that answers", async ({ page }) => {
    await asListener(page);
    await page.goto("/signup");
    await page.getByLabel("Email").fill(uniqueEmail("flash"));
    await page.getByLabel("Password").fill("password1");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Error signing up: \S/);
  });
});
