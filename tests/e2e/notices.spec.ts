/**
 * What a listener notices, each at the widths and with JS on or off as named: cards at
 * 320–330 px, /live without JS when the stream is off the air, the player while the error clip
 * plays, the player title at 550–1024 px, Space after a card's Play, the mobile marquee's stop
 * control, the slider under reduced motion, "Skip to player", and the desktop volume control.
 * Each test sets its own viewport and JS, so it runs once (desktop-js).
 *   E2E_PORT=3500 npx playwright test tests/e2e/notices.spec.ts --project=desktop-js --workers=1
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { LIVE_NOSCRIPT_HINT, LIVE_RETRY } from "../../app/rules/player";
import { episodes, newestFirst } from "./support/sample";
import { audio, cardPlay, expectPlaying, openReady, playerButton } from "./support/player";

const newest = newestFirst(episodes)[0]!;

const phone = { isMobile: true, hasTouch: true };

async function withPage(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0],
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext(options);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const width of [320, 330]) {
  test(`${width} px: every card's play button sits inside its card`, async ({ browser }) => {
    await withPage(browser, { viewport: { width, height: 800 }, ...phone }, async (page) => {
      await openReady(page, "/");
      const boxes = await page.locator(".card").evaluateAll((cards) =>
        cards.map((card) => {
          const c = card.getBoundingClientRect();
          const b = card.querySelector(".card__play:not(a)")?.getBoundingClientRect();
          return b ? { left: b.left - c.left, right: c.right - b.right, bottom: c.bottom - b.bottom } : null;
        }),
      );
      const placed = boxes.filter((b) => b !== null);
      expect(placed.length).toBeGreaterThan(0);
      for (const b of placed) expect(Math.min(b.left, b.right, b.bottom)).toBeGreaterThanOrEqual(0);
    });
  });
}

test("no JS: /live says what to do when the stream does not play, with a link to try again", async ({ browser }) => {
  await withPage(browser, { javaScriptEnabled: false }, async (page) => {
    await page.route("**/live/stream.mp3", (route) => route.fulfill({ status: 404 }));
    await page.goto("/live");
    // (Playwright's text matching skips <noscript>: the hint is found by its place, read whole.)
    const hint = page.getByRole("region", { name: "Live Radio" }).locator("p", { has: page.getByRole("link") });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText(`${LIVE_NOSCRIPT_HINT} ${LIVE_RETRY}`);
    await expect(hint.getByRole("link", { name: LIVE_RETRY })).toHaveAttribute("href", "/live");
  });
});

