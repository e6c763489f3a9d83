/**
 * First-load images (ADR 008): images have width/height (no layout shift) and load lazily below
 * the fold — and only there. An image a listener sees without scrolling must not be lazy: a lazy
 * image waits for layout before it is even requested, and on several pages one of them is the
 * largest paint. Checked in a real browser at 1280 × 800 and at 375 px.
 */
import { expect, test } from "@playwright/test";

const PAGES = [
  "/",
  "/eras",
  "/era?station=MLR",
  "/News",
  "/News?tab=wtfnews",
  "/News/fifteen-years-thank-you",
  "/crew-page",
  "/SpankBank",
  "/search?term=show",
  "/episode?title=Fifteen%20Years%20of%20Because%20We%20Can",
];

for (const path of PAGES) {
  test(`${path}: images in the first viewport load eagerly, the rest lazily, all with a size`, async ({ page }) => {
    await page.goto(path);
    const images = await page.evaluate(() => {
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      return [...document.images].map((img) => {
        const r = img.getBoundingClientRect();
        // A carousel's later slides come into view by its own motion (autoplay), not by the
        // page's layout: only the first slide is in the first viewport.
        const slide = img.closest('[aria-roledescription="slide"]');
        const laterSlide = slide !== null && slide.parentElement?.firstElementChild !== slide;
        const shown = !laterSlide && r.width > 0 && r.height > 0 && getComputedStyle(img).visibility !== "hidden";
        return {
          src: img.getAttribute("src"),
          loading: img.getAttribute("loading"),
          sized: img.hasAttribute("width") && img.hasAttribute("height"),
          inFirstViewport: shown && r.bottom > 0 && r.top < viewport.height && r.right > 0 && r.left < viewport.width,
          // Chrome fetches a lazy image once it is within 1,250–2,500 px of the viewport anyway;
          // three screens down, an eager one is a waste on any viewport.
          farBelow: r.top > viewport.height * 3,
        };
      });
    });
    expect(images.length, "the page shows images").toBeGreaterThan(0);
    for (const img of images) expect(img.sized, `${img.src} has width and height`).toBe(true);
    const lazyInView = images.filter((i) => i.inFirstViewport && i.loading === "lazy").map((i) => i.src);
    expect(lazyInView, "lazy images in the first viewport").toEqual([]);
    const eagerFarBelow = images.filter((i) => i.farBelow && i.loading !== "lazy").map((i) => i.src);
    expect(eagerFarBelow, "eager images three screens down").toEqual([]);
  });
}

test("home's first slide, its largest paint, comes as AVIF sized to the screen, and the file is served as AVIF", async ({
  page,
}) => {
  const avif: { url: string; type: string | null }[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".avif"))
      avif.push({ url: new URL(r.url()).pathname, type: r.headers()["content-type"] ?? null });
  });
  await page.goto("/");
  const first = page.getByRole("group", { name: /^1 of \d+$/ }).locator("img");
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const { currentSrc, shownWidth } = await first.evaluate((img: HTMLImageElement) => ({
    currentSrc: new URL(img.currentSrc).pathname,
    shownWidth: img.getBoundingClientRect().width * window.devicePixelRatio,
  }));
  const [, width] = /^\/media\/img\/slider\/[\w-]+-(\d+)\.avif$/.exec(currentSrc) ?? [];
  expect(width, currentSrc).toBeDefined();
  // One of the set (640 or 1200 px wide) that covers the slide's device pixels on this screen.
  expect(Number(width)).toBeGreaterThanOrEqual(Math.min(shownWidth, 1200) - 1);
  expect(avif).toContainEqual({ url: currentSrc, type: "image/avif" });
});
