/**
 * docs/product.md §2 / §9 layout: below 550 px the mobile header, a burger menu (working without JS too),
 * the mobile player text banner and controls and a 103 px spacer; at 1280 px the reverse.
 * Runs in the mobile-375 project; the 1280 px check opens its own context.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { NAV_LINKS, SOCIAL_LINKS } from "../../app/rules/social";

async function expectMobileHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "The Ham Radio Show home" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  // The burger: a <details> summary (works without JS) named "Menu".
  const burger = header.locator("summary");
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute("aria-label", "Menu");
}

async function expectBurgerMenuWorks(page: Page) {
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobileNav).toBeHidden();
  await page.getByRole("banner").locator("summary").click();
  await expect(mobileNav).toBeVisible();
  for (const l of NAV_LINKS)
    await expect(mobileNav.getByRole("link", { name: l.label, exact: true })).toHaveAttribute("href", l.to);
  const social = page.getByRole("banner").getByRole("list", { name: "Follow the show" });
  await expect(social.getByRole("link")).toHaveCount(3);
  for (const s of SOCIAL_LINKS)
    await expect(social.getByRole("link", { name: `The Ham Radio Show on ${s.network}` })).toHaveAttribute(
      "href",
      s.href,
    );
  // The menu's links navigate.
  await mobileNav.getByRole("link", { name: "Crew", exact: true }).click();
  await expect(page).toHaveURL(/\/crew-page$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Crew");
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("at 375 px: mobile header, burger menu, mobile player banner and controls, 103 px spacer; no desktop player", async ({
  page,
}) => {
  await page.goto("/");
  expect(await page.evaluate(() => window.innerWidth)).toBe(375);
  await expectMobileHeader(page);

  const mobilePlayer = page.getByRole("region", { name: "Mobile player" });
  await expect(mobilePlayer).toBeVisible();
  await expect(page.getByTestId("mobile-banner")).toBeVisible();
  await expect(page.getByTestId("mobile-banner")).not.toBeEmpty();
  await expect(mobilePlayer.getByRole("button", { name: /^(Play|Pause)$/ })).toBeVisible();
  await expect(mobilePlayer.getByRole("button", { name: "Close player" })).toBeVisible();
  const box = await mobilePlayer.boundingBox();
  expect(Math.round(box!.y + box!.height)).toBe(812); // docked at the bottom of the screen

  const spacer = page.locator(".mobile-spacer");
  await expect(spacer).toBeVisible();
  expect((await spacer.boundingBox())!.height).toBe(103);

  await expect(page.getByRole("region", { name: "Player", exact: true })).toBeHidden();
  await expectNoHorizontalOverflow(page);
});

test("at 375 px the burger menu opens with the six links and three social icons (JS on)", async ({ page }) => {
  await page.goto("/about");
  await expectBurgerMenuWorks(page);
});

test("at 375 px the burger menu works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  try {
    await page.goto("/about");
    await expectMobileHeader(page);
    await expectBurgerMenuWorks(page);
    // The JS player is not shown; its no-JS stand-in leads to the live page, and the 103 px
    // spacer keeps the footer's last line above it.
    await expect(page.getByRole("region", { name: "Player", exact: true })).toBeHidden();
    const bar = page.getByRole("navigation", { name: "Player" });
    await expect(bar.getByRole("link", { name: /listen live/i })).toBeVisible();
    expect((await page.locator(".mobile-spacer").boundingBox())?.height).toBe(103);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = (await page.getByRole("contentinfo").boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
  } finally {
    await context.close();
  }
});

test("at 375 px no page overflows horizontally", async ({ page }) => {
  for (const path of [
    "/",
    "/eras",
    "/era?station=MLR",
    "/crew-page",
    "/News",
    "/DPB",
    "/about",
    "/search?term=antenna",
    "/nope",
  ]) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("main")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

async function desktop(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

for (const js of [true, false]) {
  test(`at 1280 px (JS ${js ? "on" : "off"}): desktop player and nav bar, no mobile header, player or spacer`, async ({
    browser,
  }) => {
    const { context, page } = await desktop(browser, js);
    try {
      await page.goto("/");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("banner").locator("summary")).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      const player = page.getByRole("region", { name: "Player", exact: true });
      if (js) {
        await expect(player).toBeVisible();
        await expect(player.getByRole("button", { name: /^(Play|Pause)$/ })).toBeVisible();
      } else {
        // Without JavaScript a bar with the way to the live page stands in for the player.
        await expect(player).toBeHidden();
        await expect(
          page.getByRole("navigation", { name: "Player" }).getByRole("link", { name: /listen live/i }),
        ).toBeVisible();
      }
      await expect(page.getByRole("region", { name: "Mobile player" })).toBeHidden();
      await expect(page.locator(".mobile-spacer")).toBeHidden();
    } finally {
      await context.close();
    }
  });
}

test("the breakpoint is 550 px: 549 px is mobile, 550 px is desktop", async ({ browser }) => {
  for (const [width, mobile] of [
    [549, true],
    [550, false],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto("/eras");
      await expect(page.getByRole("region", { name: "Mobile player" })).toBeVisible({ visible: mobile });
      await expect(page.getByRole("region", { name: "Player", exact: true })).toBeVisible({ visible: !mobile });
    } finally {
      await context.close();
    }
  }
});
