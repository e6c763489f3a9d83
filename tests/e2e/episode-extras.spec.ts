/**
 * Soundbites, chapters and transcripts (episode page, player, feeds) and the era page's order,
 * with JavaScript on and off and at 375 px.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { episodes, newestFirst } from "./support/sample";
import { audio, expectPlaying, isMobile, jsOff, openReady } from "./support/player";
import { soundbiteClip, type Soundbite } from "../../app/rules/soundbites";

type Extras = { ChaptersUrl?: string; TranscriptUrl?: string; Soundbites?: Soundbite[] };
const withBoth = episodes.find((e) => (e as Extras).ChaptersUrl && (e as Extras).TranscriptUrl)!;
const withNeither = episodes.find((e) => !(e as Extras).ChaptersUrl && !(e as Extras).TranscriptUrl)!;
const chapters = (
  JSON.parse(fs.readFileSync(`public${(withBoth as Extras).ChaptersUrl}`, "utf8")) as {
    chapters: { startTime: number; title: string }[];
  }
).chapters;
const pageOf = (title: string) => `/episode?title=${encodeURIComponent(title)}`;
const mmss = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

async function open(page: Page, url: string, js: boolean) {
  if (js) await openReady(page, url);
  else await page.goto(url);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

// A full axe pass on a long page takes a while on a busy 2-core machine.
test.beforeEach(() => test.setTimeout(90_000));

test.describe("episode page: chapters and transcript", () => {
  test("lists the chapters and the transcript as links to their moment", async ({ page }, testInfo) => {
    await open(page, pageOf(withBoth.title), !jsOff(testInfo));
    const list = page.getByRole("region", { name: "Chapters" }).getByRole("link");
    await expect(list).toHaveCount(chapters.length);
    for (const [i, c] of chapters.entries()) {
      await expect(list.nth(i)).toHaveText(`${mmss(c.startTime)}${c.title}`);
      await expect(list.nth(i)).toHaveAttribute(
        "href",
        `${pageOf(withBoth.title)}&t=${Math.floor(c.startTime)}#listen`,
      );
    }
    const lines = page.getByRole("region", { name: "Transcript" }).getByRole("link");
    expect(await lines.count()).toBeGreaterThan(3);
    await expect(lines.first()).toContainText("The Ham Radio Show");
    // axe runs as a script: the same markup is checked with JavaScript on.
    if (!jsOff(testInfo)) expect(await seriousViolations(page)).toEqual([]);
  });

  test("without JavaScript a chapter opens the page's own player at its time", async ({ page }, testInfo) => {
    test.skip(!jsOff(testInfo), "the JavaScript way seeks the global player");
    await page.goto(pageOf(withBoth.title));
    const second = chapters[1]!;
    await page.getByRole("region", { name: "Chapters" }).getByRole("link", { name: second.title }).click();
    await expect(page).toHaveURL(new RegExp(`&t=${Math.floor(second.startTime)}#listen$`));
    await expect(page.locator("audio#listen")).toHaveAttribute(
      "src",
      `${withBoth.EpisodeUrl}#t=${Math.floor(second.startTime)}`,
    );
  });

  test("with JavaScript a chapter plays from its start, marked, with the player following chapters", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "needs JavaScript");
    await openReady(page, pageOf(withBoth.title));
    const region = page.getByRole("region", { name: "Chapters" });
    await expect(page.locator(".episode-extras[data-following]")).toBeAttached();
    const second = chapters[1]!;
    await region.getByRole("link", { name: second.title }).click();
    await expectPlaying(page, withBoth.EpisodeUrl, second.startTime);
    await expect(page).toHaveURL(pageOf(withBoth.title));
    await expect(region.getByRole("link", { name: second.title })).toHaveAttribute("aria-current", "true");
    const line = page.getByRole("region", { name: "Transcript" }).locator('a[aria-current="true"]');
    await expect(line).toHaveCount(1);

    const third = chapters[2]!;
    if (isMobile(testInfo)) {
      await expect(page.getByTestId("mobile-banner")).toContainText(second.title);
      await page.getByRole("button", { name: "More" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Next chapter" }).click();
    } else {
      const player = page.getByRole("region", { name: "Player" });
      await expect(player.getByTestId("player-chapter")).toHaveText(second.title);
      await player.getByRole("button", { name: "Next chapter" }).click();
      await expect(player.getByTestId("player-chapter")).toHaveText(third.title);
      await expect(player.getByRole("button", { name: "Next chapter" })).toBeDisabled();
    }
    await expectPlaying(page, withBoth.EpisodeUrl, third.startTime);
    await expect(region.getByRole("link", { name: third.title })).toHaveAttribute("aria-current", "true");
    if (isMobile(testInfo)) await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    // A line of the transcript seeks back to it.
    const first = page.getByRole("region", { name: "Transcript" }).getByRole("link").first();
    await first.click();
    await expect(first).toHaveAttribute("aria-current", "true");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("an episode without chapters or transcript shows neither", async ({ page }, testInfo) => {
    await open(page, pageOf(withNeither.title), !jsOff(testInfo));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withNeither.title);
    await expect(page.getByRole("heading", { name: "Chapters" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Transcript" })).toHaveCount(0);
  });
});

test.describe("episode page: soundbites", () => {
  const bitten = episodes.find((e) => ((e as Extras).Soundbites?.length ?? 0) > 1)!;
  const clips = (bitten as Extras).Soundbites!.map((b) => ({ ...soundbiteClip(b), title: b.title }));
  const links = (page: Page) => page.getByRole("region", { name: "Soundbites" }).getByRole("link");

  test("lists the show's soundbites as clip links", async ({ page }, testInfo) => {
    await open(page, pageOf(bitten.title), !jsOff(testInfo));
    await expect(links(page)).toHaveText(clips.map((c) => `${mmss(c.start)}–${mmss(c.end)}${c.title}`));
    for (const [i, c] of clips.entries())
      await expect(links(page).nth(i)).toHaveAttribute(
        "href",
        `${pageOf(bitten.title)}&t=${c.start}&end=${c.end}#listen`,
      );
    await open(page, pageOf(withNeither.title), !jsOff(testInfo));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withNeither.title);
    await expect(page.getByRole("heading", { name: "Soundbites" })).toHaveCount(0);
  });

  test("without JavaScript a soundbite opens the page's own player on just that clip", async ({ page }, testInfo) => {
    test.skip(!jsOff(testInfo), "the JavaScript way plays it in the global player");
    await page.goto(pageOf(bitten.title));
    const second = clips[1]!;
    await links(page).filter({ hasText: second.title }).click();
    await expect(page).toHaveURL(new RegExp(`&t=${second.start}&end=${second.end}#listen$`));
    await expect(page.locator("audio#listen")).toHaveAttribute(
      "src",
      `${bitten.EpisodeUrl}#t=${second.start},${second.end}`,
    );
  });

  test("with JavaScript a soundbite plays its clip in the player and stops at its end, again on a second click", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo) || isMobile(testInfo), "needs JavaScript; the player's logic, the same at 375 px");
    await openReady(page, pageOf(bitten.title));
    await expect(page.locator(".episode-extras[data-following]")).toBeAttached();
    const first = clips[0]!;
    for (let round = 0; round < 2; round++) {
      // Not playing the episode yet, then playing it (paused at the first clip's end): both stop there.
      await links(page).filter({ hasText: first.title }).click();
      await expectPlaying(page, bitten.EpisodeUrl, first.start);
      await expect.poll(async () => (await audio(page)).paused, { timeout: 20_000 }).toBe(true);
      const stopped = await audio(page);
      expect(stopped.currentTime).toBeGreaterThanOrEqual(first.end);
      expect(stopped.currentTime).toBeLessThan(first.end + 1.5);
    }
    await expect(page).toHaveURL(pageOf(bitten.title));
  });
});

test.describe("search", () => {
  test("finds episodes by words of their transcript and links to the moment", async ({ page }, testInfo) => {
    await open(page, "/search?term=chimney", !jsOff(testInfo));
    const cards = page.getByRole("main").getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    const first = cards.first();
    await expect(first.locator("mark")).toHaveText(["chimney"]);
    const link = first.getByRole("heading", { level: 3 }).getByRole("link");
    await expect(link).toHaveAttribute("href", /&t=10$/);
    await link.click();
    await expect(page).toHaveURL(/&t=10$/);
    await expect(page.getByRole("region", { name: "Transcript" })).toContainText("chimney");
  });
});

test.describe("feeds", () => {
  test("every chapters and transcript URL in the feed answers with its type", async ({ page, request }, testInfo) => {
    test.skip(jsOff(testInfo) || isMobile(testInfo), "the same answers everywhere");
    await page.goto("/");
    const feed = await (await request.get("/rss")).text();
    const urls = [...feed.matchAll(/<podcast:(chapters|transcript) url="([^"]+)" type="([^"]+)"\/>/g)];
    expect(urls.length).toBeGreaterThan(10);
    for (const [, , url, type] of new Map(urls.map((m) => [m[2], m])).values()) {
      const answer = await request.get(new URL(url!).pathname);
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()["content-type"]).toBe(`${type}; charset=utf-8`);
    }
  });
});

test.describe("era page order and card details", () => {
  test("sorts oldest first by a link, and back, and shows each card's number and date", async ({ page }, testInfo) => {
    const station = "MLR";
    const newest = newestFirst(episodes.filter((e) => e.era === station));
    await open(page, `/era?station=${station}`, !jsOff(testInfo));
    const sort = page.getByRole("navigation", { name: "Sort episodes" });
    await expect(sort.getByRole("link", { name: "Newest first" })).toHaveAttribute("aria-current", "page");
    await sort.getByRole("link", { name: "Oldest first" }).click();
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(sort.getByRole("link", { name: "Oldest first" })).toHaveAttribute("aria-current", "page");
    const cards = page.getByRole("list", { name: `${station} episodes` }).getByRole("article");
    const oldest = [...newest].reverse();
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(oldest.slice(0, 24).map((e) => e.title));
    const first = oldest[0]!;
    const date = new Date(first.pubdate).toLocaleDateString("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    await expect(cards.first().locator("time")).toHaveText(date);
    await expect(cards.first().locator("time")).toHaveAttribute("datetime", new Date(first.pubdate).toISOString());
    const number = /^Episode (\d+):/.exec(first.title)?.[1];
    if (number) await expect(cards.first()).toContainText(`Ep. ${number}`);
    if (oldest.length > 24) {
      await page.getByRole("link", { name: /Newer →/ }).click();
      await expect(page).toHaveURL(/sort=oldest&page=2/);
      await expect(cards.getByRole("heading", { level: 3 }).first()).toHaveText(oldest[24]!.title);
    }
    await sort.getByRole("link", { name: "Newest first" }).click();
    await expect(cards.getByRole("heading", { level: 3 }).first()).toHaveText(newest[0]!.title);
    if (!jsOff(testInfo)) expect(await seriousViolations(page)).toEqual([]);
  });

  test("a sort it does not know is a 400 that says what it takes", async ({ request }, testInfo) => {
    test.skip(jsOff(testInfo) || isMobile(testInfo), "the same answer everywhere");
    const answer = await request.get("/era?station=MLR&sort=sideways");
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("newest or oldest");
  });
});
