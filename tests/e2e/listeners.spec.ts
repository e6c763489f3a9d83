/**
 * Every listener, at every width, with or without JavaScript: layouts that hold from 320 to
 * 1920 px, controls that work with JavaScript off, a player that says what is happening, Cold Cut
 * reachable by clicking, focus never hidden. Titles starting "no JS:" run on the no-JS project
 * only, the others on desktop-js (widths are set per test: one page resized, not a project each).
 */
import { expect, test, type Page } from "@playwright/test";
import { asListener, saveProgress, signIn, signedIn } from "./support/auth";
import { coldcut, episodes, newestFirst, posts } from "./support/sample";
import { expectPlaying, jsOff, openReady, playerButton } from "./support/player";
import { episodeLink } from "../../app/rules/episodes";
import { listenerOnPage } from "./support/route-data";

const first = newestFirst(episodes)[0]!;
const newestCut = newestFirst(coldcut)[0]!;
const launchPost = posts.find((p) => p.slug === "cold-cuts-series-launch")!;

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(testInfo.title.startsWith("no JS:") !== jsOff(testInfo), "runs on one project");
  await asListener(page);
});

const WIDTHS = [320, 375, 414, 549, 550, 600, 700, 768, 800, 900, 1024, 1079, 1080, 1280, 1440, 1920];
const PAGES = ["/", "/eras", "/era?station=MLR", episodeLink(first.title), "/coldcut", "/search?term=radio", "/live"];

/** What breaks a layout: sideways scroll, a squeezed logo or search box, targets under 24 px. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`scrolls sideways by ${doc.scrollWidth - doc.clientWidth}px`);
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const logo = document.querySelector(".brand img");
    if (logo && logo.getBoundingClientRect().width < 100) problems.push("logo squeezed");
    const search = document.querySelector<HTMLInputElement>(".site-header .search-box:not(.search-box--burger) input");
    if (search && visible(search) && search.getBoundingClientRect().width < 140) problems.push("search box squeezed");
    for (const el of document.querySelectorAll(
      ".site-header a, .site-header button, .site-header summary, .desktop-player button, .mobile-player button",
    )) {
      if (!visible(el) || el.closest(".burger__panel")) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 24 || r.height < 24)
        problems.push(`${el.getAttribute("aria-label") ?? el.textContent} is ${r.width}×${r.height}`);
    }
    return problems;
  });
}

test("layouts hold at every width from 320 to 1920 px (JS on)", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PAGES) {
    await openReady(page, path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});

test("no JS: layouts hold at every width from 320 to 1920 px", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PAGES) {
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});

test("no JS: every visible control works — card ▶ opens the episode's native player, LIVE the live page", async ({
  page,
}) => {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    // Nothing that needs JavaScript is shown: every visible button submits a form.
    const dead = await page.evaluate(() =>
      [...document.querySelectorAll("button")]
        .filter((b) => b.getBoundingClientRect().width > 0 && !(b.type === "submit" && b.form))
        .map((b) => b.getAttribute("aria-label") ?? b.textContent),
    );
    expect(dead, `at ${width} px`).toEqual([]);
  }
  await page
    .getByRole("link", { name: `Play ${first.title}`, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/episode\?title=.*#listen$/);
  await expect(page.locator("audio#listen")).toHaveAttribute("src", first.EpisodeUrl);

  await page
    .getByRole("navigation", { name: "Player" })
    .getByRole("link", { name: /listen live/i })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Live Radio" })).toBeVisible();
  await expect(page.getByLabel("Live stream")).toHaveAttribute("src", /\/live\/stream\.mp3$/);
});

test("no JS: the era Share shows 'Coming Soon!', Copy link is the link itself", async ({ page }) => {
  await page.goto("/era?station=MLR");
  const status = page.getByRole("status").filter({ hasText: "Coming Soon!" });
  await expect(status).toBeHidden();
  await page.locator("summary[aria-label='Share MLR']").click();
  await expect(status).toBeVisible();

  await page.goto(episodeLink(first.title));
  await expect(page.locator(".share__url")).toHaveAttribute("href", /\/episode\?title=/);
  await expect(page.getByRole("button", { name: /copy link/i })).toBeHidden();
});

test("Cold Cut is reachable by clicking from home, the news post, search and the sitemap", async ({
  page,
  request,
}) => {
  await openReady(page, "/");
  const shelf = page.getByRole("list", { name: "Cold Cut" });
  await expect(shelf.getByRole("link", { name: newestCut.title, exact: true })).toHaveAttribute(
    "href",
    episodeLink(newestCut.title, true),
  );
  await page.getByRole("link", { name: /all cold cut/i }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cold Cut" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Cold Cut episodes" }).getByRole("listitem")).toHaveCount(coldcut.length);
  await expect(page.getByRole("link", { name: "Cold Cut podcast RSS feed" })).toHaveAttribute("href", "/rss/coldcut");
  await page.getByRole("link", { name: newestCut.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: newestCut.title })).toBeVisible();

  await page.goto("/eras");
  await expect(page.getByRole("link", { name: /^Cold Cut/ })).toHaveAttribute("href", "/coldcut");
  await page.goto(`/News/${launchPost.slug}`);
  await expect(page.getByRole("link", { name: "Listen to every Cold Cut" })).toHaveAttribute("href", "/coldcut");

  await page.goto("/search?term=raccoon");
  await expect(page.getByRole("link", { name: "Cold Cut: Raccoon Testimony", exact: true })).toHaveAttribute(
    "href",
    episodeLink("Cold Cut: Raccoon Testimony", true),
  );
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/coldcut</loc>");
  expect(sitemap).toContain("/coldcut/?title=");
});

test("a dead live stream is told in words with a retry that plays it again", async ({ page }) => {
  await page.route("**/live/stream.mp3", (route) => route.fulfill({ status: 404 }));
  await openReady(page, "/");
  await playerButton(page, "Go live").click();
  const status = page.getByTestId("player-status").locator("visible=true");
  await expect(status).toContainText(
    "Live stream unavailable: The audio could not be found or is not available right now.",
  );
  await page.unrouteAll();
  await status.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("player-status").first()).not.toContainText("unavailable");
  await expectPlaying(page, "/live/stream.mp3");
});

