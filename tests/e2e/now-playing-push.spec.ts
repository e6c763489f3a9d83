/**
 * Off air on a paused live page (ADR 056): a page with live on whose stream is paused has no
 * stream telling it the source went, so the server tells it (the push stream of now-playing
 * changes). The page's clock is held still, so the 10 s poll cannot be what shows the change: the
 * off-air title arrives with no poll in between. A private server: its streaming service is
 * switched to fail, which the shared server's other specs must not see. Once: desktop-js.
 */
import { expect, test, type Page } from "@playwright/test";
import { NOW_PLAYING_FALLBACK } from "../../app/rules/player";
import { NOW_PLAYING_PUSH } from "../../app/rules/now-playing";
import { audio, openReady, playerButton, startPrivateServer, type PrivateServer } from "./support/player";

let server: PrivateServer;
test.beforeAll(async () => {
  server = await startPrivateServer("ok");
});
test.afterAll(async () => {
  await server?.stop();
});

function countRequests(page: Page, path: string): { count: () => number } {
  let n = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === path) n++;
  });
  return { count: () => n };
}

test("a paused live page shows the off-air title when the source goes, without waiting for the poll", async ({
  page,
}) => {
  const t0 = Date.parse("2026-11-01T20:00:00Z");
  await page.clock.install({ time: t0 });
  const polls = countRequests(page, "/api/now-playing");
  const pushes = countRequests(page, NOW_PLAYING_PUSH.path);
  await openReady(page, `${server.origin}/`);
  await page.clock.pauseAt(t0 + 60_000);

  await playerButton(page, "Go live").click();
  const player = page.getByRole("region", { name: "Player" });
  await expect(player.getByTestId("player-title")).toHaveText("Bunker Sessions Vol. 7");
  await expect.poll(async () => (await audio(page)).paused).toBe(false);
  expect(pushes.count(), "a playing page's stream tells it: no push held").toBe(0);

  const subscribed = page.waitForRequest((r) => new URL(r.url()).pathname === NOW_PLAYING_PUSH.path);
  await playerButton(page, "Pause").click();
  await subscribed;
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  const before = polls.count();

  await server.setUpstreamMode("fail");
  // Waits for the server's next window: the page's clock stands still meanwhile.
  await expect(player.getByTestId("player-title")).toHaveText(NOW_PLAYING_FALLBACK.title, { timeout: 20_000 });
  await expect(player.getByTestId("player-subtext")).toHaveText(NOW_PLAYING_FALLBACK.artist);
  expect(polls.count(), "no poll brought it").toBe(before);
});
