/**
 * a signed-in listener's place in every episode shows on its cards and its page
 * (a bar and "n min left", or "Played"), marks played and unplayed (a form without JavaScript, a
 * fetcher with it), and "Continue listening" leads the home page and /user. Desktop with and
 * without JavaScript, and at 375 px.
 */
import { expect, test, type Page } from "@playwright/test";
import { saveProgress, signedIn } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { expectPlaying, jsOff, openReady, tagAudio } from "./support/player";

test.beforeEach(() => test.setTimeout(90_000));

const q = encodeURIComponent;
const cardOf = (page: Page, title: string) =>
  page
    .getByRole("region", { name: "Latest Episodes" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const open = (page: Page, url: string, js: boolean) => (js ? openReady(page, url) : page.goto(url).then(() => {}));

test("positions on cards and the episode page, played and unplayed marks, and Continue listening", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const [first, second] = newestFirst(episodes);
  await open(page, "/", js);
  // Signed out: no marks and no Continue listening.
  await expect(page.getByRole("button", { name: `Mark ${first!.title} as played` })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Continue listening" })).toHaveCount(0);

  await signedIn(page);
  // The player's own progress write keeps the episode's place too (2 s of ~35).
  await saveProgress(page, first!, 2);
  await open(page, "/", js);
  const continuing = page.getByRole("region", { name: "Continue listening" });
  await expect(continuing.getByRole("link", { name: first!.title })).toHaveAttribute(
    "href",
    `/episode?title=${q(first!.title)}&t=2#listen`,
  );
  const card = cardOf(page, first!.title);
  await expect(card.getByRole("progressbar", { name: `Listened to ${first!.title}` })).toHaveAttribute("value", "2");
  await expect(card.getByText("1 min left")).toBeVisible();

  // With JavaScript a mark is sent by a fetcher: the page (and its player) stays.
  if (js) await tagAudio(page, "same-page");
  await card.getByRole("button", { name: `Mark ${first!.title} as played` }).click();
  await expect(card.getByText("Played", { exact: true })).toBeVisible();
  if (js)
    expect(
      await page.evaluate(() => (document.getElementById("global-audio") as { __hrsTag?: string } | null)?.__hrsTag),
    ).toBe("same-page");
  await expect(card.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Continue listening" })).toHaveCount(0);
  if (!js) await expect(page).toHaveURL(/\/$/);

  await card.getByRole("button", { name: `Mark ${first!.title} as unplayed` }).click();
  await expect(card.getByRole("button", { name: `Mark ${first!.title} as played` })).toBeVisible();
  await expect(card.getByText("Played", { exact: true })).toHaveCount(0);

  // Past its last 30 s an episode counts as played: its page says so.
  await saveProgress(page, first!, first!.EpisodeDuration - 10);
  await open(page, `/episode?title=${q(first!.title)}`, js);
  await expect(page.getByRole("main").getByText("Played", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Mark ${first!.title} as unplayed` })).toBeVisible();

  // /user: Continue listening comes first, newest first, each resuming where it stopped.
  await saveProgress(page, second!, 3);
  await open(page, "/user", js);
  const mine = page.getByRole("region", { name: "Continue listening" });
  await expect(mine.getByRole("link")).toHaveText([second!.title]);
  await expect(mine.getByRole("link", { name: second!.title })).toHaveAttribute(
    "href",
    `/episode?title=${q(second!.title)}&t=3#listen`,
  );
  if (js) {
    // The player offers the place it restored: the one prompt for that episode (the list's Resume steps aside).
    const offer = page.getByRole("status").filter({ hasText: `Continue ${second!.title} at 0:03?` });
    await expect(mine.getByRole("button", { name: `Resume ${second!.title}` })).toHaveCount(0);
    await offer.getByRole("button", { name: "Continue" }).click();
    const playing = await expectPlaying(page, new URL(second!.EpisodeUrl, "http://x").pathname, 3);
    expect(playing.currentTime).toBeGreaterThanOrEqual(3);
  } else {
    await mine.getByRole("link", { name: second!.title }).click();
    await expect(page.getByLabel(`Listen to ${second!.title}`)).toHaveAttribute("src", /#t=3$/);
  }
});

test("a mark with a bad intent or an episode not in the catalog is a clear 400", async ({ page }, testInfo) => {
  test.skip(jsOff(testInfo) || testInfo.project.name !== "desktop-js", "an HTTP check: once");
  const [first] = newestFirst(episodes);
  await signedIn(page);
  const post = (form: Record<string, string>) => page.request.post("/played", { form, maxRedirects: 0 });
  const bad = await post({ intent: "finished", audioSrc: first!.EpisodeUrl, title: first!.title });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("neither played nor unplayed");
  const unknown = await post({ intent: "played", audioSrc: "/media/audio/nope.mp3", title: "No such episode" });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("not in the catalog");
  const good = await post({ intent: "played", audioSrc: first!.EpisodeUrl, title: first!.title, redirectTo: "/user" });
  expect(good.status()).toBe(302);
  expect(good.headers()["location"]).toBe("/user");
});
