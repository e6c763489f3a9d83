/**
 * Both colour schemes (ADR 017): the listener's system picks light or dark, CSS alone follows it
 * (so the first paint is right, JavaScript or not), both meet WCAG AA under axe, and the episode
 * cards' play buttons never sit on the art. a11y.spec.ts runs axe on every route in Playwright's
 * default scheme (light); the dark pass here covers the pages with colours of their own.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { THEME_COLOR } from "../../app/rules/brand";
import { cannabisEpisode, crewMember } from "./support/sample";

const q = encodeURIComponent;
test.use({ reducedMotion: "reduce" });

/** The pages with colours of their own: cards and slider, an era's colour, the cannabis warning,
 * a crew header, Deadpool Bingo's statuses, a form with an error flash. */
const DARK_PAGES = [
  "/",
  "/era?station=PPR",
  `/episode?title=${q(cannabisEpisode.title)}`,
  `/crew?name=${q(crewMember.Name)}`,
  "/DPB",
  "/signin?error=google-failed",
];

const luminance = (rgb: string) => {
  const [r, g, b] = rgb
    .match(/\d+/g)!
    .slice(0, 3)
    .map((v) => Number(v) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const hexToRgb = (hex: string) =>
  `rgb(${hex
    .slice(1)
    .match(/../g)!
    .map((h) => parseInt(h, 16))
    .join(", ")})`;
const styleOf = async (page: Page, selector: string, property: string) => {
  await page.locator(selector).first().waitFor({ state: "attached" });
  // Looked up and read in one task: a part whose code comes after the load (the header, ADR 051)
  // replaces its markup, and a detached element has no computed style.
  return page.evaluate(([s, p]) => getComputedStyle(document.querySelector(s)!).getPropertyValue(p), [
    selector,
    property,
  ] as const);
};

test.describe("dark scheme", () => {
  test.use({ colorScheme: "dark" });
  for (const path of DARK_PAGES) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path, { waitUntil: "load" });
      await expect(page.getByRole("main")).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .exclude("iframe")
        .analyze();
      const serious = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, serious.join("\n")).toEqual([]);
    });
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`home in the ${scheme} scheme at 375 and 1280 px: page, header and browser chrome agree; no JavaScript needed`, async ({
    browser,
  }, testInfo) => {
    for (const [width, javaScriptEnabled] of [
      [375, true],
      [1280, true],
      [1280, false],
    ] as const) {
      const context = await browser.newContext({
        colorScheme: scheme,
        javaScriptEnabled,
        reducedMotion: "reduce",
        viewport: { width, height: width === 375 ? 812 : 800 },
      });
      const page = await context.newPage();
      await page.goto("/", { waitUntil: "load" });
      const background = luminance(await styleOf(page, "body", "background-color"));
      expect(scheme === "dark" ? background < 0.1 : background > 0.8, `body ${background}`).toBe(true);
      expect(await styleOf(page, ".site-header", "background-color")).toBe(hexToRgb(THEME_COLOR[scheme]));
      const logo = await page.locator(".brand img").evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(logo).toMatch(scheme === "light" ? /logo-light\.svg$/ : /logo\.svg$/);
      if (javaScriptEnabled)
        await testInfo.attach(`home-${scheme}-${width}.png`, {
          body: await page.screenshot(),
          contentType: "image/png",
        });
      await context.close();
    }
  });
}

test("in the light scheme the episode hero's title stays light over its dark shade, and the heart shows", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/episode?title=${q(cannabisEpisode.title)}`);
  expect(luminance(await styleOf(page, ".episode-hero__title", "color"))).toBeGreaterThan(0.8);
  // The heart is an icon: WCAG 1.4.11 asks 3:1 against its disc.
  const heart = ".episode-actions .heart";
  const [fg, bg] = [await styleOf(page, heart, "color"), await styleOf(page, heart, "background-color")].map(luminance);
  expect((Math.max(fg!, bg!) + 0.05) / (Math.min(fg!, bg!) + 0.05)).toBeGreaterThanOrEqual(3);
});

test("the first paint already has the scheme: nothing but CSS and the color-scheme meta decide it", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain('<meta name="color-scheme" content="light dark"/>');
  // Stylesheets block rendering (no print-media or preload swap), and no inline script picks a scheme.
  expect(head).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/app-[\w-]+\.css"\/>/);
  const scripts = [...html.matchAll(/<script(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((code) => /color-scheme|matchMedia|classList/.test(code))).toEqual([]);
});

test("episode cards keep their play button off the art, and a click on the art still plays", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/", { waitUntil: "load" });
    const cards = page.getByRole("list", { name: "Latest Episodes" }).getByRole("article");
    expect(await cards.count()).toBe(8);
    for (const card of await cards.all()) {
      const art = (await card.locator("img").first().boundingBox())!;
      const play = (await card.getByRole("button", { name: /^Play / }).boundingBox())!;
      expect(play.y, `${width} px`).toBeGreaterThanOrEqual(art.y + art.height);
      expect(play.width).toBeGreaterThanOrEqual(44);
    }
  }
  const first = page.getByRole("list", { name: "Latest Episodes" }).getByRole("article").first();
  const title = await first.getByRole("heading").textContent();
  // A listener's click on the middle of the art lands on the play button's stretched hit area.
  await first
    .locator("img")
    .first()
    .evaluate((img) => img.scrollIntoView({ block: "center" }));
  const art = (await first.locator("img").first().boundingBox())!;
  await page.mouse.click(art.x + art.width / 2, art.y + art.height / 2);
  await expect(page.getByRole("button", { name: `Play ${title}` }).first()).toHaveAttribute("aria-pressed", "true");
});
