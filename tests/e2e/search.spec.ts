/**
 * Suggestions as a listener types in the nav bar's search box (JavaScript on): a WAI-ARIA
 * combobox, used with the keyboard alone and read as a screen reader reads it (roles, names,
 * states, the active option and the announced count).
 */
import { expect, test } from "@playwright/test";
import { SUGGESTIONS_MAX, suggestionCountText } from "../../app/rules/search";

test.describe("search suggestions (combobox)", () => {
  test.skip(({ isMobile }) => isMobile, "the nav bar's box; at 375 px the menu's box is tested below");
  test("keyboard alone: type, arrow through the suggestions, Enter opens the episode", async ({ page }) => {
    await page.goto("/about");
    const box = page.getByRole("combobox", { name: "Search episodes" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.focus();
    await page.keyboard.type("sqelch");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    const n = await options.count();
    expect(n).toBeGreaterThan(1);
    expect(n).toBeLessThanOrEqual(SUGGESTIONS_MAX);
    await expect(page.getByRole("status").filter({ hasText: suggestionCountText(n) })).toBeAttached();
    await expect(options.first()).toContainText("Ask Doc Squelch");
    await expect(options.first().locator("mark")).toHaveText("Squelch");

    await page.keyboard.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(options.nth(n - 1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(box).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/episode\?title=Episode%20377/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ask Doc Squelch");
  });

  test("Escape closes the list, a second Escape clears the box; Enter without a choice searches", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search episodes" });
    await box.focus();
    await page.keyboard.type("bunk");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("bunk");
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await page.keyboard.type("zepelin");
    await expect(list.getByRole("option")).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?term=zepelin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: zepelin");
  });

  test("a newer text cancels the request still out; the answers are cacheable", async ({ page }) => {
    await page.goto("/");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/search-suggestions?term=bunk", async (route) => {
      await held;
      await route.fulfill({ json: { suggestions: [{ title: ["Stale"], href: "/", coldcut: false }] } }).catch(() => {});
    });
    const box = page.getByRole("combobox", { name: "Search episodes" });
    const first = page.waitForRequest((r) => r.url().endsWith("term=bunk"));
    await box.pressSequentially("bunk");
    await first;
    const cancelled = page.waitForEvent("requestfailed", (r) => r.url().endsWith("term=bunk"));
    await box.pressSequentially("er chili");
    await cancelled;
    const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    await expect(options.first()).toContainText("Bunker Chili Cook-Off");
    release();
    await expect(options.filter({ hasText: "Stale" })).toHaveCount(0);

    const response = await page.request.get("/search-suggestions?term=antenna");
    expect(response.headers()["cache-control"]).toMatch(/^public, /);
    const body = (await response.json()) as { suggestions: { href: string }[] };
    expect(body.suggestions.length).toBeGreaterThan(0);
  });

  test("keys typed while the suggestions load are kept, and suggested for", async ({ page }) => {
    await page.route("**/SearchCombobox-*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search episodes" });
    await box.focus();
    await box.pressSequentially("bunker chili", { delay: 60 });
    await expect(box).toHaveValue("bunker chili");
    await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toContainText(
      "Bunker Chili Cook-Off",
    );
    await expect(box).toBeFocused();
  });

  test("a pointer picks a suggestion", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search episodes" }).fill("karaok");
    await page.getByRole("option", { name: /Karaoke Catastrophe/ }).click();
    await expect(page).toHaveURL(/\/episode\?title=Episode%20544/);
  });
});

test.describe("search suggestions in the menu (375 px)", () => {
  test.skip(({ isMobile }) => !isMobile, "the menu's search box is the phone's");
  test("the menu's box suggests too; Escape closes the list, clears the box, then closes the menu", async ({
    page,
  }) => {
    await page.goto("/about");
    const menu = page.getByRole("banner").getByLabel("Menu", { exact: true });
    await menu.click();
    const search = page.getByRole("search", { name: "Search episodes (menu)" });
    const box = search.getByRole("combobox", { name: "Search episodes" });
    await box.focus();
    await page.keyboard.type("sqelch");
    const list = search.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option").first()).toContainText("Ask Doc Squelch");
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await expect(box).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(box).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await box.fill("zepelin");
    await list.getByRole("option").first().click();
    await expect(page).toHaveURL(/\/episode\?title=/);
  });
});