test("after sign-in the player offers 'Continue <title> at 0:24?', and Continue plays from there", async ({ page }) => {
  const account = await signedIn(page);
  await saveProgress(page, first, 24);
  // The session ends (expired, or signed out elsewhere); the listener signs in again.
  await page.context().clearCookies();
  await signIn(page, account.email, account.password);
  const offer = page.getByRole("status").filter({ hasText: `Continue ${first.title} at 0:24?` });
  await expect(offer).toBeVisible();
  await offer.getByRole("button", { name: "Continue" }).click();
  await expectPlaying(page, first.EpisodeUrl, 24);
  await expect(offer).toBeHidden();
});

test("signed out in another tab: this tab says so, with a Sign in link, instead of failing silently", async ({
  page,
}) => {
  await signedIn(page);
  await openReady(page, "/");
  const other = await page.context().newPage();
  await other.goto("/user");
  await other.getByRole("button", { name: "Log Out" }).click();
  await expect(other).toHaveURL(/\/$/);
  // The other tab tells the rest once it has rendered signed out (its session listener).
  await expect(other.getByRole("link", { name: "Your profile and favorites" })).toBeVisible();

  // The tabs share the sign-out, so no click is needed to learn of it.
  const notice = page.getByRole("status").filter({ hasText: /You were signed out/ });
  await expect(notice).toBeVisible();
  await other.close();
  await notice.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin/);
});

test("no JS: /user offers the saved place as a link whose player starts there", async ({ page }) => {
  await signedIn(page);
  // Short of the last 30 s, so not played yet (the sample's episodes are under 40 s).
  await saveProgress(page, first, 3);
  await page.goto("/user");
  await page.getByRole("region", { name: "Continue listening" }).getByRole("link", { name: first.title }).click();
  await expect(page).toHaveURL(/&t=3#listen$/);
  const player = page.locator("audio#listen");
  await expect(player).toHaveAttribute("src", `${first.EpisodeUrl}#t=3`);
  // The native player (page scripts are off; the test drives it as the controls would).
  await player.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(3);
});

test("keyboard: focus is never behind the fixed player or header; Escape closes the burger", async ({ page }) => {
  await openReady(page, "/");
  for (const link of await page.locator("footer a").all()) {
    await link.focus();
    const hidden = await link.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const bar = document.querySelector(".desktop-player")!.getBoundingClientRect();
      return r.bottom > bar.top;
    });
    expect(hidden, await link.innerText()).toBe(false);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  const menu = page.locator("summary[aria-label='Menu']");
  await menu.click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  await expect(menu).toBeFocused();
});

