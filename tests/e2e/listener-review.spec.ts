/**
 * What a listener saw at a second look: /user names the account's address and counts favorites in
 * plain words; one resume prompt at a time and none at 0:00; the Up Next hint without JavaScript;
 * a card's Tab order; the slider holding still behind a dialog; the sign-in form after sign-up;
 * chapter pictures podcast apps can load; the episode page using a wide screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { saveProgress, signIn, signUp, signedIn, uniqueEmail, SIGN_UP_SUCCESS_CHECK_INBOX } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { blurActive, isMobile, jsOff, openReady } from "./support/player";
import { FAVORITES_MAX } from "../../app/rules/library";

const [first, second] = newestFirst(episodes);
const withChapters = episodes.find((e) => (e as { ChaptersUrl?: string }).ChaptersUrl)!;

async function open(page: Page, url: string, js: boolean) {
  if (js) await openReady(page, url);
  else await page.goto(url);
}

test("/user shows the account's address under its H.O.F header and counts favorites in plain words", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(isMobile(testInfo), "the same page at 375 px");
  const { email } = await signedIn(page);
  await open(page, "/user", !jsOff(testInfo));
  await expect(page.getByRole("heading", { level: 1, name: /^H\.O\.F: \S+$/ })).toBeVisible();
  await expect(page.getByTestId("user-email")).toHaveText(email);
  const added = await page.request.post("/favorites", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { intent: "add", audioSrc: first!.EpisodeUrl, title: first!.title, js: "1" },
  });
  expect(added.status(), await added.text()).toBe(200);
  await open(page, "/user", !jsOff(testInfo));
  await expect(page.getByText(`1 favorite saved (you can keep up to ${FAVORITES_MAX})`, { exact: true })).toBeVisible();
});

/** Every visible offer to go on from a saved place: the player's, /user's and Continue listening's. */
const resumePrompts = (page: Page) =>
  page
    .locator("button:visible, a:visible")
    .filter({ hasText: /^\s*(Continue|Resume)\b/ })
    .or(page.locator("button:visible").and(page.locator("[aria-label^='Resume ']")));

test("after sign-in, one resume prompt on /user, and none for a place at 0:00", async ({ page }, testInfo) => {
  test.skip(jsOff(testInfo) || isMobile(testInfo), "the player's offer needs JS; one layout is enough");
  const account = await signedIn(page);
  await saveProgress(page, first!, 24);
  await page.context().clearCookies();
  await signIn(page, account.email, account.password, "/user");
  await expect(page.getByRole("status").filter({ hasText: `Continue ${first!.title} at 0:24?` })).toBeVisible();
  await page.waitForLoadState("load");
  await expect(resumePrompts(page)).toHaveCount(1);

  // Less than a second in: nothing to go on from.
  await page.context().clearCookies();
  const other = await signedIn(page);
  await saveProgress(page, second!, 0.4);
  await page.context().clearCookies();
  await signIn(page, other.email, other.password, "/user");
  await expect(page.getByRole("heading", { name: "My Favorites" })).toBeVisible();
  await page.waitForLoadState("load");
  await expect(page.getByText(/at 0:00/)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Continue listening" })).toHaveCount(0);
  await expect(resumePrompts(page)).toHaveCount(0);
});

test("the Up Next hint reads right with and without JavaScript", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), "the same page at 375 px");
  await signedIn(page);
  const queued = await page.request.post("/up-next", {
    form: { intent: "last", audioSrc: first!.EpisodeUrl, title: first!.title, js: "1" },
  });
  expect(queued.status(), await queued.text()).toBe(200);
  await open(page, "/up-next", !jsOff(testInfo));
  const hint = page.locator(".up-next__hint");
  if (jsOff(testInfo)) {
    // What is shown (innerText), not what the markup holds for the other case.
    await expect(hint).toHaveText("Episodes play on their own pages. Put them in the order you like with the arrows.", {
      useInnerText: true,
    });
    await expect(page.getByRole("button", { name: `Move ${first!.title} down` })).toBeVisible();
  } else {
    await expect(hint).toHaveText(
      "When an episode ends, the first one here plays. Drag to reorder, or use the arrows.",
      { useInnerText: true },
    );
  }
});

