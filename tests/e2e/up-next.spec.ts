/**
 * Up Next (ADR 034): adding from cards and the episode page, the queue page (order, move, remove,
 * clear, drag), the next episode at the end of one (also after a reload), Media Session's track
 * buttons, the cap, signed-out visitors, with and without JavaScript and at 375 px.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { signedIn } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { cardPlay, expectPlaying, isMobile, jsOff, openReady } from "./support/player";
import { startAppServer } from "./support/app-server";
import { episodeLink } from "../../app/rules/episodes";

test.beforeEach(() => {
  test.setTimeout(90_000);
});

// Episodes of the home page's latest eight, each with its own audio (a catalog may share files).
const [A, B, C] = [
  ...new Map(
    newestFirst(episodes)
      .slice(0, 8)
      .map((e) => [e.EpisodeUrl, e]),
  ).values(),
];
const titles = (page: Page) => page.getByRole("list", { name: "Episodes up next" }).getByRole("link");

async function open(page: Page, url: string, js: boolean) {
  if (js) await openReady(page, url);
  else await page.goto(url);
}

/** A queue change as a form sends it (the listener's session comes with the page's context). */
async function enqueue(page: Page, e: { title: string; EpisodeUrl: string }, intent: "next" | "last" = "last") {
  const res = await page.request.post("/up-next", {
    form: { intent, audioSrc: e.EpisodeUrl, title: e.title, js: "1" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Up Next's link: beside Profile on desktop, in the burger menu at 375 px (a link: the player plays on). */
async function openUpNext(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.locator("summary[aria-label='Menu']").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Up Next" }).click();
  } else await page.getByRole("link", { name: "Up Next", exact: true }).locator("visible=true").first().click();
}

test("signed out, the Up Next buttons of a card lead to sign-in and back", async ({ page }, testInfo) => {
  await open(page, "/", !jsOff(testInfo));
  await page
    .getByRole("link", { name: `Sign in to play next: ${A!.title}`, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2F$/);
  const res = await page.request.get("/up-next", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/^\/signin\?redirectTo=%2Fup-next$/);
});

test("Play next and Add to Up Next from cards and the episode page; the queue page moves, removes and clears", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await signedIn(page);
  await open(page, "/", js);
  if (js) {
    await cardPlay(page, A!.title).click();
    await expectPlaying(page, A!.EpisodeUrl);
  }
  await page
    .getByRole("button", { name: `Add to Up Next: ${B!.title}`, exact: true })
    .first()
    .click();
  if (js) await expect(page.getByRole("status").filter({ hasText: `${B!.title} is in Up Next.` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page
    .getByRole("button", { name: `Add to Up Next: ${C!.title}`, exact: true })
    .first()
    .click();
  if (js) await expect(page.getByRole("status").filter({ hasText: `${C!.title} is in Up Next.` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The episode page says it in words.
  // A link, so that with JavaScript the player plays on. The card's: Continue listening leaves out
  // an episode less than a second in, and a slide may carry the same words.
  await page
    .getByRole("list", { name: "Latest Episodes" })
    .getByRole("link", { name: A!.title, exact: true })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: A!.title })).toBeVisible();
  await page.getByRole("button", { name: "Play next", exact: true }).click();
  if (js) {
    await expect(page.getByRole("status").filter({ hasText: `${A!.title} plays next.` })).toBeVisible();
    // The player played on throughout (A is playing, so it is not up next in the player).
    await expectPlaying(page, A!.EpisodeUrl);
  }
  await expect(page).toHaveURL(/\/episode\?title=/);

  await openUpNext(page, testInfo);
  await expect(page).toHaveURL(/\/up-next$/);
  await expect(page.getByRole("heading", { level: 1, name: "Up Next" })).toBeVisible();
  await expect(titles(page)).toHaveText([A!.title, B!.title, C!.title]);

  await page.getByRole("button", { name: `Move ${C!.title} up` }).click();
  await expect(titles(page)).toHaveText([A!.title, C!.title, B!.title]);
  await page.getByRole("button", { name: `Move ${A!.title} down` }).click();
  await expect(titles(page)).toHaveText([C!.title, A!.title, B!.title]);
  await expect(page.getByRole("button", { name: `Move ${C!.title} up` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move ${B!.title} down` })).toBeDisabled();
  await page.getByRole("button", { name: `Remove ${A!.title} from Up Next` }).click();
  await expect(titles(page)).toHaveText([C!.title, B!.title]);
  if (isMobile(testInfo)) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  }
  if (js) await expectPlaying(page, A!.EpisodeUrl);
  await page.getByRole("button", { name: "Clear Up Next" }).click();
  await expect(page.getByText("Nothing is up next.")).toBeVisible();
  await expect(titles(page)).toHaveCount(0);
});

test.describe("with JavaScript", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(jsOff(testInfo), "the player plays Up Next");
  });

  test("at the end of an episode the next one of Up Next plays and leaves it, also after a reload", async ({
    page,
  }, testInfo) => {
    test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
    await signedIn(page);
    await enqueue(page, C!);
    await enqueue(page, B!, "next");
    await openReady(page, "/");
    await cardPlay(page, A!.title).click();
    await expectPlaying(page, A!.EpisodeUrl);
    await page.evaluate(() => {
      const a = document.getElementById("global-audio") as HTMLAudioElement;
      a.currentTime = Math.max(0, a.duration - 0.5);
    });
    await expectPlaying(page, B!.EpisodeUrl);
    // Taken out of the queue on the server too: C is next now, on every device.
    await expect
      .poll(async () =>
        ((await (await page.request.get("/api/up-next")).json()) as { items: { title: string }[] }).items.map(
          (i) => i.title,
        ),
      )
      .toEqual([C!.title]);
    await openUpNext(page, testInfo);
    await expect(titles(page)).toHaveText([C!.title]);
    await expectPlaying(page, B!.EpisodeUrl);
  });

  test("drag and drop reorders the queue page; an episode played from it leaves it", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), "a mouse drag; at 375 px the arrows are the way (first test)");
    await signedIn(page);
    for (const e of [A!, B!, C!]) await enqueue(page, e);
    await openReady(page, "/up-next");
    await expect(titles(page)).toHaveText([A!.title, B!.title, C!.title]);
    const items = page.getByRole("list", { name: "Episodes up next" }).getByRole("listitem");
    await items.nth(2).getByTitle("Drag to reorder").dragTo(items.nth(0));
    await expect(titles(page)).toHaveText([C!.title, A!.title, B!.title]);
    // Shown at once; stored once the list is no longer busy.
    await expect(page.getByRole("list", { name: "Episodes up next" })).toHaveAttribute("aria-busy", "false");
    await page.reload();
    await expect(titles(page)).toHaveText([C!.title, A!.title, B!.title]);
    // Played from here, an episode leaves Up Next.
    await openReady(page, "/up-next");
    await page.getByRole("button", { name: `Play ${C!.title} now` }).click();
    await expectPlaying(page, C!.EpisodeUrl);
    await expect(titles(page)).toHaveText([A!.title, B!.title]);
  });

  test("Media Session's next and previous track follow Up Next", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), "the player's logic, the same at 375 px");
    // The page's handlers, as the lock screen would call them.
    await page.addInitScript(() => {
      const handlers: Record<string, unknown> = {};
      (window as unknown as { msHandlers: typeof handlers }).msHandlers = handlers;
      const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        handlers[action] = handler;
        set(action, handler);
      };
    });
    const call = (action: string) =>
      page.evaluate(
        (a) => ((window as unknown as { msHandlers: Record<string, () => void> }).msHandlers[a] ?? null)?.(),
        action,
      );
    const has = (action: string) =>
      page.evaluate(
        (a) => Boolean((window as unknown as { msHandlers: Record<string, unknown> }).msHandlers[a]),
        action,
      );
    await signedIn(page);
    await enqueue(page, B!);
    await openReady(page, "/");
    await cardPlay(page, A!.title).click();
    await expectPlaying(page, A!.EpisodeUrl);
    await expect.poll(() => has("nexttrack")).toBe(true);
    await call("nexttrack");
    await expectPlaying(page, B!.EpisodeUrl);
    // Up Next is empty now: no next track to offer.
    await expect.poll(() => has("nexttrack")).toBe(false);
    await call("previoustrack");
    await expectPlaying(page, A!.EpisodeUrl);
  });

  test("the queue page has no serious or critical axe violations", async ({ page }) => {
    await signedIn(page);
    for (const e of [A!, B!, C!]) await enqueue(page, e);
    await openReady(page, "/up-next");
    await expect(titles(page)).toHaveCount(3);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test("past the cap, adding says Up Next is full (400), with and without JavaScript", async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(isMobile(testInfo), "a private embedded server: desktop, JS on and off");
  const server = await startAppServer({ UP_NEXT_MAX: "2" }, "up-next-full");
  const context = await browser.newContext({ baseURL: server.origin, javaScriptEnabled });
  try {
    const page = await context.newPage();
    await signedIn(page);
    await enqueue(page, A!);
    await enqueue(page, B!);
    const full = "Up Next is full: it keeps 2 episodes. Remove one to add another.";
    // A form's POST without JavaScript: a 400 page that says why.
    const res = await page.request.post("/up-next", {
      form: { intent: "last", audioSrc: C!.EpisodeUrl, title: C!.title },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain(full);
    await open(page, episodeLink(C!.title, false), javaScriptEnabled !== false);
    await page.getByRole("button", { name: "Add to Up Next", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: full })).toBeVisible();
    // A queued episode still moves to the front of a full queue.
    await enqueue(page, B!, "next");
    await page.goto("/up-next");
    await expect(titles(page)).toHaveText([B!.title, A!.title]);
  } finally {
    await context.close();
    await server.stop();
  }
});

test("bad Up Next requests get a clear 4xx and change nothing", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-js", "the same answers everywhere");
  await signedIn(page);
  await enqueue(page, A!);
  const post = async (form: Record<string, string>) => {
    const res = await page.request.post("/up-next", { form: { js: "1", ...form } });
    return [res.status(), await res.text()] as const;
  };
  for (const form of [
    { intent: "next" } as Record<string, string>,
    { intent: "shuffle", audioSrc: A!.EpisodeUrl },
    { intent: "move", audioSrc: A!.EpisodeUrl, to: "-1" },
    { intent: "move", audioSrc: A!.EpisodeUrl, to: "first" },
    { intent: "remove", audioSrc: "javascript:alert(1)" },
    { intent: "last", audioSrc: A!.EpisodeUrl, title: "x".repeat(5000) },
  ]) {
    const [status, body] = await post(form);
    expect([status, body.includes("That Up Next request is missing its episode.")], JSON.stringify(form)).toEqual([
      400,
      true,
    ]);
  }
  // Words that name no episode of the catalog (or another episode's audio) are refused.
  for (const form of [
    { intent: "last", audioSrc: "/media/audio/made-up.mp3", title: "Made Up" },
    { intent: "next", audioSrc: B!.EpisodeUrl, title: A!.title },
  ]) {
    const [status, body] = await post(form);
    expect([status, body.includes("That episode is not in the catalog, so it can't go in Up Next.")]).toEqual([
      400,
      true,
    ]);
  }
  const items = ((await (await page.request.get("/api/up-next")).json()) as { items: { title: string }[] }).items;
  expect(items.map((i) => i.title)).toEqual([A!.title]);
});