test("stream unreachable: while the error clip plays the bar shows Play and no clip times; Play retries", async ({
  page,
}) => {
  await page.route("**/live/stream.mp3", (route) => route.fulfill({ status: 404 }));
  await openReady(page, "/");
  await playerButton(page, "Go live").click();
  const player = page.getByRole("region", { name: "Player", exact: true });
  await expect(player.getByTestId("player-status")).toContainText("Live stream unavailable");
  await expectPlaying(page, "/media/audio/error.mp3", 0.05);
  await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expect(player.getByRole("button", { name: "Pause", exact: true })).toHaveCount(0);
  await expect(player.getByTestId("elapsed")).toHaveText("Elapsed ");
  await expect(player.getByTestId("total")).toHaveText("Total ");

  await page.unrouteAll();
  await player.getByRole("button", { name: "Play", exact: true }).click();
  await expectPlaying(page, "/live/stream.mp3");
  await expect(player.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
});

async function playerSizes(page: Page) {
  return page.evaluate(() => {
    const t = document.querySelector<HTMLElement>(".desktop-player .np__title")!;
    const seek = document.querySelector<HTMLElement>(".desktop-player .seek .seek__range")!;
    return {
      cut: t.scrollWidth > t.clientWidth,
      seek: seek.getBoundingClientRect().width,
      bar: document.querySelector(".desktop-player")!.getBoundingClientRect().height,
    };
  });
}

test("the player title is whole at 550 to 1024 px, with a usable seek bar, in a bar of two rows", async ({ page }) => {
  await openReady(page, "/");
  const title = page.getByTestId("player-title").locator("visible=true");
  for (const width of [550, 600, 700, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(title).toHaveText("The Ham Radio Show");
    const sizes = await playerSizes(page);
    expect(sizes.cut, `${width} px: title cut`).toBe(false);
    expect(sizes.seek, `${width} px: seek bar`).toBeGreaterThanOrEqual(100);
    expect(sizes.bar, `${width} px: bar height`).toBeLessThanOrEqual(122);
  }
  // A long episode title (31 characters) from 700 px.
  await cardPlay(page, newest.title).click();
  await expectPlaying(page, newest.EpisodeUrl);
  for (const width of [700, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(title).toHaveText(newest.title);
    expect((await playerSizes(page)).cut, `${width} px: "${newest.title}" cut`).toBe(false);
  }
});

test("Space after clicking a card's Play pauses it (no 'already playing' alert), and Space again resumes", async ({
  page,
}) => {
  const alerts: string[] = [];
  page.on("dialog", (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await openReady(page, "/");
  const play = cardPlay(page, newest.title);
  await play.click();
  await expectPlaying(page, newest.EpisodeUrl);
  await expect(play).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await expect(play).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Space");
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
  expect(alerts).toEqual([]);
});

test("375 px: the moving now-playing banner has a control that stops it", async ({ browser }) => {
  await withPage(
    browser,
    { viewport: { width: 375, height: 812 }, ...phone, reducedMotion: "no-preference" },
    async (page) => {
      await openReady(page, "/");
      const banner = page.getByTestId("mobile-banner");
      const moving = () =>
        page.locator(".mobile-player__marquee").evaluate((el) => getComputedStyle(el).animationName !== "none");
      expect(await moving()).toBe(true);
      const stop = banner.getByRole("button", { name: "Stop scrolling the title" });
      await stop.click();
      await expect(stop).toHaveAttribute("aria-pressed", "true");
      expect(await moving()).toBe(false);
      await expect(banner).toContainText("The Ham Radio Show");
      await stop.click();
      expect(await moving()).toBe(true);
    },
  );
});

test.describe("the home slider", () => {
  test("under reduced motion it waits to be started", async ({ browser }) => {
    await withPage(browser, { reducedMotion: "reduce" }, async (page) => {
      await openReady(page, "/");
      await expect(page.getByRole("button", { name: "Resume slideshow" })).toBeVisible();
      await page.getByRole("button", { name: "Resume slideshow" }).click();
      await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    });
  });

  test("otherwise it plays", async ({ page }) => {
    await openReady(page, "/");
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  });
});

const skipToPlayer = [
  { name: "1280 px", options: {}, target: () => ({ role: "region" as const, name: "Player" }) },
  {
    name: "375 px",
    options: { viewport: { width: 375, height: 812 }, ...phone },
    target: () => ({ role: "region" as const, name: "Mobile player" }),
  },
  {
    name: "375 px without JS",
    options: { viewport: { width: 375, height: 812 }, ...phone, javaScriptEnabled: false },
    target: () => ({ role: "navigation" as const, name: "Player" }),
  },
  {
    name: "1280 px without JS",
    options: { javaScriptEnabled: false },
    target: () => ({ role: "navigation" as const, name: "Player" }),
  },
];

for (const { name, options, target } of skipToPlayer) {
  test(`${name}: the second Tab stop is "Skip to player", and the next one is in the player`, async ({ browser }) => {
    await withPage(browser, options, async (page) => {
      const js = options.javaScriptEnabled !== false;
      if (js) await openReady(page, "/");
      else await page.goto("/");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to player" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const { role, name: region } = target();
      // Looked up afresh: the player's code may arrive meanwhile and put new markup in its place
      // (ADR 051), the focus carried over to it.
      await expect(page.getByRole(role, { name: region, exact: true }).locator(":focus")).toHaveCount(1);
    });
  });
}

test("desktop volume: Mute silences the audio and the slider sets its level", async ({ page }) => {
  await openReady(page, "/");
  await cardPlay(page, newest.title).click();
  await expectPlaying(page, newest.EpisodeUrl);
  const volume = page.getByRole("group", { name: "Volume" });
  const mute = volume.getByRole("button", { name: "Mute" });
  const level = () => page.evaluate(() => (document.getElementById("global-audio") as HTMLAudioElement).volume);

  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await audio(page)).muted).toBe(true);
  await expect(volume.getByRole("slider", { name: "Volume" })).toHaveValue("0");
  await mute.click();
  await expect.poll(async () => (await audio(page)).muted).toBe(false);

  await volume.getByRole("slider", { name: "Volume" }).fill("40");
  await expect.poll(level).toBeCloseTo(0.4);
  await volume.getByRole("slider", { name: "Volume" }).fill("0");
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await audio(page)).muted).toBe(true);
  await mute.click();
  await expect.poll(level).toBeCloseTo(0.4);
  await expect.poll(async () => (await audio(page)).muted).toBe(false);
});
