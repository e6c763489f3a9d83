import { expect, test } from "@playwright/test";
import { signedIn } from "./support/auth";

// Issue "The live-show peak" §1: a listener loses nothing. A heart clicked just before the page
// is left: the fetcher's request never gets out (held here, as a slow network would), yet the
// favorite is stored, sent from the page's queue as the page goes and on the next page.
test("a favorite clicked just before leaving the page is stored all the same", async ({ page }) => {
  await signedIn(page);
  await page.goto("/");
  // Hydrated, the hearts' code for the queue loaded.
  await page.waitForLoadState("networkidle");
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith("/favorites"),
    (route) => {
      if (route.request().method() === "POST" && held++ === 0) return; // never answered, never sent
      return route.continue();
    },
  );
  const heart = page.getByRole("button", { name: /^Add .* to favorites$/ }).first();
  const title = /^Add (.*) to favorites$/.exec((await heart.getAttribute("aria-label"))!)![1]!;
  await heart.click();
  await expect.poll(() => held).toBe(1);
  // The next page may be rendered before the queue's write reaches the server: its heart follows
  // once the queue has sent it, without a reload.
  await page.goto("/");
  await expect(page.getByRole("button", { name: `Remove ${title} from favorites` }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect.poll(() => page.evaluate(() => localStorage.getItem("hrs:pending-writes"))).toBe("[]");
  await page.goto("/user");
  await expect(
    page.getByRole("list", { name: "My Favorites" }).getByRole("link", { name: title, exact: true }),
  ).toBeVisible();
});
