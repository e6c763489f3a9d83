/**
 * Browsing like a library: the grid / list switch (a link that a cookie remembers, with and
 * without JavaScript), filters by the listener's positions and played marks on the era, search,
 * favorites and Up Next pages, "New since your last visit" on home and era pages, and news cards
 * named by their whole title. Desktop with and without JavaScript, and at 375 px; axe on each.
 */
import { expect, test, type Page } from "@playwright/test";
import { saveProgress, signedIn } from "./support/auth";
import { episodes, newestFirst, posts } from "./support/sample";
import { isMobile, jsOff, openReady } from "./support/player";
import { seriousViolations } from "./support/axe";

test.beforeEach(() => test.setTimeout(120_000));
test.use({ reducedMotion: "reduce" });

const UFRN = newestFirst(episodes.filter((e) => e.era === "UFRN"));
const MLR = newestFirst(episodes.filter((e) => e.era === "MLR"));
// Long enough (over 30 s) to be in progress rather than played at 2 s.
const started = UFRN.find((e) => e.title === "Episode 781: Coffee Shop Sessions")!;
const finished = UFRN.find((e) => e.title === "Episode 788: Über Late Night")!;
const other = UFRN.find((e) => e.title === "Episode 795: CanBa Show: Ten Questions")!;

// Without JavaScript axe cannot run in the page; the markup it checks is the same server render.
const expectNoSeriousViolations = async (page: Page) => {
  if (jsOff(test.info())) return;
  const violations = await seriousViolations(page);
  expect(violations, violations.join("\n")).toEqual([]);
};

const open = (page: Page, url: string, js: boolean) => (js ? openReady(page, url) : page.goto(url).then(() => {}));

