/**
 * docs/product.md §2 Mobile player at 375 px: text banner + controls + 103 px spacer; the close button
 * collapses the controls to a floating round play/pause button that reopens them; the 'more'
 * dots open a modal closed by its backdrop or Close; the voice icon alerts a coming-soon message.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { asListener, PASSWORD, saveProgress, signedIn } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { audio, cardPlay, expectPlaying, openReady } from "./support/player";

const first = newestFirst(episodes)[0]!;

test.beforeEach(async ({ page }) => {
  await asListener(page);
});

test("below 550 px: the mobile banner, controls and a 103 px spacer replace the desktop bar", async ({ page }) => {
  await openReady(page, "/");
  await expect(page.locator(".desktop-player")).toBeHidden();
  const bar = page.getByRole("region", { name: "Mobile player" });
  await expect(bar).toBeVisible();
  await expect(bar.getByTestId("mobile-banner")).toContainText("The Ham Radio Show");
  for (const name of ["Play", "Go live", "Voice message", "More", "Close player"]) {
    await expect(bar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  const spacer = await page.locator(".mobile-spacer").boundingBox();
  expect(spacer?.height).toBe(103);
  // The fixed bar sits at the bottom and fits the spacer.
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(812);
  expect(box.height).toBeLessThanOrEqual(104);
  // The page can scroll its last content above the bar.
  const footer = await page.getByRole("contentinfo").boundingBox();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footerAfter = await page.getByRole("contentinfo").boundingBox();
  expect(footer && footerAfter && footerAfter.y + footerAfter.height).toBeLessThanOrEqual(812 - 100);
});

test("close collapses to a floating round play/pause button; tapping it reopens the controls", async ({ page }) => {
  await openReady(page, "/");
  await cardPlay(page, first.title).click();
  await expectPlaying(page, first.EpisodeUrl);
  const bar = page.getByRole("region", { name: "Mobile player" });
  await bar.getByRole("button", { name: "Close player" }).click();
  await expect(bar).toBeHidden();
  const floating = page.getByTestId("floating-play");
  await expect(floating).toBeVisible();
  await expect(floating).toHaveAccessibleName("Open player (playing)");
  await expect(floating).toBeFocused();
  const round = await floating.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      radius: s.borderRadius,
      w: el.getBoundingClientRect().width,
      h: el.getBoundingClientRect().height,
      position: s.position,
    };
  });
  expect(round.position).toBe("fixed");
  expect(round.w).toBe(round.h);
  expect(parseFloat(round.radius)).toBeGreaterThanOrEqual(round.w / 2);
  // Collapsing never stops the audio.
  expect((await audio(page)).paused).toBe(false);
  await floating.click();
  await expect(bar).toBeVisible();
  await expect(floating).toBeHidden();
  await expect(bar.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  expect((await audio(page)).paused).toBe(false);
});

test("the 'more' dots open a modal closed by its backdrop and by Close; it holds the extra controls", async ({
  page,
}) => {
  await openReady(page, "/");
  await cardPlay(page, first.title).click();
  await expectPlaying(page, first.EpisodeUrl);
  const more = page.getByRole("button", { name: "More", exact: true });
  await more.click();
  const dialog = page.getByRole("dialog", { name: "Now playing" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(first.title);
  for (const name of ["Back 15 seconds", "Forward 30 seconds", "Pause", "Share at current time", "Close"]) {
    await expect(dialog.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole("slider", { name: "Seek" })).toBeEnabled();
  await expect(dialog.getByRole("combobox", { name: "Playback speed" })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Sleep timer" })).toBeVisible();

  // Speed from the modal reaches the audio element.
  await dialog.getByRole("combobox", { name: "Playback speed" }).selectOption("1.5");
  await expect.poll(async () => (await audio(page)).playbackRate).toBe(1.5);

  // Backdrop click closes it (the area above the bottom sheet).
  await page.mouse.click(187, 40);
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  // A click inside the modal does not close it; Close does.
  await more.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("heading", { name: "Now playing" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();

  // Escape closes it too.
  await more.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect((await audio(page)).paused).toBe(false);
});

test("the voice icon says 'Coming Soon!' in the player's status, never a blocking alert", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
  await openReady(page, "/");
  await page.getByRole("button", { name: "Voice message" }).click();
  const status = page.getByRole("status").filter({ hasText: "Coming Soon!" }).locator("visible=true");
  await expect(status).toHaveCount(1);
  await expect(status.getByText("Coming Soon!", { exact: true })).toBeVisible();
  await status.getByRole("button", { name: "Dismiss" }).click();
  await expect(status).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("mobile play/pause and Go live drive the one audio element", async ({ page }) => {
  await openReady(page, "/");
  const bar = page.getByRole("region", { name: "Mobile player" });
  await bar.getByRole("button", { name: "Go live" }).click();
  await expect
    .poll(async () => {
      const a = await audio(page);
      return a.src.endsWith("/live/stream.mp3") && !a.paused;
    })
    .toBe(true);
  await expect(bar.getByTestId("mobile-banner")).toContainText("Bunker Sessions Vol. 7");
  await bar.getByRole("button", { name: "Pause", exact: true }).click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await bar.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
});

/** Closes the bar to its round button. */
async function closeBar(page: Page): Promise<Locator> {
  await page.getByRole("region", { name: "Mobile player" }).getByRole("button", { name: "Close player" }).click();
  const floating = page.getByTestId("floating-play");
  await expect(floating).toBeVisible();
  return floating;
}

