/**
 * Live radio (docs/product.md §4 Player): "Go live" plays the live stream; now-playing comes from this app's
 * /api/now-playing, polled immediately and then every 10,000 ms only while live is on (counted
 * with Playwright's fake clock); failure or junk upstream → the docs/product.md §8 fallback; the upstream
 * sees at most one call per window however many clients poll.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { asListener } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import {
  audio,
  cardPlay,
  expectPlaying,
  playerButton,
  startPrivateServer,
  type PrivateServer,
  openReady,
} from "./support/player";

const first = newestFirst(episodes)[0]!;

test.beforeEach(async ({ page }) => {
  await asListener(page);
});

function countNowPlaying(page: Page): { count: () => number } {
  let n = 0;
  page.on("request", (r: Request) => {
    if (new URL(r.url()).pathname === "/api/now-playing") n++;
  });
  return { count: () => n };
}

/** The title/subtext the visible player view shows (desktop bar or the mobile banner). */
async function shownTitle(page: Page): Promise<string> {
  return page.evaluate(() => {
    const desktop = document.querySelector<HTMLElement>(".desktop-player");
    if (desktop && getComputedStyle(desktop).display !== "none") {
      return `${desktop.querySelector(".np__title")?.textContent} | ${desktop.querySelector(".np__subtext")?.textContent}`;
    }
    return document.querySelector(".mobile-player__marquee")?.textContent ?? "";
  });
}

test("Go live: polls now-playing at once, then every 10 s only while live; stops when an episode is chosen", async ({
  page,
}) => {
  const t0 = Date.parse("2026-11-01T20:00:00Z");
  await page.clock.install({ time: t0 });
  const polls = countNowPlaying(page);
  await openReady(page, "/");
  // Time moves only when the test says so from here on.
  await page.clock.pauseAt(t0 + 60_000);
  // Initial state: live stream source, live flag off → no polling.
  await page.clock.runFor(30_000);
  expect(polls.count()).toBe(0);
  expect((await audio(page)).paused).toBe(true);

  await playerButton(page, "Go live").click();
  await expect(playerButton(page, "Go live")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(polls.count).toBe(1); // immediately
  await expect.poll(() => shownTitle(page)).toMatch(/Bunker Sessions Vol\. 7.*The Ham Radio Show Crew/);
  const live = await audio(page);
  expect(live.src).toMatch(/\/live\/stream\.mp3$/);
  await expect.poll(async () => (await audio(page)).paused).toBe(false);

  await page.clock.runFor(9_000);
  expect(polls.count()).toBe(1);
  await page.clock.runFor(1_000);
  await expect.poll(polls.count).toBe(2);
  await page.clock.runFor(10_000);
  await expect.poll(polls.count).toBe(3);
  await page.clock.runFor(20_000);
  await expect.poll(polls.count).toBe(5);

  // Pausing keeps "live" on (docs/product.md: while live is on) — choosing an episode turns it off.
  await cardPlay(page, first.title).click();
  await page.clock.runFor(200); // the 100 ms source switch
  await expectPlaying(page, first.EpisodeUrl);
  await expect(playerButton(page, "Go live")).toHaveAttribute("aria-pressed", "false");
  const after = polls.count();
  await page.clock.runFor(60_000);
  await page.waitForTimeout(300);
  expect(polls.count()).toBe(after);
  expect(after).toBeLessThanOrEqual(6);
});

test("/api/now-playing answers JSON with the now-playing cache policy", async ({ request }) => {
  const res = await request.get("/api/now-playing");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect(res.headers()["cache-control"]).toBe("public, max-age=1, s-maxage=1");
  expect(await res.json()).toEqual({
    title: "Bunker Sessions Vol. 7",
    artist: "The Ham Radio Show Crew",
    art: null,
    fallback: false,
  });
});

test.describe("with a failing streaming service (a private server)", () => {
  test.describe.configure({ mode: "serial" });
  let server: PrivateServer;

  test.beforeAll(async () => {
    server = await startPrivateServer("junk");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("junk now-playing → 'The Ham Radio Show' / 'Live Radio' while the live stream plays", async ({ page }) => {
    await openReady(page, `${server.origin}/`);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/now-playing"));
    await playerButton(page, "Go live").click();
    expect(await (await answer).json()).toEqual({
      title: "The Ham Radio Show",
      artist: "Live Radio",
      art: null,
      fallback: true,
    });
    await expect.poll(() => shownTitle(page)).toMatch(/The Ham Radio Show.*Live Radio/);
    await expect.poll(async () => (await audio(page)).paused).toBe(false);
    expect((await audio(page)).src).toMatch(/\/live\/stream\.mp3$/);
  });

  test("20 clients polling at once → at most one upstream call; a failing upstream gives the fallback", async ({
    playwright,
  }, testInfo) => {
    // Later windows (recovery, the last good copy) run on a fake clock in now-playing.server.test.ts.
    test.skip(testInfo.project.name !== "desktop-js", "server-side behaviour: one project is enough");
    await server.setUpstreamMode("fail"); // also resets the upstream's counter
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        playwright.request.newContext({
          baseURL: server.origin,
          extraHTTPHeaders: { "X-Forwarded-For": `10.9.0.${i + 1}` },
        }),
      ),
    );
    try {
      // Two rounds inside one window: the server makes at most one upstream call for all 40.
      const round = () => Promise.all(clients.map(async (c) => (await c.get("/api/now-playing")).json()));
      const answers = [...(await round()), ...(await round())];
      for (const a of answers)
        expect(a).toEqual({ title: "The Ham Radio Show", artist: "Live Radio", art: null, fallback: true });
      expect(await server.upstreamHits()).toBeLessThanOrEqual(1);
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });
});
