/**
 * The policy holds in the browser: a page shared by every anonymous listener allows its inline
 * scripts by their hashes, a signed-in page by its nonce; a script the page did not make (one
 * slipped into the HTML on its way, as from remote CMS markup past the sanitizer) never runs,
 * while the page's own scripts do.
 */
import { expect, test, type Page } from "@playwright/test";
import { signedIn } from "./support/auth";

async function withInjectedScript(page: Page, path: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(e.violatedDirective));
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        "</body>",
        '<script>window.__injected = 1</script><img src="/x.png" onerror="window.__injected = 2"></body>',
      );
      await route.fulfill({ response, body, headers: { ...response.headers(), "content-length": "" } });
    },
  );
  const response = await page.goto(path);
  // The page's own scripts ran: the player is hydrated.
  await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
  const state = await page.evaluate(() => {
    const w = window as unknown as { __injected?: number; __violations: string[] };
    return { injected: w.__injected ?? null, violations: w.__violations };
  });
  expect(state.injected, "the injected script did not run").toBeNull();
  expect(
    state.violations.some((d) => d.startsWith("script-src")),
    "the browser reported the block",
  ).toBe(true);
  return response!.headers()["content-security-policy"] ?? "";
}

test("a shared page: scripts allowed by their hashes, an injected one blocked", async ({ page }) => {
  await page.request.get("/eras");
  const csp = await withInjectedScript(page, "/eras");
  expect(csp).toMatch(/'sha256-/);
  expect(csp).not.toMatch(/'nonce-/);
});

test("a signed-in page: scripts allowed by this response's nonce, an injected one blocked", async ({ page }) => {
  await signedIn(page);
  const csp = await withInjectedScript(page, "/user");
  expect(csp).toMatch(/'nonce-/);
});

test("a public page signed in: rendered for the listener with this response's nonce, an injected script blocked", async ({
  page,
}) => {
  await signedIn(page);
  const response = await page.goto("/eras");
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
  const csp = await withInjectedScript(page, "/eras");
  expect(csp).toMatch(/'nonce-/);
});
