/**
 * A signed-in listener's speed per era follows them to another browser, and their listening
 * stats (time actually played, episodes finished, per era) show on /user and in "download my
 * data". /user's stats at 1280 and 375 px and without JavaScript, with axe.
 */
import { expect, test, type Page } from "@playwright/test";
import { asListener, saveProgress, signIn, signedIn } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { audio, cardPlay, expectPlaying, isMobile, jsOff, openReady, playerButton } from "./support/player";
import { seriousViolations } from "./support/axe";

test.beforeEach(() => test.setTimeout(90_000));

const [first, second, third] = newestFirst(episodes);

const myData = async (page: Page) => {
  const res = await page.request.get("/user/data");
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    listening: {
      speeds: Record<string, number>;
      stats: { listened: number; finished: number; eras: { era: string | null; listened: number; finished: number }[] };
    };
  };
};

test("a speed chosen in one browser is the era's speed in another signed-in browser, and in the download", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(isMobile(testInfo) || jsOff(testInfo), "the desktop bar's speed, with JavaScript");
  await asListener(page);
  const account = await signedIn(page);
  await openReady(page, "/");
  await cardPlay(page, first!.title).click();
  await expectPlaying(page, first!.EpisodeUrl);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/speed") && r.request().method() === "POST");
  await page
    .getByRole("region", { name: "Player" })
    .getByRole("combobox", { name: "Playback speed" })
    .selectOption("2");
  expect((await saved).status()).toBe(200);
  expect((await myData(page)).listening.speeds).toEqual({ [first!.era]: 2 });

  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    await asListener(tab);
    await signIn(tab, account.email, account.password);
    await openReady(tab, "/");
    // Another episode of the same era, on a browser that has never chosen a speed.
    expect(second!.era).toBe(first!.era);
    await cardPlay(tab, second!.title).click();
    await expectPlaying(tab, second!.EpisodeUrl);
    await expect.poll(async () => (await audio(tab)).playbackRate).toBe(2);
    await expect(
      tab.getByRole("region", { name: "Player" }).getByRole("combobox", { name: "Playback speed" }),
    ).toHaveValue("2");
  } finally {
    await other.close();
  }
});

test("listening stats: time actually played and episodes finished, per era, on /user and in the download", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await asListener(page);
  await signedIn(page);
  await page.goto("/user");
  const stats = page.getByRole("region", { name: "Listening stats" });
  await expect(stats.getByText("Nothing yet: play an episode while signed in and it is counted here.")).toBeVisible();

  if (js) {
    // The player counts what it plays: about three seconds of the newest episode, then a pause.
    await openReady(page, "/");
    await cardPlay(page, first!.title).click();
    await expectPlaying(page, first!.EpisodeUrl, 3);
    const written = page.waitForResponse((r) => r.url().endsWith("/api/progress") && r.request().method() === "POST");
    await playerButton(page, "Pause").click();
    expect((await written).status()).toBe(200);
  } else {
    // Without JavaScript there is no player to count: a write as the player sends it.
    const res = await page.request.post("/api/progress", {
      data: {
        AudioTitle: first!.title,
        AudioSrc: first!.EpisodeUrl,
        Duration: first!.EpisodeDuration,
        currentTime: 3,
        at: Date.now(),
        listenId: `nojs${Date.now().toString(36)}`,
        listened: 3.2,
        era: first!.era,
      },
    });
    expect(res.status()).toBe(200);
  }
  // Opening an episode and jumping to its end finishes it, and adds no time listened.
  await saveProgress(page, third!, third!.EpisodeDuration - 5);

  const data = await myData(page);
  expect(data.listening.stats.finished).toBe(1);
  expect(data.listening.stats.listened).toBeGreaterThanOrEqual(2);
  expect(data.listening.stats.listened).toBeLessThan(20);
  expect(data.listening.stats.eras).toEqual([
    { era: first!.era, listened: data.listening.stats.listened, finished: 1 },
  ]);

  await page.goto("/user");
  const seconds = `${Math.floor(data.listening.stats.listened)} s`;
  await expect(stats.getByRole("term")).toHaveText(["Time listened", "Episodes finished"]);
  await expect(stats.getByRole("definition")).toHaveText([seconds, "1"]);
  const row = stats.getByRole("table", { name: "By era" }).getByRole("row", { name: first!.era });
  await expect(row.getByRole("cell")).toHaveText([seconds, "1"]);
  await expect(stats.getByText(/counts the audio you actually played while signed in/)).toBeVisible();
  // The page still says who this is (its spec string).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^H\.O\.F: /);
  // axe runs in the page: without JavaScript it cannot, and the server's markup is the same as with it.
  if (js) {
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  }
});
