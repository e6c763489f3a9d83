/**
 * Accessibility: axe-core on every public route of docs/product.md §2, desktop with JS and at 375 px,
 * 0 serious or critical violations. (Embedded third-party frames are out of scope.)
 */
import { expect, test } from "@playwright/test";
import { saveProgress, signedIn } from "./support/auth";
import { episodes, newestFirst, PUBLIC_ROUTES } from "./support/sample";
import { isMobile, openReady, playerButton } from "./support/player";
import { seriousViolations } from "./support/axe";

test.beforeEach(() => {
  // A full axe pass on a long page at 2x takes a while on a busy 2-core machine.
  test.setTimeout(120_000);
});

// The mobile banner's marquee animates forever; axe's colour checks are steadier on a still page.
test.use({ reducedMotion: "reduce" });

const EXTRA = [
  { name: "burger menu open", path: "/eras", open: true },
  { name: "bad request page", path: "/News?tab=nope", open: false },
];

/** Routes that render another route's markup: /crew is /Crew (routes match in any case), /error the unknown path's NOT FOUND. */
const SAME_MARKUP = new Set(["crew-bio-lower", "error"]);

/**
 * At 375 px the site chrome (mobile header, player bar) is the same on every page, so the phone
 * checks the pages whose own layout changes there; desktop checks every route.
 */
const PHONE_LAYOUTS = new Set([
  "home",
  "eras",
  "era",
  "episode",
  "live",
  "search",
  "crew-grid",
  "crew-bio",
  "news",
  "about",
]);

for (const r of PUBLIC_ROUTES.filter((route) => !SAME_MARKUP.has(route.name))) {
  test(`${r.name} (${r.path}) has no serious or critical axe violations`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "mobile-375" && !PHONE_LAYOUTS.has(r.name), "checked on desktop");
    await page.goto(r.path, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForLoadState("load").catch(() => undefined);
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  });
}

for (const r of EXTRA) {
  test(`${r.name} (${r.path}) has no serious or critical axe violations`, async ({ page }, testInfo) => {
    await page.goto(r.path, { waitUntil: "domcontentloaded" });
    if (r.open) {
      test.skip(testInfo.project.name !== "mobile-375", "the burger menu shows at 375 px");
      await page.getByRole("banner").locator("summary").click();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    }
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  });
}

/** The player's states in words: each is checked where it shows (above the bar, or at 375 px beside the round button). */
test("the player telling of a dead live stream, with Retry, has no serious or critical axe violations", async ({
  page,
}, testInfo) => {
  await page.route("**/live/stream.mp3", (route) => route.fulfill({ status: 404 }));
  await openReady(page, "/");
  await playerButton(page, "Go live").click();
  const status = page.getByRole("status").filter({ hasText: "Live stream unavailable" });
  await expect(status.getByRole("button", { name: "Retry" })).toBeVisible();
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Close player" }).click();
    await expect(status).toBeVisible();
  }
  const violations = await seriousViolations(page);
  expect(violations, violations.join("\n")).toEqual([]);
});

test.describe("without reduced motion", () => {
  test.use({ reducedMotion: "no-preference" });
  test("the moving now-playing banner and its stop control have no serious or critical axe violations", async ({
    page,
  }, testInfo) => {
    test.skip(!isMobile(testInfo), "the banner is the 375 px player's");
    await openReady(page, "/");
    const stop = page.getByRole("button", { name: "Stop scrolling the title" });
    await stop.click();
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  });
});

test("the resume offer after sign-in has no serious or critical axe violations", async ({ page }) => {
  const first = newestFirst(episodes)[0]!;
  await signedIn(page);
  await saveProgress(page, first, 24);
  // A page opened signed in restores the place as a sign-in does (listeners.spec.ts signs in).
  await openReady(page, "/");
  await expect(page.getByRole("status").filter({ hasText: `Continue ${first.title} at 0:24?` })).toBeVisible();
  const violations = await seriousViolations(page);
  expect(violations, violations.join("\n")).toEqual([]);
});

test("Continue listening and the cards' position marks have no serious or critical axe violations", async ({
  page,
}) => {
  const [first, second] = newestFirst(episodes);
  await signedIn(page);
  await saveProgress(page, first!, 2);
  await saveProgress(page, second!, second!.EpisodeDuration);
  for (const path of ["/", "/user", `/episode?title=${encodeURIComponent(first!.title)}`]) {
    await openReady(page, path);
    // /user shows cards of favorites only: none here.
    if (path !== "/user")
      await expect(page.getByRole("button", { name: `Mark ${first!.title} as played` }).first()).toBeVisible();
    if (!path.startsWith("/episode"))
      await expect(page.getByRole("region", { name: "Continue listening" })).toBeVisible();
    const violations = await seriousViolations(page);
    expect(violations, `${path}\n${violations.join("\n")}`).toEqual([]);
  }
});
