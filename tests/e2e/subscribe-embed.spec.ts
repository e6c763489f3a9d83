/**
 * Following the show from its pages: Subscribe (podcast apps' subscribe links, the feed URL to
 * copy), the embeddable player with oEmbed, and clip links. JS on and off, desktop and 375 px.
 */
import http from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { episodeLink } from "../../app/rules/episodes";
import { eraFeedLink, eraLink } from "../../app/rules/eras";
import { COLD_CUT_FEED_PATH, SHOW_FEED_PATH } from "../../app/rules/podcast";
import { coldcutEpisode, episodes, newestFirst } from "./support/sample";
import { audio, expectPlaying, isMobile, jsOff, openReady } from "./support/player";

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
      // At 375 px one page shows the menu's layout; which feed each page offers is the desktop's to check.
      test.skip(testInfo.project.name === "mobile-375" && name !== "an episode page", "one page at 375 px");
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

test.describe("the embeddable player", () => {
  /** Another site's page (another origin on this machine) that frames what it is given. */
  let blog: http.Server;
  let blogOrigin = "";
  test.beforeAll(async () => {
    blog = http.createServer((req, res) => {
      const src = new URL(req.url!, "http://x").searchParams.get("src") ?? "";
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>A blog</title><h1>A blog post</h1>${src}`,
      );
    });
    await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
    blogOrigin = `http://127.0.0.1:${(blog.address() as { port: number }).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => blog.close(() => resolve())));
  const blogPost = (html: string) => `${blogOrigin}/post?src=${encodeURIComponent(html)}`;

  test("an episode page's oEmbed link gives a player that another site's page can frame and play", async ({
    page,
    request,
  }, testInfo) => {
    const html = await (await request.get(episodeLink(first.title))).text();
    const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)![1]!;
    const oembed = await request.get(discovery.replace(/&amp;/g, "&"));
    expect(oembed.status()).toBe(200);
    expect(oembed.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect(oembed.headers()["cache-control"]).toMatch(/^public, /);
    const data = await oembed.json();
    expect(data).toMatchObject({ version: "1.0", type: "rich", title: first.title, width: 600, height: 170 });
    const src = /<iframe src="([^"]+)"/.exec(data.html)![1]!;
    expect(src).toBe(abs(`/embed/episode?title=${encodeURIComponent(first.title)}`));

    await page.goto(blogPost(data.html));
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
    // No site chrome: no header, navigation, footer or global player in the frame.
    await expect(frame.getByRole("banner")).toHaveCount(0);
    await expect(frame.getByRole("navigation")).toHaveCount(0);
    await expect(frame.getByRole("contentinfo")).toHaveCount(0);
    await expect(frame.locator("#global-audio")).toHaveCount(0);
    // The browser's own control without JavaScript; with it, the player's (embed-player.spec.ts).
    const player = frame.locator("audio");
    await expect(player).toHaveAttribute("src", first.EpisodeUrl);
    await expect(frame.locator("audio[controls]")).toHaveCount(jsOff(testInfo) ? 1 : 0);
    if (jsOff(testInfo)) await expect(player).toHaveAttribute("aria-label", `Listen to ${first.title}`);
    const box = (await page.locator("iframe").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    if (!jsOff(testInfo)) {
      const embedded = page.frames().find((f) => f.url().startsWith(src))!;
      await frame.getByRole("button", { name: "Play" }).click();
      await expect
        .poll(() => embedded.evaluate(() => document.querySelector("audio")!.currentTime))
        .toBeGreaterThan(0.2);
    }
  });

  test("only the player may be framed: an episode page in another site's frame is refused", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-js", "headers and framing: one browser is enough");
    const embed = await request.get(`/embed/episode?title=${encodeURIComponent(first.title)}`);
    expect(embed.headers()["x-frame-options"]).toBeUndefined();
    expect(embed.headers()["content-security-policy"]).toMatch(/frame-ancestors \*(;|$)/);
    expect(embed.headers()["cache-control"]).toMatch(/^public, /);
    const episode = await request.get(episodeLink(first.title));
    expect(episode.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(episode.headers()["content-security-policy"]).toMatch(/frame-ancestors 'none'/);

    await page.goto(blogPost(`<iframe src="${abs(episodeLink(first.title))}" title="framed"></iframe>`));
    await expect(page.getByRole("heading", { name: "A blog post" })).toBeVisible();
    await expect(page.frameLocator("iframe").getByRole("heading", { name: first.title })).toHaveCount(0);
  });

  test("a Cold Cut episode embeds from its own page, and an unknown title is the NOT FOUND page", async ({
    page,
  }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await page.goto(`/embed/coldcut?title=${encodeURIComponent(coldcutEpisode.title)}`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1, name: coldcutEpisode.title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cold Cut — The Ham Radio Show" })).toHaveAttribute(
      "href",
      abs("/coldcut"),
    );
    if (!jsOff(testInfo)) expect(await axeSerious(page)).toEqual([]);
    expect(errors, "no script or hydration errors").toEqual([]);
    const missing = await page.goto("/embed/episode?title=No%20such%20episode");
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "NOT FOUND" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
  });

  test("oEmbed answers only for this site's episode pages, in JSON, within the size asked", async ({
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-js", "HTTP only");
    const ask = (query: Record<string, string>) => request.get(`/oembed?${new URLSearchParams(query)}`);
    const page = abs(episodeLink(first.title));
    const small = await (await ask({ url: page, format: "json", maxwidth: "320", maxheight: "150" })).json();
    expect([small.width, small.height]).toEqual([320, 150]);
    expect(small.html).toContain('width="320" height="150"');
    const cold = await (await ask({ url: abs(episodeLink(coldcutEpisode.title, true)) })).json();
    expect(cold.html).toContain(`/embed/coldcut?title=${encodeURIComponent(coldcutEpisode.title)}`);
    for (const [query, status] of [
      [{ url: page, format: "xml" }, 501],
      [{ url: `https://elsewhere.example/episode?title=${encodeURIComponent(first.title)}` }, 404],
      [{ url: abs("/episode?title=No%20such%20episode") }, 404],
      [{ url: abs("/about") }, 404],
      [{ url: "not a url" }, 404],
      [{}, 400],
      [{ url: page, format: "yaml" }, 400],
      [{ url: page, maxwidth: "wide" }, 400],
    ] as const) {
      expect((await ask(query)).status(), JSON.stringify(query)).toBe(status);
    }
  });
});

test.describe("clip links (?t=&end=)", () => {
  const page0 = episodeLink(first.title);

  test("a clip link plays from its start and stops at its end", async ({ page }, testInfo) => {
    test.skip(jsOff(testInfo), "JS off: the native player's media fragment, below");
    test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
    await openReady(page, `${page0}&t=2&end=5`);
    await page
      .getByRole("main")
      .getByRole("button", { name: `Play ${first.title}` })
      .click();
    await expectPlaying(page, first.EpisodeUrl, 2);
    await expect.poll(async () => (await audio(page)).paused, { timeout: 20_000 }).toBe(true);
    const stopped = await audio(page);
    expect(stopped.currentTime).toBeGreaterThanOrEqual(5);
    expect(stopped.currentTime).toBeLessThan(6.5);
    await expect(page.getByRole("main").getByRole("link", { name: abs(`${page0}&t=2&end=5`) })).toBeVisible();
  });

  test("the clip form makes the link: shared at once with JavaScript, opened as a page without", async ({
    page,
    context,
  }, testInfo) => {
    test.skip(isMobile(testInfo), "the form's logic, the same at 375 px");
    const form = page.getByRole("form", { name: "Share a clip" });
    if (jsOff(testInfo)) {
      await page.goto(page0);
      await form.getByRole("spinbutton", { name: "From (seconds)" }).fill("3");
      await form.getByRole("spinbutton", { name: "To (seconds)" }).fill("8");
      await form.getByRole("button", { name: "Make a clip link" }).click();
      await expect(page).toHaveURL(abs(`${page0.replace(/%20/g, "+")}&t=3&end=8`));
      // The native player plays just the clip (a media fragment), and the clip's own link is shown.
      await expect(page.locator("audio.noscript-audio")).toHaveAttribute("src", `${first.EpisodeUrl}#t=3,8`);
      await expect(page.getByRole("link", { name: abs(`${page0}&t=3&end=8`) })).toBeVisible();
      // Junk or a backwards clip is ignored, as a junk ?t= is: the page still opens.
      const backwards = await page.goto(`${page0}&t=8&end=3`);
      expect(backwards!.status()).toBe(200);
      await expect(page.locator("audio.noscript-audio")).toHaveAttribute("src", `${first.EpisodeUrl}#t=8`);
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      // No Web Share on this "device": the link is copied.
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await openReady(page, page0);
    // The sample episodes are half a minute long.
    await form.getByRole("spinbutton", { name: "From (seconds)" }).fill("4");
    await form.getByRole("spinbutton", { name: "To (seconds)" }).fill("19");
    await form.getByRole("button", { name: "Share from 0:04 to 0:19" }).click();
    await expect(form.getByRole("status")).toHaveText("Clip link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(abs(`${page0}&t=4&end=19`));
    // An end before the start makes no link.
    await form.getByRole("spinbutton", { name: "To (seconds)" }).fill("2");
    await expect(form.getByRole("button", { name: /^Choose an end after the start/ })).toBeDisabled();
    // Playing this episode, the clip can start where the player is.
    await expect(form.getByRole("button", { name: "From the player's position" })).toHaveCount(0);
    await page
      .getByRole("main")
      .getByRole("button", { name: `Play ${first.title}` })
      .click();
    await expectPlaying(page, first.EpisodeUrl, 6);
    await form.getByRole("button", { name: "From the player's position" }).click();
    // The form re-renders after the click (its code may have come only now, the click made again).
    const fromField = form.getByRole("spinbutton", { name: "From (seconds)" });
    await expect.poll(async () => Number(await fromField.inputValue())).toBeGreaterThanOrEqual(6);
    const from = Number(await fromField.inputValue());
    const to = Number(await form.getByRole("spinbutton", { name: "To (seconds)" }).inputValue());
    expect(to).toBe(Math.min(from + 30, Math.floor(first.EpisodeDuration)));
    await expect(form.getByRole("button", { name: /^Share from 0:\d\d to 0:\d\d$/ })).toBeEnabled();
  });
});
