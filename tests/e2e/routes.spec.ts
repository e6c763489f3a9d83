/**
 * Every public route of docs/product.md §2, server-rendered, with the spec's exact strings and
 * links, run with JavaScript on (desktop-js) and off (desktop-nojs).
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import Parser from "rss-parser";
import { truncateChars, truncateWords } from "../../app/rules/text";
import { newsLink, newsTypeOf } from "../../app/rules/news";
import { eraFeedLink, eraLink, STATIONS } from "../../app/rules/eras";
import { slideTarget } from "../../app/rules/slider";
import { bingoBoard } from "../../app/rules/bingo";
import { downloadFileName, episodeLink } from "../../app/rules/episodes";

import { isRemote } from "./support/projects";
import {
  cannabisEpisode,
  coldcutEpisode,
  crew,
  crewMember,
  crewWithoutBingo,
  dthNews,
  episodeWithSubtext,
  episodeWithoutSubtext,
  episodes,
  homeNews,
  newestFirst,
  PUBLIC_ROUTES,
  sliderPosts,
  sponsors,
  stripHtml,
  trickyEpisode,
  wtfNews,
} from "./support/sample";

const CONTENT_SITE = "https://www.hamradioshow.net";
const q = encodeURIComponent;

const jsOn = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) =>
  testInfo.project.use.javaScriptEnabled !== false;

/** Embedded pages point at the (unreachable here) content site: don't wait for their frames. */
async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response, path).not.toBeNull();
  return response!;
}

/** The server's answer alone: the same with JavaScript on or off, so the embedded default checks it without (and the remote project on its data path). */
const serverAnswerOnly = (testInfo: TestInfo) =>
  test.skip(testInfo.project.name === "desktop-js", "the server's answer: checked without JavaScript");

