/**
 * Following the show from its pages: Subscribe (podcast apps' subscribe links, the feed URL to
 * copy), the embeddable player with oEmbed, and clip links. JS on and off, desktop and 375 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { episodeLink } from "../../app/rules/episodes";
import { eraFeedLink, eraLink } from "../../app/rules/eras";
import { COLD_CUT_FEED_PATH, SHOW_FEED_PATH } from "../../app/rules/podcast";
import { coldcutEpisode, episodes, newestFirst } from "./support/sample";
import { isMobile, jsOff, openReady } from "./support/player";

const first = newestFirst(episodes)[0]!;
const abs = (path: string) => new URL(path, baseURL).href;

async function open(page: Page, path: string, testInfo: TestInfo) {
  if (jsOff(testInfo)) await page.goto(path);
  else await openReady(page, path);
}

async function axeSerious(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .exclude("iframe")
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test.describe("Subscribe", () => {
  test.use({ reducedMotion: "reduce" });
  for (const [name, path, feed] of [
    ["home", "/", SHOW_FEED_PATH],
    ["an era page", eraLink("MLR"), eraFeedLink("MLR")],
    ["an episode page", episodeLink(first.title), SHOW_FEED_PATH],
    ["a Cold Cut episode page", episodeLink(coldcutEpisode.title, true), COLD_CUT_FEED_PATH],
  ] as const) {
    test(`${name} offers the podcast apps and the feed URL`, async ({ page, context, request }, testInfo) => {
      if (!jsOff(testInfo)) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await open(page, path, testInfo);
      const main = page.getByRole("main");
      const menu = main.getByRole("group", { name: /^Subscribe to / });
      await expect(menu).toBeHidden();
      await main.locator("summary", { hasText: "Subscribe" }).click();
      await expect(menu).toBeVisible();

      const feedUrl = abs(feed);
      const bare = feedUrl.replace(/^http:\/\//, "");
      const links = menu.getByRole("link");
      await expect(links).toHaveText([
        "Apple Podcasts",
        "Pocket Casts",
        "Overcast",
        "Podcast Addict",
        "Open the RSS feed",
      ]);
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual([
        `podcast://${bare}`,
        `pktc://subscribe/${bare}`,
        `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`,
        `podcastaddict://${bare}`,
        feed,
      ]);
      // The raw feed is still one click away, and it is the feed the apps are given.
      const raw = await request.get(hrefs[4]!);
      expect([raw.status(), raw.headers()["content-type"]]).toEqual([200, "application/rss+xml; charset=utf-8"]);
      await expect(menu.getByRole("textbox", { name: "Feed URL" })).toHaveValue(feedUrl);

      const copy = menu.getByRole("button", { name: "Copy feed URL" });
      if (jsOff(testInfo)) {
        await expect(copy).toBeHidden();
      } else {
        await copy.click();
        await expect(menu.getByRole("status")).toHaveText("Feed URL copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(main.locator("summary", { hasText: "Subscribe" })).toBeFocused();
        await main.locator("summary", { hasText: "Subscribe" }).click();
      }
      const box = (await menu.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      if (isMobile(testInfo) || (!jsOff(testInfo) && name === "an episode page"))
        expect(await axeSerious(page)).toEqual([]);
    });
  }
});
