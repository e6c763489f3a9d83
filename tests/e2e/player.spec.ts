/**
 * The global player (docs/product.md §4, ADR 002). One <audio> element that never stops across
 * client navigation, every play entry point, the docs/product.md §4 alert, the error audio, `?t=`
 * share links and keyboard shortcuts — in Chromium with local audio (desktop-js and mobile-375;
 * desktop-nojs checks the native <audio controls> fallback only).
 */
import { expect, test } from "@playwright/test";
import { asListener } from "./support/auth";
import { crew, dthNews, episodes, newestFirst, wtfNews } from "./support/sample";
import {
  audio,
  blurActive,
  cardPlay,
  expectPlaying,
  isMobile,
  jsOff,
  navTo,
  playerButton,
  searchFor,
  tagAudio,
  openReady,
} from "./support/player";
import { episodeLink, downloadFileName } from "../../app/rules/episodes";

const latest = newestFirst(episodes).slice(0, 8);
const first = latest[0]!;
/** A latest episode with another audio file than `first` (a catalog may share files). */
const other = latest.find((e) => e.EpisodeUrl !== first.EpisodeUrl)!;

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.title.startsWith("no JS:")) {
    test.skip(!jsOff(testInfo), "the no-JS project only");
  } else {
    test.skip(jsOff(testInfo), "needs JavaScript");
  }
  await asListener(page);
});