test.describe("every public route answers with its status and heading", () => {
  test.beforeEach(({}, testInfo) => serverAnswerOnly(testInfo));
  for (const r of PUBLIC_ROUTES) {
    test(`${r.name}: ${r.path} → ${r.status}`, async ({ page }) => {
      const response = await open(page, r.path);
      expect(response.status()).toBe(r.status);
      expect(response.headers()["content-type"]).toContain("text/html");
      if (r.heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.heading);
      // The site chrome is on every page: nav bar, search box and the footer's social links.
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});

test.describe("site chrome (docs/product.md §2 Navigation bar, §1 footer)", () => {
  test.beforeEach(({}, testInfo) =>
    test.skip(isRemote(testInfo), "the chrome reads no service: once, on the embedded default"),
  );
  test("the nav bar has its six links in order with their hrefs", async ({ page }) => {
    await open(page, "/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    await expect(links).toHaveText(["Home", "Episodes", "About", "Crew", "News", "Help"]);
    const expected = ["/", "/eras", "/about", "/crew-page", "/News", "/help"];
    for (let i = 0; i < expected.length; i++) await expect(links.nth(i)).toHaveAttribute("href", expected[i]!);
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  });

  test("a profile icon leads to /user", async ({ page }) => {
    await open(page, "/");
    await expect(page.getByRole("banner").locator('a[href="/user"]:visible')).toHaveCount(1);
  });

  test("the search box has the spec's placeholder and is a GET form to /search", async ({ page }) => {
    await open(page, "/");
    const search = page.getByRole("search");
    const box = search.getByRole("combobox", { name: "Search episodes" });
    await expect(box).toHaveAttribute("placeholder", "Search episodes...");
    await expect(box).toHaveAttribute("name", "term");
    await expect(search).toHaveAttribute("method", "get");
    await expect(search).toHaveAttribute("action", "/search");
    await expect(search.getByRole("button", { name: "Search" })).toBeVisible();
  });

  test("the footer has the three social links on every page", async ({ page }) => {
    for (const path of ["/", "/eras", "/DPB", "/nope-404"]) {
      await open(page, path);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "The Ham Radio Show on Facebook" })).toHaveAttribute(
        "href",
        "https://www.facebook.com/hamradioshow",
      );
      await expect(footer.getByRole("link", { name: "The Ham Radio Show on X" })).toHaveAttribute(
        "href",
        "https://x.com/hamradioshow",
      );
      await expect(footer.getByRole("link", { name: "The Ham Radio Show on Instagram" })).toHaveAttribute(
        "href",
        "https://www.instagram.com/hamradioshow",
      );
    }
  });
});

test.describe("home", () => {
  test.beforeEach(async ({ page }) => {
    await open(page, "/");
  });

  test("has the sponsor banner labelled 'Presented by:' with a sponsor's link and logo", async ({ page }) => {
    const banner = page.getByRole("complementary", { name: "Sponsor" });
    await expect(banner).toContainText("Presented by:");
    const link = banner.getByRole("link");
    const href = await link.getAttribute("href");
    expect(sponsors.map((s) => s.SPNSRLink)).toContain(href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link.getByRole("img")).toBeVisible();
  });

  test("'Latest Episodes' shows the 8 newest episodes, newest first, each linking to its page", async ({ page }) => {
    await expect(page.getByRole("heading", { name: "Latest Episodes", level: 2 })).toBeVisible();
    const cards = page.getByRole("list", { name: "Latest Episodes" }).getByRole("listitem");
    await expect(cards).toHaveCount(8);
    const expected = newestFirst(episodes).slice(0, 8);
    for (let i = 0; i < 8; i++) {
      const e = expected[i]!;
      const link = cards.nth(i).getByRole("heading", { level: 3 }).getByRole("link");
      await expect(link).toHaveText(e.title);
      await expect(link).toHaveAttribute("href", episodeLink(e.title));
      // docs/product.md §5: the card description is cut to 18 words followed by an ellipsis.
      await expect(cards.nth(i)).toContainText(truncateWords(e.description));
      // A button with JavaScript, a link to the episode's own player without.
      const play = { name: `Play ${e.title}` };
      await expect(cards.nth(i).getByRole("button", play).or(cards.nth(i).getByRole("link", play))).toBeVisible();
    }
  });

  test("'More from Across 15+ Years' has the four era cards linking to /era?station=", async ({ page }) => {
    const section = page.locator("section", { has: page.getByRole("heading", { name: "More from Across 15+ Years" }) });
    const links = section.getByRole("link");
    await expect(links).toHaveCount(4);
    for (let i = 0; i < STATIONS.length; i++) {
      await expect(links.nth(i)).toContainText(STATIONS[i]!);
      await expect(links.nth(i)).toHaveAttribute("href", eraLink(STATIONS[i]!));
    }
  });

  test("'Direct From The Bunker' has 4 news cards, linked by their news type, texts cut to 15 characters", async ({
    page,
  }) => {
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Direct From The Bunker" }) });
    const cards = section.getByRole("listitem");
    await expect(cards).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      const p = homeNews[i]!;
      const link = cards.nth(i).getByRole("link");
      await expect(link).toHaveAttribute("href", newsLink(newsTypeOf(p.categories)!, p.slug));
      const title = truncateChars(stripHtml(p.title.rendered));
      // What the eye reads is the cut; what the card is named (its heading's accessible name) is the whole title.
      const heading = cards.nth(i).getByRole("heading", { level: 3 });
      await expect(heading.locator('[aria-hidden="true"]')).toHaveText(title);
      await expect(heading).toHaveAccessibleName(stripHtml(p.title.rendered));
      expect(title.replace(/\.\.\.$/, "").length).toBeLessThanOrEqual(15);
    }
    const hrefs = await section.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.some((h) => h!.startsWith("/News/"))).toBe(true);
    expect(hrefs.some((h) => h!.startsWith("/WTFNews/"))).toBe(true);
  });

  test("the slider links content-site slides to /Page/<path> and others to a new tab", async ({ page }) => {
    const slider = page.getByRole("region", { name: "Featured" });
    await expect(slider).toBeAttached();
    let internal = 0;
    let external = 0;
    for (const p of sliderPosts) {
      const url = Array.isArray(p.acf) ? null : (p.acf?.sliderurl ?? null);
      const target = slideTarget(url, CONTENT_SITE);
      if (target.kind === "none") continue;
      const link = slider.locator(`a[href="${target.href}"]`);
      await expect(link).toHaveCount(1);
      if (target.kind === "internal") {
        internal++;
        expect(target.href).toMatch(/^\/Page\//);
        await expect(link).not.toHaveAttribute("target", "_blank");
      } else {
        external++;
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /noopener/);
      }
    }
    expect(internal).toBeGreaterThanOrEqual(1);
    expect(external).toBeGreaterThanOrEqual(1);
  });

  test("the episode card's title opens its details page", async ({ page }) => {
    const first = newestFirst(episodes)[0]!;
    await page
      .getByRole("list", { name: "Latest Episodes" })
      .getByRole("link", { name: first.title, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/episode\\?title=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  });
});

test.describe("eras and era page", () => {
  test("/eras shows the four era tiles linking to /era?station=", async ({ page }) => {
    await open(page, "/eras");
    const main = page.getByRole("main");
    for (const s of STATIONS)
      await expect(main.getByRole("link", { name: new RegExp(`^${s}`) })).toHaveAttribute("href", eraLink(s));
  });

  test("an era card opens the era page", async ({ page }) => {
    await open(page, "/eras");
    await page.getByRole("main").getByRole("link", { name: /^MLR/ }).click();
    await expect(page).toHaveURL(/\/era\?station=MLR$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("MLR");
  });

  for (const station of STATIONS) {
    test(`era page for ${station}: name, description, share, RSS and episodes newest first`, async ({ page }) => {
      const response = await open(page, eraLink(station));
      expect(response.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(station);
      const share = `Share ${station}`;
      await expect(
        page.getByRole("button", { name: share }).or(page.locator(`summary[aria-label="${share}"]`)),
      ).toBeVisible();
      const rss = page.getByRole("link", { name: `${station} podcast RSS feed` });
      await expect(rss).toHaveAttribute("href", eraFeedLink(station));
      const expected = newestFirst(episodes.filter((e) => e.era === station));
      const titles = await page
        .getByRole("list", { name: `${station} episodes` })
        .getByRole("heading", { level: 3 })
        .allTextContents();
      expect(titles).toEqual(expected.slice(0, titles.length).map((e) => e.title));
      expect(titles.length).toBe(Math.min(24, expected.length));
    });
  }

  test("the era page pages through older episodes", async ({ page }) => {
    const expected = newestFirst(episodes.filter((e) => e.era === "UFRN"));
    test.skip(expected.length <= 24, "the sample era fits on one page");
    await open(page, eraLink("UFRN"));
    await page.getByRole("link", { name: /Older/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("list", { name: "UFRN episodes" }).getByRole("heading", { level: 3 })).toHaveText(
      expected.slice(24, 48).map((e) => e.title),
    );
    await expect(page.getByText(/Page 2 of/).first()).toBeVisible();
  });

  test("the share icon says 'Coming Soon!' in a polite notice, never a blocking alert", async ({ page }, testInfo) => {
    test.skip(!jsOn(testInfo), "without JavaScript the share opens its message in place (listeners.spec.ts)");
    await open(page, eraLink("PPR"));
    const dialogs: string[] = [];
    page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
    const notice = page.getByRole("status").filter({ hasText: "Coming Soon!" }).locator("visible=true");
    // The button works once the page has hydrated; keep clicking until it does.
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Share PPR" }).click();
        return notice.count();
      })
      .toBe(1);
    await expect(notice.getByText("Coming Soon!", { exact: true })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test("the RSS icon's feed is a valid RSS 2.0 podcast feed with the iTunes namespace", async ({ page, request }) => {
    serverAnswerOnly(test.info());
    await open(page, eraLink("MLR"));
    const href = await page.getByRole("link", { name: "MLR podcast RSS feed" }).getAttribute("href");
    expect(href).toBe("/rss?era=MLR");
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/rss+xml");
    const body = await res.text();
    expect(body).toContain('<rss version="2.0"');
    expect(body).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    const feed = await new Parser<Record<string, unknown>, { "itunes:duration"?: string }>({
      customFields: { item: ["itunes:duration"] },
    }).parseString(body);
    expect(feed.title).toContain("MLR");
    expect(feed.description).toBeTruthy();
    expect(feed.image?.url).toMatch(/^http/);
    const expected = newestFirst(episodes.filter((e) => e.era === "MLR"));
    expect(feed.items.map((i) => i.title)).toEqual(expected.map((e) => e.title));
    for (const item of feed.items) {
      expect(item.enclosure?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/audio\//);
      // The data service has no file sizes: on the remote path the length is 0 ("unknown").
      expect(Number(item.enclosure?.length)).toBeGreaterThanOrEqual(isRemote(test.info()) ? 0 : 1);
      expect(item.enclosure?.type).toBe("audio/mpeg");
      expect(item.guid).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.pubDate!))).toBe(false);
      // Whole seconds: exact, and what directories read first.
      expect(item["itunes:duration"]).toMatch(/^\d+$/);
    }
    // The enclosure really is the episode's audio.
    const audio = await request.get(new URL(feed.items[0]!.enclosure!.url).pathname);
    expect(audio.status()).toBe(200);
    // The embedded catalog knows each file's size; the data service does not (length 0 = unknown).
    if (!isRemote(test.info()))
      expect(Number(audio.headers()["content-length"])).toBe(Number(feed.items[0]!.enclosure!.length));
  });

  test("without an era the feed is the whole show's; an unknown or unreadable era is a clear 4xx", async ({
    request,
  }) => {
    serverAnswerOnly(test.info());
    for (const path of ["/rss", "/rss?era="]) {
      const show = await request.get(path);
      expect(show.status()).toBe(200);
      expect((await new Parser().parseString(await show.text())).items).toHaveLength(episodes.length);
    }
    const unknown = await request.get("/rss?era=EdgeFM");
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("Unknown era");
    expect((await request.get(`/rss?era=${"x".repeat(101)}`)).status()).toBe(400);
    expect((await request.get("/rss?era=%01")).status()).toBe(400);
  });
});

test.describe("episode details (docs/product.md §2)", () => {
  test("shows background, play button, title, subtitle, description, Download and share", async ({ page, request }) => {
    const e = episodeWithSubtext;
    await open(page, episodeLink(e.title));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(e.title);
    await expect(page.getByText(e.subtext!, { exact: true })).toBeVisible();
    await expect(page.getByText(e.description)).toBeVisible();
    const play = { name: `Play ${e.title}` };
    await expect(page.getByRole("button", play).or(page.getByRole("link", play))).toBeVisible();
    const download = page.getByRole("link", { name: "Download" });
    await expect(download).toHaveAttribute("href", e.EpisodeUrl);
    await expect(download).toHaveAttribute("download", downloadFileName(e.EpisodeUrl));
    expect(downloadFileName(e.EpisodeUrl)).toMatch(/\.mp3$/);
    const file = await request.get(e.EpisodeUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("audio/mpeg");
    const share = page.getByRole("group", { name: "Share this episode" });
    await expect(share.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      /facebook\.com\/sharer/,
    );
    await expect(share.getByRole("link", { name: "Share on X" })).toHaveAttribute("href", /x\.com\/intent/);
    const bg = await page.locator(".episode-hero").evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(bg).toContain("/media/");
    await expect(page.getByText(/legal age is 21\+/)).toHaveCount(0);
  });

  test("an empty subtext shows the default subtitle", async ({ page }) => {
    await open(page, episodeLink(episodeWithoutSubtext.title));
    await expect(
      page.getByText("The Most Dangerous Radio Today...and perhaps even tomorrow", { exact: true }),
    ).toBeVisible();
  });

  test("the cannabis 21+ warning shows only when canbashow", async ({ page }) => {
    await open(page, episodeLink(cannabisEpisode.title));
    await expect(page.getByRole("note")).toContainText("The legal age is 21+");
    await open(page, episodeLink(episodeWithSubtext.title));
    await expect(page.getByRole("note")).toHaveCount(0);
  });

  test("titles with apostrophes, ampersands and accents open, also case-insensitively", async ({ page }) => {
    for (const title of [trickyEpisode.title, trickyEpisode.title.toLowerCase()]) {
      const res = await open(page, `/episode?title=${q(title)}`);
      expect(res.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(trickyEpisode.title);
    }
    const accented = episodes.find((e) => /[^\x00-\x7f]/.test(e.title));
    if (accented) {
      const res = await open(page, `/episode?title=${q(accented.title.toUpperCase())}`);
      expect(res.status()).toBe(200);
    }
  });

  test("a Cold Cut episode opens under /coldcut/ and not under /episode", async ({ page, request }) => {
    const res = await open(page, episodeLink(coldcutEpisode.title, true));
    expect(res.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(coldcutEpisode.title);
    await expect(page.getByText(/^Cold Cut ·/)).toBeVisible();
    expect((await request.get(`/episode?title=${q(coldcutEpisode.title)}`)).status()).toBe(404);
    expect((await request.get(`/coldcut/?title=${q(episodes[0]!.title)}`)).status()).toBe(404);
    expect((await request.get(`/coldcut?title=${q(coldcutEpisode.title)}`)).status()).toBe(200);
  });

  test("without a title, or with an unknown one, it is the NOT FOUND page with 404", async ({ page }) => {
    serverAnswerOnly(test.info());
    for (const path of [
      "/episode",
      "/episode?title=",
      "/episode?title=No%20Such%20Episode",
      "/coldcut/?title=",
      "/coldcut/?title=nope",
    ]) {
      const res = await open(page, path);
      expect(res.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("NOT FOUND");
    }
  });
});

test.describe("search (docs/product.md §2: 'Search: <term>', cards, 'No Results for \"<term>\"')", () => {
  test("the search box submits to /search?term= on Enter and finds partial words", async ({ page }) => {
    test.skip(
      isRemote(test.info()),
      "partial words are the embedded search's; the data service does phrase search (plfts)",
    );
    await open(page, "/about");
    const box = page.getByRole("combobox", { name: "Search episodes" });
    await box.fill("antenn");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?term=antenn$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: antenn");
    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    expect(await results.count()).toBeGreaterThan(0);
    await expect(results.first().getByRole("heading", { level: 3 })).toContainText(/antenna/i);
    await expect(box).toHaveValue("antenn");
  });

  test("the search button submits too", async ({ page }) => {
    test.skip(
      isRemote(test.info()),
      "two words in any order is the embedded search's; the data service does phrase search (plfts)",
    );
    await open(page, "/");
    await page.getByRole("combobox", { name: "Search episodes" }).fill("bunker chili");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?term=bunker(\+|%20)chili$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: bunker chili");
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("listitem").first()).toBeVisible();
  });

  test("ranks title matches first", async ({ page }) => {
    test.skip(isRemote(test.info()), "the ranking is the embedded search's; the data service returns its own order");
    await open(page, "/search?term=antenna");
    const titles = await page
      .getByRole("list", { name: "Search results" })
      .getByRole("heading", { level: 3 })
      .allTextContents();
    const inTitle = titles.map((t) => /antenna/i.test(t));
    expect(inTitle[0]).toBe(true);
    expect(inTitle.indexOf(false) === -1 || inTitle.slice(inTitle.indexOf(false)).every((v) => !v)).toBe(true);
  });

  test("forgives typos, plurals and word order; marks the matched words; counts and pages the results", async ({
    page,
  }) => {
    test.skip(isRemote(test.info()), "typos, stems and pages are the embedded search's; the data service's is plfts");
    for (const [term, title] of [
      ["zepelin", "Episode 342: Up, Up and Away"],
      ["sqelch", "Episode 377: Ask Doc Squelch"],
      ["Bunkers", "Episode 753: Bunker Spring Cleaning"],
      ["heist antenna", "Episode 8: The Great Antenna Heist"],
    ]) {
      await open(page, `/search?term=${q(term)}`);
      const first = page.getByRole("list", { name: "Search results" }).getByRole("listitem").first();
      await expect(first.getByRole("heading", { level: 3 }), term).toHaveText(title);
    }
    // Marked words: in the title and in the description's excerpt, as text (escaped), never markup.
    await open(page, "/search?term=zepelin");
    await expect(page.locator(".card__text mark").first()).toHaveText(/^zeppelin$/i);
    await open(page, "/search?term=Bunkers");
    const cards = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await expect(cards.first().locator("h3 mark")).toHaveText("Bunker");
    const count = page.getByText(/^\d+ episodes · page 1 of (\d+)$/);
    await expect(count).toBeVisible();
    const pages = Number(/of (\d+)/.exec((await count.textContent())!)![1]);
    expect(pages).toBeGreaterThan(1);
    const firstPage = await cards.getByRole("heading", { level: 3 }).allTextContents();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/\/search\?term=Bunkers&page=2$/);
    await expect(page.getByText(/ · page 2 of \d+$/)).toBeVisible();
    const secondPage = await cards.getByRole("heading", { level: 3 }).allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "← Previous" }).click();
    await expect(page).toHaveURL(/\/search\?term=Bunkers$/);
  });

  test("offers 'Did you mean …?' when nothing matches but a correction does", async ({ page }) => {
    test.skip(isRemote(test.info()), "corrections are the embedded search's");
    await open(page, "/search?term=zeplin");
    await expect(page.getByText('No Results for "zeplin"', { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "zeppelin" }).click();
    await expect(page).toHaveURL(/\/search\?term=zeppelin$/);
    await expect(
      page.getByRole("list", { name: "Search results" }).getByRole("heading", { level: 3 }).first(),
    ).toHaveText("Episode 342: Up, Up and Away");
  });

  test("no matches shows 'No Results for \"<term>\"'", async ({ page }) => {
    await open(page, "/search?term=zzqqxx");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: zzqqxx");
    await expect(page.getByText('No Results for "zzqqxx"', { exact: true })).toBeVisible();
  });

  for (const [label, qs] of [
    ["an empty", "?term="],
    ["a whitespace-only", "?term=%20%20%20"],
    ["a missing", ""],
  ] as const) {
    test(`${label} term asks for a word (not 'No Results for ""'), never an error`, async ({ page }) => {
      const res = await open(page, `/search${qs}`);
      expect(res.status()).toBe(200);
      await expect(page.getByText(/type a word/i)).toBeVisible();
      await expect(page.getByText(/No Results/)).toHaveCount(0);
    });
  }

  test("FTS syntax in the term is just text", async ({ page }) => {
    const res = await open(page, `/search?term=${q('NEAR("antenna" heist) OR -x*')}`);
    expect(res.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search: NEAR("antenna" heist) OR -x*');
  });
});

test.describe("crew", () => {
  test("/crew-page is a grid of 250x250 crew cards linking to /crew?name=", async ({ page }) => {
    await open(page, "/crew-page");
    // Sizes need the stylesheet: without JS, DOMContentLoaded can come before it is applied.
    await page.waitForLoadState("load");
    const cards = page.getByRole("main").getByRole("listitem").getByRole("link");
    await expect(cards).toHaveCount(crew.length);
    for (let i = 0; i < crew.length; i++) {
      await expect(cards.nth(i)).toHaveAttribute("href", `/crew?name=${q(crew[i]!.Name)}`);
      await expect(cards.nth(i)).toContainText(crew[i]!.Name);
      const box = await cards.nth(i).boundingBox();
      expect(box?.width).toBe(250);
      expect(box?.height).toBe(250);
    }
  });

  test("a crew card opens the bio with header image, profile image and bio", async ({ page }) => {
    await open(page, "/crew-page");
    await page.getByRole("link", { name: new RegExp(crewMember.Name) }).click();
    await expect(page).toHaveURL(new RegExp(`/crew\\?name=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(crewMember.Name);
    await expect(page.getByRole("img", { name: crewMember.Name, exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: `${crewMember.Name} header image` })).toBeVisible();
    await expect(page.getByText(crewMember.Bio)).toBeVisible();
    await expect(page.getByText(crewMember.Job, { exact: true })).toBeVisible();
  });

  test("/Crew?name= and /crew?name= are the same page, any letter case", async ({ page }) => {
    for (const path of [
      `/Crew?name=${q(crewMember.Name)}`,
      `/crew?name=${q(crewMember.Name.toLowerCase())}`,
      `/CREW?name=${q(crewMember.Name.toUpperCase())}`,
    ]) {
      const res = await open(page, path);
      expect(res.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(crewMember.Name);
    }
  });

  test("without a name, or with an unknown one, it is a 404", async ({ page }) => {
    serverAnswerOnly(test.info());
    for (const path of ["/crew", "/Crew?name=", "/crew?name=Nobody%20Here"]) {
      const res = await open(page, path);
      expect(res.status(), path).toBe(404);
      await expect(page.getByText("Don't You Hate it when that happens?")).toBeVisible();
    }
  });

  test("/DPB lists crew picks with points = picks marked DEAD, leaving out crew with no DPB", async ({ page }) => {
    await open(page, "/DPB");
    const board = bingoBoard(crew.map((c) => ({ name: c.Name, dpb: c.DPB })));
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(headings).toHaveCount(board.length);
    for (let i = 0; i < board.length; i++) {
      const e = board[i]!;
      await expect(headings.nth(i)).toHaveText(`${e.name} ${e.points} ${e.points === 1 ? "point" : "points"}`);
    }
    expect(crewWithoutBingo.length).toBeGreaterThan(0);
    for (const c of crewWithoutBingo)
      await expect(page.getByRole("heading", { name: new RegExp(`^${c.Name}\\b`) })).toHaveCount(0);
  });
});

test.describe("news", () => {
  test("/News has two tabs, News (default, dth_news) and WTF News, in the URL", async ({ page }) => {
    await open(page, "/News");
    const tabs = page.getByRole("navigation", { name: "News sections" });
    await expect(tabs.getByRole("link", { name: "News", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "WTF News" })).toHaveAttribute("href", "/News?tab=wtfnews");
    const hrefs = await page
      .getByRole("main")
      .getByRole("listitem")
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(dthNews.map((p) => `/News/${q(p.slug)}`));

    await tabs.getByRole("link", { name: "WTF News" }).click();
    await expect(page).toHaveURL(/\/News\?tab=wtfnews$/);
    await expect(tabs.getByRole("link", { name: "WTF News" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("listitem").getByRole("link").first()).toHaveAttribute(
      "href",
      `/WTFNews/${q(wtfNews[0]!.slug)}`,
    );
    const wtfHrefs = await page
      .getByRole("main")
      .getByRole("listitem")
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(wtfHrefs).toEqual(wtfNews.map((p) => `/WTFNews/${q(p.slug)}`));
  });

  test("an unknown tab is a clear 400, not a 500", async ({ page }) => {
    const res = await open(page, "/News?tab=nope");
    expect(res.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Unknown news tab");
  });

  for (const [kind, list, prefix, crumbHref] of [
    ["News", dthNews, "/News/", "/News"],
    ["WTFNews", wtfNews, "/WTFNews/", "/News?tab=wtfnews"],
  ] as const) {
    test(`${prefix}:slug shows the post with the breadcrumb Home > News > title`, async ({ page }) => {
      const p = list[0]!;
      const title = stripHtml(p.title.rendered);
      const res = await open(page, `${prefix}${q(p.slug)}`);
      expect(res.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const crumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumb.getByRole("listitem")).toHaveText(["Home", "News", title]);
      await expect(crumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(crumb.getByRole("link", { name: "News" })).toHaveAttribute("href", crumbHref);
      expect(kind).toBeTruthy();
    });
  }

  test("a news card opens its post", async ({ page }) => {
    await open(page, "/News");
    await page.getByRole("main").getByRole("listitem").first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/News/${dthNews[0]!.slug}$`));
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
  });

  test("an unknown slug is a 404", async ({ request }) => {
    for (const path of ["/News/no-such-post", "/WTFNews/no-such-post", "/News/%20"])
      expect((await request.get(path)).status(), path).toBe(404);
  });
});

test.describe("about, help, privacy, special feature, /page, /Page/:url", () => {
  test("/about has the history, press quotes and a video", async ({ page }) => {
    await open(page, "/about");
    for (const s of STATIONS)
      await expect(page.getByRole("main").getByRole("link", { name: s, exact: true })).toHaveAttribute(
        "href",
        eraLink(s),
      );
    await expect(page.getByRole("heading", { name: "What people say" })).toBeVisible();
    expect(await page.getByRole("main").getByRole("blockquote").count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator("video")).toHaveAttribute("src", /\.mp4$/);
  });

  test("/help and /speical-feature embed their pages in a frame", async ({ page }) => {
    await open(page, "/help");
    await expect(page.locator('iframe[title="The Ham Radio Show help"]')).toHaveAttribute("src", /^https:\/\//);
    await open(page, "/speical-feature");
    await expect(page.locator('iframe[title="Special feature"]')).toHaveAttribute("src", /^https:\/\//);
  });

  test("/privacy-policy renders", async ({ page }) => {
    serverAnswerOnly(test.info());
    await open(page, "/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });

  test("/page is an empty page, not an error", async ({ page }) => {
    serverAnswerOnly(test.info());
    const res = await open(page, "/page");
    expect(res.status()).toBe(200);
    await expect(page.getByText("NOT FOUND")).toHaveCount(0);
  });

  test("/Page/:url embeds the content-site page full-page", async ({ page }) => {
    await open(page, "/Page/the-bunker-tour");
    await expect(page.locator("iframe")).toHaveAttribute("src", `${CONTENT_SITE}/the-bunker-tour/`);
    await open(page, "/Page/2024%2F05%2Fbunker-open-house");
    await expect(page.locator("iframe")).toHaveAttribute("src", `${CONTENT_SITE}/2024/05/bunker-open-house/`);
  });

  test("/Page/:url refuses traversal and other sites with a 404", async ({ request }) => {
    serverAnswerOnly(test.info());
    // (A bare /Page/.. or /Page/%2e%2e never reaches the server: URL parsing resolves it to /.)
    for (const path of [
      "/Page/..%2F..%2Fetc%2Fpasswd",
      "/Page/a%2F%2e%2e%2Fb",
      "/Page/%2e%2e%2F",
      "/Page/https%3A%2F%2Fevil.example",
      "/Page/%2F%2Fevil.example%2F..",
      "/Page/javascript%3Aalert(1)",
      "/Page/%252e%252e",
      "/Page/%252e%252e%252fetc",
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test("the slider's content-site slide opens /Page/<path>", async ({ page }) => {
    await open(page, "/");
    const internal = sliderPosts
      .map((p) => slideTarget(Array.isArray(p.acf) ? null : (p.acf?.sliderurl ?? null), CONTENT_SITE))
      .find((t) => t.kind === "internal") as { href: string };
    await page.goto(internal.href, { waitUntil: "domcontentloaded" });
    await expect(page.locator("iframe")).toHaveAttribute("src", new RegExp(`^${CONTENT_SITE}/`));
  });
});

test.describe("not found (docs/product.md §2: 'NOT FOUND', \"Don't You Hate it when that happens?\", HTTP 404)", () => {
  test.describe(() => {
    test.beforeEach(({}, testInfo) => serverAnswerOnly(testInfo));
    for (const path of [
      "/error",
      "/nope",
      "/this/page/does-not-exist",
      "/episode?title=nope",
      `/era?station=${q("EdgeFM")}`,
      "/era",
      "/era?station=MLR&page=999",
      "/crew?name=nope",
      "/News/nope",
      "/WTFNews/nope",
      "/Page/..%2Fsecret",
    ]) {
      test(`${path} → 404 NOT FOUND`, async ({ page }) => {
        const res = await open(page, path);
        expect(res.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("NOT FOUND");
        await expect(page.getByText("Don't You Hate it when that happens?", { exact: true })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      });
    }
  });

  test("the not-found page links home", async ({ page }) => {
    await open(page, "/nope");
    await page.getByRole("link", { name: "Take me home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Latest Episodes" })).toBeVisible();
  });
});
