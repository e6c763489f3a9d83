/**
 * The player's extras beyond docs/product.md §4 (ADR 002): the desktop bar's controls (skip, seek,
 * speed, sleep timer, share at the current time), Media Session, one tab playing at a time, casting
 * through a stand-in for the Google Cast SDK, accessible names and visible focus.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { asListener } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { audio, blurActive, cardPlay, expectPlaying, isMobile, playerButton, openReady } from "./support/player";
import { episodeLink } from "../../app/rules/episodes";

const latest = newestFirst(episodes).slice(0, 8);
const first = latest[0]!;
const other = latest.find((e) => e.EpisodeUrl !== first.EpisodeUrl)!;
const CAST_SDK = "https://www.gstatic.com/cv/js/sender/v1/cast_sender.js*";
const fakeCastSdk = fs.readFileSync(path.resolve("tests/e2e/support/fake-cast-sender.js"), "utf8");

test.beforeEach(async ({ page }) => {
  await asListener(page);
});

const desktopOnly = (testInfo: Parameters<typeof isMobile>[0]) =>
  test.skip(isMobile(testInfo), "the desktop bar (the 375 px modal is in player-mobile.spec.ts)");

async function startFirst(page: Page) {
  await openReady(page, "/");
  await cardPlay(page, first.title).click();
  return expectPlaying(page, first.EpisodeUrl, 0.5);
}

test("desktop bar: title, subtext, art, elapsed/total, skip −15/+30 and the seek bar", async ({ page }, testInfo) => {
  desktopOnly(testInfo);
  await startFirst(page);
  const bar = page.getByRole("region", { name: "Player" });
  await expect(bar.getByTestId("player-title")).toHaveText(first.title);
  await expect(bar.getByTestId("player-subtext")).toHaveText("Why? Because We Can!");
  await expect(bar.getByTestId("total")).toContainText(/0:3\d/);
  await expect(bar.locator("img.desktop-player__art")).toHaveAttribute("src", /\/media\/img\//);

  await bar.getByRole("slider", { name: "Seek" }).fill("20");
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThanOrEqual(20);
  await expect(bar.getByTestId("elapsed")).toContainText(/0:2\d/);
  await bar.getByRole("button", { name: "Back 15 seconds" }).click();
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(12);
  const t = (await audio(page)).currentTime;
  await bar.getByRole("button", { name: "Forward 30 seconds" }).click();
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(t + 20);
  // Seeking is clamped to 0..duration: −15 from the start stays at 0.
  await bar.getByRole("slider", { name: "Seek" }).fill("2");
  await bar.getByRole("button", { name: "Back 15 seconds" }).click();
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(3);
});

test("desktop bar: playback speed 0.5–3× reaches the audio element", async ({ page }, testInfo) => {
  desktopOnly(testInfo);
  await startFirst(page);
  const speed = page.getByRole("region", { name: "Player" }).getByRole("combobox", { name: "Playback speed" });
  const options = await speed.locator("option").allTextContents();
  expect(options[0]).toBe("0.5×");
  expect(options[options.length - 1]).toBe("3×");
  expect(options).toHaveLength(11);
  await speed.selectOption("2");
  await expect.poll(async () => (await audio(page)).playbackRate).toBe(2);
  await speed.selectOption("0.5");
  await expect.poll(async () => (await audio(page)).playbackRate).toBe(0.5);
});

test("sleep timer: 15 minutes pauses playback; 'end of episode' is offered for episodes only", async ({
  page,
}, testInfo) => {
  desktopOnly(testInfo);
  const t0 = Date.parse("2026-11-01T20:00:00Z");
  await page.clock.install({ time: t0 });
  await openReady(page, "/");
  // Far enough ahead that a slow page load has not passed it yet.
  await page.clock.pauseAt(t0 + 60_000);
  const sleep = page.getByRole("region", { name: "Player" }).getByRole("combobox", { name: "Sleep timer" });
  await expect(sleep.locator("option")).toHaveText(["Off", "15 min", "30 min", "60 min"]);

  await cardPlay(page, first.title).click();
  await page.clock.runFor(200);
  await expectPlaying(page, first.EpisodeUrl);
  await expect(sleep.locator("option")).toHaveText(["Off", "15 min", "30 min", "60 min", "End of episode"]);
  await sleep.selectOption("15");
  await page.clock.runFor(14 * 60_000);
  expect((await audio(page)).paused).toBe(false);
  await page.clock.runFor(61_000);
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await expect(sleep).toHaveValue("off");
  await expect(playerButton(page, "Play")).toBeVisible();
});

test("share at current time copies a ?t= link to the episode page", async ({ page, context }, testInfo) => {
  desktopOnly(testInfo);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    // No Web Share on this "device": the copy-link fallback is used.
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await startFirst(page);
  const bar = page.getByRole("region", { name: "Player" });
  await bar.getByRole("slider", { name: "Seek" }).fill("17");
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThanOrEqual(17);
  await playerButton(page, "Pause").click();
  await bar.getByRole("button", { name: "Share at current time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(copied);
  expect(url.pathname + "?title=" + encodeURIComponent(url.searchParams.get("title")!)).toBe(episodeLink(first.title));
  const t = Number(url.searchParams.get("t"));
  expect(t).toBeGreaterThanOrEqual(17);
  expect(t).toBeLessThan(20);
  // The link starts the episode there.
  await openReady(page, url.pathname + url.search);
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${first.title}` })
    .click();
  const a = await expectPlaying(page, first.EpisodeUrl, t);
  expect(a.currentTime).toBeLessThan(t + 6);
});

test("share at current time uses the Web Share API where the device has it", async ({ page }, testInfo) => {
  desktopOnly(testInfo);
  await page.addInitScript(() => {
    const w = window as unknown as { __shared: unknown[] };
    w.__shared = [];
    Object.defineProperty(Navigator.prototype, "share", {
      value: async (data: unknown) => void w.__shared.push(data),
      configurable: true,
    });
  });
  await startFirst(page);
  await page.getByRole("region", { name: "Player" }).getByRole("slider", { name: "Seek" }).fill("10");
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThanOrEqual(10);
  await page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Share at current time" }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __shared: { url: string; title: string }[] }).__shared.length),
    )
    .toBe(1);
  const shared = await page.evaluate(
    () => (window as unknown as { __shared: { url: string; title: string }[] }).__shared[0]!,
  );
  expect(shared.title).toContain(first.title);
  expect(shared.url).toMatch(/\/episode\?title=.+&t=\d+$/);
});

test("Media Session: metadata, artwork and playback state follow the player", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
  await startFirst(page);
  const session = () =>
    page.evaluate(() => {
      const ms = navigator.mediaSession;
      return {
        title: ms.metadata?.title,
        artist: ms.metadata?.artist,
        album: ms.metadata?.album,
        art: ms.metadata?.artwork?.[0]?.src,
        state: ms.playbackState,
      };
    });
  // The episode has chapters (the sample's spoken tracks): the current chapter is the title and
  // the episode the artist.
  await expect.poll(session).toMatchObject({
    title: "Good evening",
    artist: first.title,
    album: "The Ham Radio Show",
    state: "playing",
  });
  expect((await session()).art).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/img\//);
  await playerButton(page, "Pause").click();
  await expect.poll(async () => (await session()).state).toBe("paused");
  await playerButton(page, "Go live").click();
  await expect
    .poll(session)
    .toMatchObject({ title: "Bunker Sessions Vol. 7", artist: "The Ham Radio Show Crew", state: "playing" });
});

test("one tab at a time: playing in a second tab pauses the first", async ({ context }, testInfo) => {
  test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
  const one = await context.newPage();
  const two = await context.newPage();
  await asListener(one);
  await asListener(two);
  await openReady(one, "/");
  await cardPlay(one, first.title).click();
  await expectPlaying(one, first.EpisodeUrl);
  await openReady(two, "/");
  await cardPlay(two, other.title).click();
  await expectPlaying(two, other.EpisodeUrl);
  await expect.poll(async () => (await audio(one)).paused).toBe(true);
  await expect(playerButton(one, "Play")).toBeVisible();
  // And back: playing in the first tab pauses the second.
  await playerButton(one, "Play").click();
  await expect.poll(async () => (await audio(one)).paused).toBe(false);
  await expect.poll(async () => (await audio(two)).paused).toBe(true);
});

test.describe("casting (a stand-in for the Google Cast SDK)", () => {
  test("no cast framework → no cast icon; the SDK is not requested on a page without one", async ({ page }) => {
    const sdkRequests: string[] = [];
    await page.route(CAST_SDK, (route) => (sdkRequests.push(route.request().url()), route.abort()));
    await openReady(page, "/");
    await page.waitForTimeout(500);
    expect(sdkRequests).toEqual([]); // home page, nothing played: not needed
    await openReady(page, episodeLink(first.title));
    await expect.poll(() => sdkRequests.length).toBe(1);
    await page.waitForTimeout(300);
    await expect(page.getByTestId("cast-button")).toHaveCount(0);
  });

  test("no devices → no cast icon", async ({ page }) => {
    await page.addInitScript(
      () => ((window as unknown as { __fakeCastNoDevices: boolean }).__fakeCastNoDevices = true),
    );
    await page.route(CAST_SDK, (route) => route.fulfill({ contentType: "text/javascript", body: fakeCastSdk }));
    await openReady(page, episodeLink(first.title));
    await expect
      .poll(() => page.evaluate(() => Boolean((window as unknown as { __fakeCast?: unknown }).__fakeCast)))
      .toBe(true);
    await expect(page.getByTestId("cast-button")).toHaveCount(0);
    // A device appears → the icon shows.
    await page.evaluate(() =>
      (window as unknown as { __fakeCast: { setDevices(a: boolean): void } }).__fakeCast.setDevices(true),
    );
    await expect(page.getByRole("main").getByRole("button", { name: "Cast to a device" })).toBeVisible();
  });

  test("cast from the episode page: load request carries URL, title, poster, description; local audio muted while connected", async ({
    page,
    baseURL,
  }) => {
    await page.route(CAST_SDK, (route) => route.fulfill({ contentType: "text/javascript", body: fakeCastSdk }));
    await openReady(page, episodeLink(other.title));
    const cast = page.getByRole("main").getByRole("button", { name: "Cast to a device" });
    await expect(cast).toBeVisible();
    await cast.click();
    await expectPlaying(page, other.EpisodeUrl);
    const fake = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __fakeCast: { loads: { media: Record<string, any> }[]; options: Record<string, string> };
            }
          ).__fakeCast,
      );
    await expect.poll(async () => (await fake()).loads.length).toBe(1);
    const { loads, options } = await fake();
    expect(options).toEqual({ receiverApplicationId: "CC1AD845", autoJoinPolicy: "origin_scoped" });
    const media = loads[0]!.media;
    expect(media.contentId).toBe(new URL(other.EpisodeUrl, baseURL).href);
    expect(media.contentType).toBe("audio/mpeg");
    expect(media.streamType).toBe("BUFFERED");
    expect(media.metadata.title).toBe(other.title);
    expect(media.metadata.subtitle).toBe(other.description);
    expect(media.metadata.images[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/img\//);
    await expect.poll(async () => (await audio(page)).muted).toBe(true);

    const stop = page.getByRole("main").getByRole("button", { name: "Stop casting" });
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    // Going live while casting sends the live stream as LIVE.
    await playerButton(page, "Go live").click();
    await expect.poll(async () => (await fake()).loads.length).toBe(2);
    expect((await fake()).loads[1]!.media.streamType).toBe("LIVE");
    // The device ends the session → local audio is unmuted.
    await page.evaluate(() =>
      (window as unknown as { __fakeCast: { endFromDevice(): void } }).__fakeCast.endFromDevice(),
    );
    await expect.poll(async () => (await audio(page)).muted).toBe(false);
    await expect(page.getByRole("main").getByRole("button", { name: "Cast to a device" })).toBeVisible();
    // Connect again and stop from the page.
    await page.getByRole("main").getByRole("button", { name: "Cast to a device" }).click();
    await expect.poll(async () => (await audio(page)).muted).toBe(true);
    await page.getByRole("main").getByRole("button", { name: "Stop casting" }).click();
    await expect.poll(async () => (await audio(page)).muted).toBe(false);
  });
});

test("every player control has an accessible name (axe) and a visible focus ring", async ({ page }, testInfo) => {
  await startFirst(page);
  const region = isMobile(testInfo) ? ".mobile-player" : ".desktop-player";
  // The wrapper has no box of its own (its dock is fixed), so wait for the region inside it.
  await page.getByRole("region", { name: isMobile(testInfo) ? "Mobile player" : "Player" }).waitFor();
  const results = await new AxeBuilder({ page }).include(region).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "More", exact: true }).click();
    // The dialog's code may still be on its way when the click returns.
    await page.getByRole("dialog").waitFor();
    const modal = await new AxeBuilder({ page }).include(".modal").analyze();
    expect(modal.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press("Escape");
  }
  // Keyboard focus on a player control shows the focus outline.
  await blurActive(page);
  let inPlayer = false;
  for (let i = 0; i < 80 && !inPlayer; i++) {
    await page.keyboard.press("Tab");
    inPlayer = await page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), region);
  }
  expect(inPlayer).toBe(true);
  const ring = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(ring.style).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
});
