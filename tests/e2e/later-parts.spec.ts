/**
 * Parts whose code comes after the first load (ui/later.tsx, ADR 051): the header, the player bars,
 * the episode page's panels. Their chunks are held back here to show the time before they come:
 * the server's markup stays in place, and what a listener does meanwhile is carried out once the
 * code is there.
 */
import { expect, test, type Page, type Route } from "@playwright/test";
import { episodes, newestFirst } from "./support/sample";
import { audio, openReady } from "./support/player";
import { episodeLink } from "../../app/rules/episodes";

const first = newestFirst(episodes)[0]!;

/** Holds the browser's requests for the chunk named `name` (or matching a pattern) until the returned function is called. */
async function holdChunk(page: Page, name: string | RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  const pattern = typeof name === "string" ? new RegExp(`/build/_shared/${name}-[A-Z0-9]+\\.js$`) : name;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    await expect.poll(() => held.length, `a request for ${name}`).toBeGreaterThan(0);
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

test("a header link clicked before the header's code comes is followed in the app, without a reload", async ({
  page,
}) => {
  const release = await holdChunk(page, "SiteHeader");
  await openReady(page, "/");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Episodes" })).toBeVisible();
  await nav.getByRole("link", { name: "Episodes" }).click();
  // Held until the code is there: still on the home page.
  await expect(page).toHaveURL(/\/$/);
  await release();
  await expect(page).toHaveURL(/\/eras$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a search typed and sent with Enter before the header's code comes is searched for, in the app", async ({
  page,
}) => {
  const release = await holdChunk(page, "SiteHeader");
  await openReady(page, "/about");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const box = page.getByRole("search").first().getByRole("combobox", { name: "Search episodes" });
  await box.fill("antenn");
  await box.press("Enter");
  await release();
  await expect(page).toHaveURL(/\/search\?term=antenn$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a search typed before the header's code comes is suggested for once it is there", async ({ page }) => {
  const release = await holdChunk(page, "SiteHeader");
  await openReady(page, "/");
  const box = page.getByRole("search").first().getByRole("combobox", { name: "Search episodes" });
  await box.fill("karaok");
  await release();
  await expect(page.getByRole("option", { name: /Karaoke Catastrophe/ })).toBeVisible();
  await expect(box).toBeFocused();
});

test("a button held down while the header's code comes is pressed once it is let go", async ({ page }) => {
  const release = await holdChunk(page, "SiteHeader");
  await openReady(page, "/about");
  const search = page.getByRole("search").first();
  await search.getByRole("combobox", { name: "Search episodes" }).fill("antenn");
  const button = search.getByRole("button", { name: "Search" });
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const came = page.waitForResponse(/\/build\/_shared\/SiteHeader-[A-Z0-9]+\.js$/);
  await release();
  await came;
  // Its module run (the markup waits for the button to be let go).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  // The markup is swapped once the button is let go: the click must still reach it.
  await page.mouse.up();
  await expect(page).toHaveURL(/\/search\?term=antenn$/);
});

test("a search typed before the page's own code runs is kept and searched for", async ({ page }) => {
  const releaseRoot = await holdChunk(page, /\/build\/root-[A-Z0-9]+\.js$/);
  const header = page.waitForResponse(/\/build\/_shared\/SiteHeader-[A-Z0-9]+\.js$/);
  await page.goto("/about", { waitUntil: "commit" });
  const box = page.getByRole("search").first().getByRole("combobox", { name: "Search episodes" });
  await box.fill("antenn");
  await releaseRoot();
  await header;
  await expect(box).toHaveValue("antenn");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?term=antenn$/);
});

test("the player bar's Mute pressed before the bar's code comes mutes once it is there", async ({ page }) => {
  const release = await holdChunk(page, "PlayerBars");
  await openReady(page, "/");
  const mute = page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Mute" });
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await mute.click();
  await release();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await audio(page)).muted).toBe(true);
});

test("a clip's start typed before the episode panels' code comes is kept", async ({ page }) => {
  const release = await holdChunk(page, "EpisodePanels");
  await openReady(page, episodeLink(first.title));
  const clip = page.getByRole("form", { name: "Share a clip" });
  await clip.getByRole("spinbutton", { name: "From (seconds)" }).fill("5");
  await clip.getByRole("spinbutton", { name: "To (seconds)" }).fill("12");
  await release();
  await expect(clip.getByRole("button", { name: "Share from 0:05 to 0:12" })).toBeVisible();
  await expect(clip.getByRole("spinbutton", { name: "From (seconds)" })).toHaveValue("5");
});

test("a clip field focused with its text selected as the panels' code comes is replaced by what is typed next", async ({
  page,
}) => {
  const release = await holdChunk(page, "EpisodePanels");
  await openReady(page, episodeLink(first.title));
  const clip = page.getByRole("form", { name: "Share a clip" });
  // As Tab into a field leaves it: focused, its text selected.
  await clip.getByRole("spinbutton", { name: "To (seconds)" }).selectText();
  const panels = page.waitForResponse(/\/build\/_shared\/EpisodePanels-[A-Z0-9]+\.js$/);
  await release();
  const url = (await panels).url();
  // The page has run the chunk, and whatever it does once it is there.
  await page.evaluate(async (u) => {
    await import(u);
    await new Promise((done) => setTimeout(done));
  }, url);
  await page.keyboard.type("19");
  await expect(clip.getByRole("button", { name: "Share from 0:00 to 0:19" })).toBeVisible();
  await expect(clip.getByRole("spinbutton", { name: "To (seconds)" })).toHaveValue("19");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu opened before the header's code comes is open once it is there", async ({ page }) => {
    const release = await holdChunk(page, "SiteHeader");
    await openReady(page, "/about");
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await release();
    const search = page.getByRole("search", { name: "Search episodes (menu)" });
    await expect(search.getByRole("combobox", { name: "Search episodes" })).toBeVisible();
  });
});