/** The status is on screen, beside the round button (not under it). */
async function expectBeside(status: Locator, floating: Locator): Promise<void> {
  await expect(status).toBeVisible();
  const s = (await status.boundingBox())!;
  const f = (await floating.boundingBox())!;
  expect(s.x).toBeGreaterThanOrEqual(0);
  expect(s.x + s.width).toBeLessThanOrEqual(f.x);
  expect(s.y + s.height).toBeLessThanOrEqual(812);
}

test("with the bar closed to its round button, a source that fails is told beside it, with Retry and Dismiss", async ({
  page,
}) => {
  await page.route(`**${first.EpisodeUrl}`, (route) => route.fulfill({ status: 404 }));
  await openReady(page, "/");
  const floating = await closeBar(page);
  await cardPlay(page, first.title).click();
  const status = page.getByRole("status").filter({ hasText: `Could not play ${first.title}` });
  await expectBeside(status, floating);
  // Dismissed, it leaves the page clear; the next failure is told again.
  await status.getByRole("button", { name: "Dismiss" }).click();
  await expect(status).toBeHidden();
  await cardPlay(page, first.title).click();
  await expectBeside(status, floating);
  await page.unrouteAll();
  await status.getByRole("button", { name: "Retry" }).click();
  await expectPlaying(page, first.EpisodeUrl);
  await expect(status).toBeHidden();
});

test("with the bar closed, the resume offer after sign-in and the signed-out notice show beside the round button", async ({
  page,
}) => {
  const account = await signedIn(page);
  await saveProgress(page, first, 24);
  await page.context().clearCookies();
  await openReady(page, "/signin");
  const floating = await closeBar(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const offer = page.getByRole("status").filter({ hasText: `Continue ${first.title} at 0:24?` });
  await expectBeside(offer, floating);
  await offer.getByRole("button", { name: "Continue" }).click();
  await expectPlaying(page, first.EpisodeUrl, 24);

  await page.context().clearCookies();
  await page
    .getByRole("list", { name: "Latest Episodes" })
    .getByRole("button", { name: /^Add .* to favorites$/ })
    .first()
    .click();
  const notice = page.getByRole("status").filter({ hasText: /You were signed out/ });
  await expectBeside(notice, floating);
  await expect(notice.getByRole("link", { name: "Sign in" })).toBeVisible();
});