test("plays from a card and the same audio element keeps playing across 12 client navigations, each one data request", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // What each navigation asks the server for its data (single fetch, ADR 037): one `.data`
  // request for every loader it runs (a hover's prefetch is a link, not a fetch).
  const dataRequests: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === "fetch" && (url.pathname.endsWith(".data") || url.searchParams.has("_data")))
      dataRequests.push(url.pathname + url.search);
  });
  const dialogs: string[] = [];
  page.on("dialog", (d) => (dialogs.push(d.message()), d.accept()));
  await openReady(page, "/");
  await page.evaluate(() => ((window as unknown as { __hrsNoReload: boolean }).__hrsNoReload = true));
  await cardPlay(page, first.title).click();
  const start = await expectPlaying(page, first.EpisodeUrl);
  expect(start.count).toBe(1);
  await tagAudio(page, "the-one");
  // Half speed: the sample files are ~37 s long and the walk must end before the episode does.
  await page.evaluate(() => ((document.getElementById("global-audio") as HTMLAudioElement).playbackRate = 0.5));

  const times: number[] = [start.currentTime];
  dataRequests.length = 0;
  const stillPlaying = async (where: string) => {
    await expect(page.getByRole("main")).toBeVisible();
    expect(dataRequests, `data requests of the navigation to ${where}`).toEqual([
      expect.stringMatching(/\.data(\?|$)/),
    ]);
    dataRequests.length = 0;
    const a = await audio(page);
    expect(a.tag, `same element after ${where}`).toBe("the-one");
    expect(a.count, `one audio element after ${where}`).toBe(1);
    expect(a.paused, `still playing after ${where}`).toBe(false);
    expect(a.src).toBe(first.EpisodeUrl);
    expect(
      await page.evaluate(() => (window as unknown as { __hrsNoReload?: boolean }).__hrsNoReload),
      `no document reload at ${where}`,
    ).toBe(true);
    times.push(a.currentTime);
  };

  // 1. Episodes (era tiles)
  await navTo(page, "Episodes", testInfo);
  await expect(page).toHaveURL(/\/eras$/);
  await stillPlaying("/eras");
  // 2. An era page
  await page
    .getByRole("link", { name: /GOOM Radio/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/era\?station=GOOM/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("GOOM Radio");
  await stillPlaying("/era");
  // 3. An episode page from the era list
  const goom = newestFirst(episodes.filter((e) => e.era === "GOOM Radio"))[0]!;
  await page.getByRole("link", { name: goom.title, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(goom.title);
  await stillPlaying("/episode");
  // 4. About
  await navTo(page, "About", testInfo);
  await expect(page).toHaveURL(/\/about$/);
  await stillPlaying("/about");
  // 5. Crew grid, 6. a crew bio
  await navTo(page, "Crew", testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Crew");
  await stillPlaying("/crew-page");
  await page
    .getByRole("link", { name: new RegExp(crew[0]!.Name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(crew[0]!.Name);
  await stillPlaying("/crew");
  // 7. News, 8. the WTF News tab, 9. back to the News tab, 10. a news post
  await navTo(page, "News", testInfo);
  await expect(page).toHaveURL(/\/News$/);
  await stillPlaying("/News");
  await page.getByRole("navigation", { name: "News sections" }).getByRole("link", { name: "WTF News" }).click();
  await expect(page).toHaveURL(/tab=wtfnews/);
  await stillPlaying("/News?tab=wtfnews");
  await page
    .getByRole("navigation", { name: "News sections" })
    .getByRole("link", { name: "News", exact: true })
    .click();
  await expect(page).toHaveURL(/\/News$/);
  await stillPlaying("/News (tab)");
  const post = `/News/${encodeURIComponent(dthNews[0]!.slug)}`;
  await page.locator(`a[href="${post}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${post}$`));
  await expect(page.getByRole("navigation", { name: /breadcrumb/i })).toBeVisible();
  await stillPlaying("/News/:slug");
  // 11. A search submit
  await searchFor(page, "antenna", testInfo);
  await expect(page).toHaveURL(/\/search\?term=antenna/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: antenna");
  await stillPlaying("/search");
  // 12. An unknown path (the route error boundary renders inside the layout)
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { navigate(to: string): void } }).__remixRouter.navigate("/no/such/page"),
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("NOT FOUND");
  await stillPlaying("404");
  // 13. Home again
  await navTo(page, "Home", testInfo);
  await expect(page.getByRole("heading", { name: "Latest Episodes" })).toBeVisible();
  await stillPlaying("/");

  // currentTime kept increasing the whole way, and the element plays on after it: a fast walk
  // can take less than the 2 s (at half speed) that a full second of audio needs.
  for (let i = 1; i < times.length; i++) expect(times[i]!, `time at step ${i}`).toBeGreaterThanOrEqual(times[i - 1]!);
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(times[0]! + 1);
  expect((await audio(page)).tag).toBe("the-one");
  expect(dialogs).toEqual([]);
  expect(wtfNews.length).toBeGreaterThan(0);
});

test("pressing play on the episode already playing says 'Use the player buttons to control the audio playback'", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
  await openReady(page, "/");
  await cardPlay(page, first.title).click();
  await expectPlaying(page, first.EpisodeUrl);
  await cardPlay(page, first.title).click();
  const status = page.getByRole("status").filter({ hasText: "Use the player buttons" }).locator("visible=true");
  await expect(status.getByText("Use the player buttons to control the audio playback", { exact: true })).toBeVisible();
  expect(dialogs).toEqual([]);
  // The notice does not disturb playback.
  expect((await audio(page)).paused).toBe(false);
  // Another card switches (after the 100 ms switch delay) with the default subtext.
  await cardPlay(page, other.title).click();
  await expectPlaying(page, other.EpisodeUrl);
  await expect(
    page.getByTestId("player-title").or(page.getByTestId("mobile-banner")).locator("visible=true").first(),
  ).toContainText(other.title);
  await expect(page.locator(".desktop-player, .mobile-player__bar").locator("visible=true").first()).toContainText(
    "Why? Because We Can!",
  );
  expect(dialogs).toEqual([]);
});

test("the episode page's play icon plays it, and toggles to a pause icon", async ({ page }) => {
  await openReady(page, episodeLink(other.title));
  const play = page.getByRole("main").getByRole("button", { name: `Play ${other.title}` });
  await expect(play).toHaveAttribute("data-playing", "false");
  await play.click();
  await expectPlaying(page, other.EpisodeUrl);
  await expect(play).toHaveAttribute("data-playing", "true");
  // The bar's Pause button pauses it; its Play resumes.
  await playerButton(page, "Pause").click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await expect(play).toHaveAttribute("data-playing", "false");
  await playerButton(page, "Play").click();
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
});

test("a broken episode source plays the error audio (docs/product.md §4/§8)", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
  await page.route(`**${other.EpisodeUrl}`, (route) => route.fulfill({ status: 404, body: "gone" }));
  await openReady(page, "/");
  await cardPlay(page, other.title).click();
  const a = await expectPlaying(page, "/media/audio/error.mp3", 0.05);
  expect(a.src).toBe("/media/audio/error.mp3");
});

test("an aborted episode request also plays the error audio", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
  await page.route(`**${other.EpisodeUrl}`, (route) => route.abort("aborted"));
  await openReady(page, episodeLink(other.title));
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${other.title}` })
    .click();
  await expectPlaying(page, "/media/audio/error.mp3", 0.05);
});

test("a ?t= share link starts the first play at t", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
  await openReady(page, `${episodeLink(other.title)}&t=20`);
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${other.title}` })
    .click();
  const a = await expectPlaying(page, other.EpisodeUrl, 20);
  expect(a.currentTime).toBeLessThan(27);
});