test("Tab goes through a card's controls in the order they are on screen, the heart first", async ({
  page,
}, testInfo) => {
  test.skip(isMobile(testInfo), "a keyboard's order; desktop");
  await open(page, "/", !jsOff(testInfo));
  const card = page.getByRole("list", { name: "Latest Episodes" }).getByRole("article").first();
  const stops: { name: string; top: number }[] = [];
  await card.evaluate((el) => el.setAttribute("data-under-test", ""));
  await card.locator("a, button").first().focus();
  for (let i = 0; i < 10; i++) {
    // Where each stop is on the card (focus scrolls the page, so not on the viewport).
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const article = el.closest("article[data-under-test]");
      if (!article) return null;
      // Its middle: a row's controls of different heights line up on their centres.
      const box = el.getBoundingClientRect();
      const top = box.top + box.height / 2 - article.getBoundingClientRect().top;
      return { name: el.getAttribute("aria-label") ?? el.textContent ?? "", top };
    });
    if (!stop) break;
    stops.push(stop);
    await page.keyboard.press("Tab");
  }
  expect(stops[0]!.name, JSON.stringify(stops)).toMatch(/favorites/);
  expect(
    stops.map((s) => s.name).some((n) => n.includes(first!.title)),
    JSON.stringify(stops),
  ).toBe(true);
  for (let i = 1; i < stops.length; i++)
    expect(stops[i]!.top, `stop ${i} of ${JSON.stringify(stops)}`).toBeGreaterThanOrEqual(stops[i - 1]!.top - 1);
});

test("the home slider holds still while a dialog is open and goes on after", async ({ page }, testInfo) => {
  test.skip(jsOff(testInfo), "the slider and the dialogs need JS");
  test.setTimeout(60_000);
  await openReady(page, "/");
  await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  await page.mouse.move(0, 0);
  await blurActive(page);
  const current = () =>
    page.locator(".hero-slider__dots button").evaluateAll((dots) => dots.findIndex((d) => d.ariaCurrent === "true"));
  // It moves on its own first.
  const start = await current();
  await expect.poll(current, { timeout: 8_000 }).not.toBe(start);

  let dialog;
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "More", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Now playing" });
  } else {
    await page.keyboard.press("?");
    dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  }
  await expect(dialog).toBeVisible();
  const held = await current();
  await page.waitForTimeout(4_500);
  expect(await current()).toBe(held);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
  await blurActive(page);
  await expect.poll(current, { timeout: 8_000 }).not.toBe(held);
});

test("sign-up says to check the inbox, and the sign-in form starts with that address (never the password)", async ({
  page,
}, testInfo) => {
  test.skip(isMobile(testInfo), "the same forms at 375 px");
  const email = uniqueEmail("prefill");
  await signUp(page, email);
  await expect(page.getByRole("status").filter({ hasText: SIGN_UP_SUCCESS_CHECK_INBOX })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(page.url()).not.toContain(email);
  // Signed in, the address is forgotten: the next sign-in form starts empty.
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain("hrs_signed_up");
});

test("chapters in the feed and the player have absolute picture URLs", async ({ page, baseURL }, testInfo) => {
  test.skip(isMobile(testInfo) || jsOff(testInfo), "no browser needed");
  const feed = await (await page.request.get("/rss")).text();
  const urls = [...feed.matchAll(/<podcast:chapters url="([^"]+)"/g)].map((m) => m[1]!);
  expect(urls.length).toBeGreaterThan(0);
  let pictures = 0;
  for (const url of urls.slice(0, 5)) {
    expect(url).toMatch(/^https?:\/\/[^/]+\/chapters\/[^/]+\.json$/);
    const res = await page.request.get(new URL(url).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json+chapters");
    const doc = (await res.json()) as { chapters: { img?: string }[] };
    for (const c of doc.chapters)
      if (c.img !== undefined) {
        pictures++;
        expect(c.img).toMatch(/^https?:\/\//);
      }
  }
  expect(pictures).toBeGreaterThan(0);
  // The player is handed the same address.
  await page.goto(`/episode?title=${encodeURIComponent(withChapters.title)}`);
  const data = await page.request.get(`/episode?title=${encodeURIComponent(withChapters.title)}&_data=routes/episode`);
  const { episode } = (await data.json()) as { episode: { chaptersUrl: string } };
  expect(episode.chaptersUrl).toMatch(/^\/chapters\/[^/]+\.json$/);
  expect((await page.request.get("/chapters/..%2Fsecret.json")).status()).toBe(404);
  expect((await page.request.get("/chapters/nope.json")).status()).toBe(404);
  expect(baseURL).toBeTruthy();
});

test("at 1280 px the episode page puts its panels beside the details", async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo) || jsOff(testInfo), "one wide layout");
  await openReady(page, `/episode?title=${encodeURIComponent(withChapters.title)}`);
  const main = await page.locator(".episode-main").boundingBox();
  const aside = await page.locator(".episode-aside").boundingBox();
  expect(aside!.x).toBeGreaterThan(main!.x + main!.width);
  expect(aside!.x + aside!.width).toBeGreaterThan(1100);
  await page.screenshot({ path: testInfo.outputPath("episode-1280.png") });
});