test("the smaller things: empty search, one NOT FOUND title, the embed's way out above the frame", async ({ page }) => {
  await page.goto("/search?term=");
  await expect(page.getByText('No Results for ""')).toHaveCount(0);
  await expect(page.getByText(/type a word/i)).toBeVisible();

  for (const path of ["/no-such-page", "/error", "/episode?title=nope", "/coldcut/?title=nope", "/era?station=nope"]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle("NOT FOUND — The Ham Radio Show");
  }

  await page.goto("/help");
  const way = await page.getByRole("link", { name: /in a new tab/ }).boundingBox();
  const frame = await page.locator(".embed iframe").boundingBox();
  expect(way!.y).toBeLessThan(frame!.y);
});

test("at 375 px cards keep their description and the news breadcrumb never starts a line with '>'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openReady(page, "/era?station=MLR");
  await expect(page.locator(".card__text").first()).toBeVisible();
  await page.goto(`/News/${launchPost.slug}`);
  const separators = await page
    .locator(".breadcrumb li")
    .evaluateAll((items) => items.map((li) => getComputedStyle(li, "::before").content));
  expect(separators.every((c) => c === "none" || c === "normal")).toBe(true);
});

/**
 * ADR 050: the root data names none of a listener's favorites (it rides along on every page and
 * navigation); each heart on screen is pressed from the page's own data, exactly for theirs.
 */
async function thirtyFavoritesShowOnlyOnTheirHearts(page: Page) {
  await signedIn(page);
  // Every other episode's audio (the sample's episodes share a few sources: a favorite is a source).
  const all = [...episodes, ...coldcut];
  const saved = all.filter(
    (e, i) => e.EpisodeUrl !== first.EpisodeUrl && all.findIndex((o) => o.EpisodeUrl === e.EpisodeUrl) === i,
  );
  expect(saved.length).toBeGreaterThan(4);
  const origin = new URL(page.url()).origin;
  for (const e of saved) {
    const r = await page.request.post("/favorites", {
      headers: { Origin: origin },
      form: { intent: "add", audioSrc: e.EpisodeUrl, title: e.title, duration: String(e.EpisodeDuration), js: "1" },
    });
    expect(r.status(), e.title).toBe(200);
  }
  const root = await (await page.request.get("/_root.data?_routes=root")).text();
  expect(root).toContain("restore");
  const inline = JSON.stringify(await listenerOnPage(await (await page.request.get("/")).text()));
  expect(inline).toContain("restore");
  for (const e of saved) {
    expect(root, "/_root.data").not.toContain(e.EpisodeUrl);
    expect(inline, "the page's root data").not.toContain(e.EpisodeUrl);
  }
  for (const path of ["/", episodeLink(saved[0]!.title), "/search?term=radio"]) {
    await page.goto(path);
    const hearts = page.getByRole("button", { name: / favorites$/ });
    await expect(hearts.first()).toBeVisible();
    for (const heart of await hearts.all()) {
      const label = (await heart.getAttribute("aria-label"))!;
      const title = /^(?:Add|Remove) (.*) (?:to|from) favorites$/.exec(label)![1]!;
      const src = all.find((e) => e.title === title)!.EpisodeUrl;
      const expected = saved.some((e) => e.EpisodeUrl === src);
      await expect(heart, `${path}: ${title}`).toHaveAttribute("aria-pressed", String(expected));
    }
  }
  await page.goto("/");
  const heart = page.getByRole("button", { name: `Add ${first.title} to favorites` }).first();
  // The heart fills at once; the next page is rendered from what the server has by then.
  const answered = page.waitForResponse(
    (r) => /\/favorites(\.data)?(\?|$)/.test(r.url()) && r.request().method() === "POST",
  );
  await heart.click();
  expect((await answered).status()).toBeLessThan(400);
  await expect(page.getByRole("button", { name: `Remove ${first.title} from favorites` }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto(episodeLink(first.title));
  await expect(page.getByRole("button", { name: `Remove ${first.title} from favorites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
}

test("the root data carries no favorite; hearts are pressed for exactly the listener's, from the page (JS on)", async ({
  page,
}) => {
  await thirtyFavoritesShowOnlyOnTheirHearts(page);
});

test("no JS: the root data carries no favorite; hearts are pressed for exactly the listener's, from the page", async ({
  page,
}) => {
  await thirtyFavoritesShowOnlyOnTheirHearts(page);
});