test("junk ?t= values are ignored (starts at 0)", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
  await openReady(page, `${episodeLink(other.title)}&t=-5abc`);
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${other.title}` })
    .click();
  const a = await expectPlaying(page, other.EpisodeUrl, 0.1);
  expect(a.currentTime).toBeLessThan(8);
});

test("keyboard: Space toggles, arrows seek, Shift+arrows change speed, ? opens help; not while typing", async ({
  page,
}, testInfo) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => (dialogs.push(d.message()), d.accept()));
  await openReady(page, "/");
  await cardPlay(page, first.title).click();
  await expectPlaying(page, first.EpisodeUrl, 1);
  await blurActive(page);

  await page.keyboard.press("Space");
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  await page.keyboard.press("Space");
  await expect.poll(async () => (await audio(page)).paused).toBe(false);

  const before = (await audio(page)).currentTime;
  await page.keyboard.press("ArrowRight"); // +30 s
  await expect.poll(async () => (await audio(page)).currentTime).toBeGreaterThan(before + 25);
  const later = (await audio(page)).currentTime;
  await page.keyboard.press("ArrowLeft"); // −15 s
  await expect.poll(async () => (await audio(page)).currentTime).toBeLessThan(later - 10);

  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(async () => (await audio(page)).playbackRate).toBe(1.25);
  await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(async () => (await audio(page)).playbackRate).toBe(0.75);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Play / pause");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // Typing in a field never fires a shortcut.
  if (!isMobile(testInfo)) {
    const box = page.getByRole("combobox", { name: "Search episodes" });
    // The sample's episodes last tens of seconds: from the start, it cannot end (and pause) while a slow machine types.
    await page.evaluate(() => ((document.getElementById("global-audio") as HTMLAudioElement).currentTime = 0));
    await box.click();
    const t0 = (await audio(page)).currentTime;
    await box.pressSequentially("a b ?");
    await box.press("ArrowLeft");
    await box.press("Shift+ArrowLeft");
    await expect(box).toHaveValue("a b ?");
    const a = await audio(page);
    expect(a.paused).toBe(false);
    expect(a.playbackRate).toBe(0.75);
    expect(a.currentTime).toBeGreaterThanOrEqual(t0);
    await expect(help).toBeHidden();
  }
  expect(dialogs).toEqual([]);
});

test("no JS: the episode page offers native <audio controls> in <noscript> and a Download link", async ({ page }) => {
  await page.goto(episodeLink(first.title));
  const native = page.locator("audio[controls]");
  await expect(native).toHaveCount(1);
  await expect(native).toHaveAttribute("src", first.EpisodeUrl);
  expect(await native.evaluate((el) => el.parentElement?.tagName)).toBe("NOSCRIPT");
  // In the served HTML it sits inside <noscript>, so with JS on it never renders.
  const html = await (await page.request.get(episodeLink(first.title))).text();
  expect(html).toMatch(/<noscript><audio [^>]*controls=""[^>]*src="\/media\/audio\/[^"]+\.mp3"/);
  const download = page.getByRole("link", { name: /Download/ });
  await expect(download).toHaveAttribute("href", first.EpisodeUrl);
  await expect(download).toHaveAttribute("download", downloadFileName(first.EpisodeUrl));
  // The file itself is served.
  const res = await page.request.get(first.EpisodeUrl);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("audio/mpeg");
});