test("the list view: a whole era in compact rows, remembered by a cookie, back to the grid", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await open(page, "/era?station=MLR", js);
  const view = page.getByRole("navigation", { name: "View" });
  await expect(view.getByRole("link", { name: "Grid" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("list", { name: "MLR episodes" }).getByRole("article")).toHaveCount(24);

  await view.getByRole("link", { name: "List" }).click();
  // The choice is kept and the page's own address stays the one to share.
  await expect(page).toHaveURL(/\/era\?station=MLR$/);
  await expect(view.getByRole("link", { name: "List" })).toHaveAttribute("aria-current", "true");
  const list = page.getByRole("list", { name: "MLR episodes" });
  await expect(list.getByRole("listitem")).toHaveCount(MLR.length);
  const row = list.getByRole("article").filter({ has: page.getByRole("heading", { name: MLR[0]!.title }) });
  await expect(row.getByRole("link", { name: MLR[0]!.title, exact: true })).toBeVisible();
  await expect(row.locator("time")).toHaveAttribute("datetime", new Date(MLR[0]!.pubdate).toISOString());
  await expect(row.getByText(/^0:0\d$/)).toBeVisible();
  await expect(
    row
      .getByRole("link", { name: `Play ${MLR[0]!.title}` })
      .or(row.getByRole("button", { name: `Play ${MLR[0]!.title}` })),
  ).toBeVisible();
  await expect(row.getByRole("link", { name: `Sign in to add ${MLR[0]!.title} to your favorites` })).toBeVisible();

  if (!isMobile(testInfo)) {
    // 26 episodes in about two screens of 1280 × 800.
    const box = (await list.boundingBox())!;
    const top = await page.evaluate(() => window.scrollY);
    expect(box.y + top + box.height).toBeLessThanOrEqual(2 * 800 + 200);
    expect(box.height).toBeLessThanOrEqual(MLR.length * 60);
  }
  await expectNoSeriousViolations(page);

  // Remembered: another list page opens in the list view too, and a reload keeps it.
  await open(page, "/search?term=Episode", js);
  await expect(page.getByRole("list", { name: "Search results" }).locator(".episode-row").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "List" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // A page drawn for this listener's view is never a shared copy.
  const answer = await page.request.get("/era?station=MLR");
  expect(answer.headers()["cache-control"]).toBe("private, no-store");

  await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Grid" }).click();
  await expect(page.getByRole("list", { name: "Search results" }).locator(".episode-card").first()).toBeVisible();
  expect((await page.request.get("/era?station=MLR")).headers()["cache-control"]).toContain("public");

  // A view this version does not know is a clear 400, never a 500.
  const bad = await page.request.get("/era?station=MLR&view=table", { maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("The view must be grid or list.");
});

test("filters: all, unplayed, in progress, played on the era, search, favorites and Up Next pages", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  // Signed out: nothing is kept to filter by; the page says how to get it.
  await open(page, "/era?station=UFRN", js);
  await expect(page.getByRole("link", { name: "Sign in to filter episodes by what you have played." })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Filter episodes" })).toHaveCount(0);
  const bad = await page.request.get("/era?station=UFRN&filter=heard");
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("The filter must be one of: all, unplayed, in-progress, played.");

  await signedIn(page);
  await saveProgress(page, started, 2);
  await saveProgress(page, finished, finished.EpisodeDuration - 1);
  for (const e of [started, finished, other]) {
    const fav = await page.request.post("/favorites", {
      form: { intent: "add", audioSrc: e.EpisodeUrl, title: e.title, js: "1" },
    });
    expect(fav.status(), await fav.text()).toBe(200);
    const queued = await page.request.post("/up-next", {
      form: { intent: "last", audioSrc: e.EpisodeUrl, title: e.title, js: "1" },
    });
    expect(queued.status(), await queued.text()).toBe(200);
  }

  const titles = (page: Page, name: string) => page.getByRole("list", { name }).getByRole("heading");
  await open(page, "/era?station=UFRN", js);
  const filters = page.getByRole("navigation", { name: "Filter episodes" });
  await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await filters.getByRole("link", { name: "In progress" }).click();
  await expect(page).toHaveURL(/filter=in-progress/);
  await expect(titles(page, "UFRN episodes")).toHaveText([started.title]);
  await page
    .getByRole("navigation", { name: "Filter episodes" })
    .getByRole("link", { name: "Played", exact: true })
    .click();
  await expect(titles(page, "UFRN episodes")).toHaveText([finished.title]);
  await page.getByRole("navigation", { name: "Filter episodes" }).getByRole("link", { name: "Unplayed" }).click();
  await expect(page.getByText(`${UFRN.length - 2} episodes`)).toBeVisible();
  await expect(titles(page, "UFRN episodes").filter({ hasText: started.title })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await open(page, "/search?term=Episode&filter=in-progress", js);
  await expect(titles(page, "Search results")).toHaveText([started.title]);

  await open(page, "/user?filter=played", js);
  await expect(titles(page, "My Favorites")).toHaveText([finished.title]);
  await open(page, "/user?filter=unplayed", js);
  await expect(titles(page, "My Favorites")).toHaveText([other.title]);

  await open(page, "/up-next?filter=in-progress", js);
  const queue = page.getByRole("list", { name: "Episodes up next" });
  await expect(queue.getByRole("link", { name: started.title })).toBeVisible();
  await expect(queue.getByRole("listitem")).toHaveCount(1);
  // Filtered, the queue is not reordered (its whole order is not on the page).
  await expect(page.getByRole("button", { name: `Move ${started.title} up` })).toHaveCount(0);

  // Up Next in the list view: no art, each row with its date, length, mark and heart.
  await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "List" }).click();
  await expect(page).toHaveURL(/\/up-next\?filter=in-progress$/);
  const row = page.getByRole("list", { name: "Episodes up next" }).getByRole("listitem").first();
  await expect(row.locator("img")).toHaveCount(0);
  await expect(row.locator("time")).toHaveAttribute("datetime", new Date(started.pubdate).toISOString());
  await expect(row.getByRole("progressbar", { name: `Listened to ${started.title}` })).toBeAttached();
  await expect(row.getByRole("button", { name: `Remove ${started.title} from favorites` })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The era list view carries the listener's marks too.
  await open(page, "/era?station=UFRN", js);
  const eraRow = page
    .getByRole("list", { name: "UFRN episodes" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: finished.title, exact: true }) });
  await expect(eraRow.getByText("Played", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("new since your last visit: marked on home and era pages, never counting this visit", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const fresh = UFRN.slice(0, 3);
  // The previous visit ended between the third and fourth newest UFRN episodes, hours ago.
  const ended = (Date.parse(UFRN[2]!.pubdate) + Date.parse(UFRN[3]!.pubdate)) / 2;

  // A first visit: nothing is new.
  await open(page, "/era?station=UFRN", js);
  await expect(page.getByText("New since your last visit")).toHaveCount(0);
  if (!js) {
    // Without JavaScript this browser's memory of its visits is not read: nothing is marked.
    await open(page, "/", js);
    await expect(page.getByText(/since your last visit/)).toHaveCount(0);
    return;
  }
  await page.evaluate(
    (seen) => localStorage.setItem("hrs.lastVisit.v1", JSON.stringify({ previous: null, seen })),
    ended,
  );

  await open(page, "/era?station=UFRN", js);
  await expect(page.getByText("3 new episodes since your last visit")).toBeVisible();
  const list = page.getByRole("list", { name: "UFRN episodes" });
  await expect(list.getByText("New since your last visit")).toHaveCount(3);
  for (const e of fresh)
    await expect(
      list
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: e.title }) })
        .getByText("New since your last visit"),
    ).toHaveCount(1);
  await expectNoSeriousViolations(page);

  // The same visit, later pages and a reload: still measured from the previous visit.
  await open(page, "/", js);
  const newestMain = newestFirst(episodes).slice(0, 8);
  const expected = newestMain.filter((e) => Date.parse(e.pubdate) > ended).length;
  const latest = page.getByRole("region", { name: "Latest Episodes" });
  await expect(latest.getByText(`${expected} new episodes since your last visit`)).toBeVisible();
  await expect(latest.getByText("New since your last visit")).toHaveCount(expected);
  await expectNoSeriousViolations(page);
  await page.reload();
  await expect(latest.getByText("New since your last visit")).toHaveCount(expected);

  // A visit begun after a long gap: the previous one ended just now, so nothing is new.
  await page.evaluate(() => {
    const v = JSON.parse(localStorage.getItem("hrs.lastVisit.v1")!);
    localStorage.setItem(
      "hrs.lastVisit.v1",
      JSON.stringify({ previous: v.previous, seen: Date.now() - 60 * 60 * 1000 }),
    );
  });
  await open(page, "/era?station=UFRN", js);
  await expect(page.getByText("New since your last visit")).toHaveCount(0);
});

test("news cards are named by their whole title; the post page carries it too", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  const long = posts.find((p) => p.categories.includes(4) && p.title.rendered.length > 15)!;
  const title = long.title.rendered;
  await open(page, "/", js);
  const bunker = page.getByRole("region", { name: "Direct From The Bunker" });
  const card = bunker.getByRole("link", { name: new RegExp(`^${title}`) });
  await expect(card).toBeVisible();
  // What the eye reads is the product's 15-character cut.
  await expect(card.getByRole("heading")).toHaveAccessibleName(title);
  await expect(card.locator("[aria-hidden=true]")).toHaveText(`${title.slice(0, 15).trimEnd()}...`);
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(title);
  await expectNoSeriousViolations(page);
});
