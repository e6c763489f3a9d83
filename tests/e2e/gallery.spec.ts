/**
 * SpankBank gallery (docs/product.md §2, §4 Lightbox, §6, §8; ADR 004): sign-in wall, the one-time
 * 18+ confirmation, grid → post, spnkbnk news paths, the lightbox zoom rules, the failed-image
 * text, bad input, and the no-JS fallbacks. Runs in every project (desktop JS, desktop no-JS,
 * 375 px); JS-only and no-JS-only checks say so.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { asListener, signedIn } from "./support/auth";
import { CACHE_POLICY } from "../../app/route-support/cache-policy";
import { newsLink } from "../../app/rules/news";
import { isRemote } from "./support/projects";
import { gallery, type SampleGalleryPost } from "./support/sample";

const posts = JSON.parse(fs.readFileSync(path.resolve("sample/posts.json"), "utf8")) as (SampleGalleryPost & {
  categories: number[];
})[];

const altsOf = (post: SampleGalleryPost) =>
  [...post.content.rendered.matchAll(/<img[^>]*\balt="([^"]*)"/g)].map((m) => m[1]!);
/** The post with the most images and a video (Summer Bunker Bash). */
const bash = gallery.find((p) => /<video/.test(p.content.rendered))!;
/** The post that references the deliberately missing image. */
const polaroids = gallery.find((p) => p.content.rendered.includes("missing-photo.jpg"))!;
const missingAlt = /<img[^>]*missing-photo\.jpg[^>]*alt="([^"]*)"/.exec(polaroids.content.rendered)![1]!;
const spnkbnk = posts.find((p) => p.categories.includes(6))!;

/** Where the embedded gallery's media are served, and the files it serves them from. */
const MEDIA_PATH = "/SpankBank/media/";
const mediaFile = (name: string) => fs.readFileSync(path.resolve("sample/gallery-media", name));
const bashPhoto = /<img[^>]*\bsrc="\/SpankBank\/media\/([^"]+)"/.exec(bash.content.rendered)![1]!;
const bashVideo = /<video[^>]*\bsrc="\/SpankBank\/media\/([^"]+)"/.exec(bash.content.rendered)![1]!;

/** Every image in `scope` has loaded (lazy ones once scrolled to); the cards' are decorative (alt=""). */
async function expectImagesLoaded(scope: ReturnType<Page["getByRole"]>) {
  const images = scope.locator("img");
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  }
}

const ZOOM = (level: number) => `Zoom level ${level} of 300`;

// Every test is its own listener on its own address (auth POSTs are rate-limited per address).
test.beforeEach(async ({ page }) => {
  await asListener(page);
});

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** With JS the thumbnail opens a dialog once the page is hydrated (before that it is a plain link). */
async function openFrom(thumb: ReturnType<Page["getByRole"]>) {
  await expect(thumb).toHaveAttribute("aria-haspopup", "dialog");
  await thumb.click();
}

async function confirmAdult(page: Page) {
  await expect(page.getByRole("heading", { name: "Adults only" })).toBeVisible();
  await page.getByRole("button", { name: "I am 18 or older" }).click();
  await expect(page.getByRole("heading", { name: "Adults only" })).toBeHidden();
}

/** A signed-in listener who has confirmed, now on `url`. */
async function adultOn(page: Page, url: string) {
  await signedIn(page);
  await page.goto(url);
  await confirmAdult(page);
}

/** Server answers, not layout: the same at 375 px as on the desktop, so not run there again. */
const serverOnly = ({ isMobile }: { isMobile: boolean }) => isMobile;

test.describe("signed out", () => {
  test.skip(serverOnly, "server answers: run on the desktop projects");
  for (const target of ["/SpankBank", `/SpankBank/Post?id=${bash.id}`, newsLink("spnkbnk", spnkbnk.slug)]) {
    test(`${target} redirects to /signin with redirectTo`, async ({ page }) => {
      const res = await page.request.get(target, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()["cache-control"]).toBe("private, no-store");
      await page.goto(target);
      await expect(page).toHaveURL((u) => u.pathname === "/signin" && u.searchParams.get("redirectTo") === target);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    });
  }
});

test.describe("18+ gate", () => {
  test("shows first, confirming shows the grid, and it is remembered", async ({ page }) => {
    await signedIn(page);
    const first = await page.goto("/SpankBank");
    expect(first?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { name: "Adults only" })).toBeVisible();
    // Nothing from the gallery renders before confirmation.
    await expect(page.getByRole("list", { name: "Gallery posts" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: gallery[0]!.title.rendered })).toHaveCount(0);

    await confirmAdult(page);
    await expect(page).toHaveURL(/\/SpankBank$/);
    const grid = page.getByRole("list", { name: "Gallery posts" });
    await expect(grid.getByRole("listitem")).toHaveCount(gallery.length);

    // Remembered on the account: the next visit goes straight to the grid.
    await page.goto("/SpankBank");
    await expect(page.getByRole("list", { name: "Gallery posts" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Adults only" })).toHaveCount(0);
  });

  test("on a post page returns to that post after confirming", async ({ page, isMobile }) => {
    test.skip(isMobile, "a redirect: the gate's layout at 375 px is the test above");
    await signedIn(page);
    await page.goto(`/SpankBank/Post?id=${polaroids.id}`);
    await expect(page.getByRole("heading", { name: polaroids.title.rendered })).toHaveCount(0);
    await expect(page.getByRole("link", { name: altsOf(polaroids)[0]! })).toHaveCount(0);
    await confirmAdult(page);
    await expect(page).toHaveURL(`/SpankBank/Post?id=${polaroids.id}`);
    await expect(page.getByRole("heading", { level: 1, name: polaroids.title.rendered })).toBeVisible();
  });

  test("a cross-site confirmation writes nothing; a foreign redirectTo stays in the SpankBank", async ({
    page,
    baseURL,
    isMobile,
  }) => {
    test.skip(isMobile, "server answers: run on the desktop projects");
    await signedIn(page);
    const form = { intent: "confirm-adult", redirectTo: "/SpankBank" };
    // A document POST with a foreign Origin is refused before any action runs (Remix's own
    // check answers it); the data request a fetcher would send reaches our guard: 403.
    const foreign = await page.request.post("/SpankBank?index", {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBeGreaterThanOrEqual(400);
    const foreignData = await page.request.post("/SpankBank.data?index", {
      form,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(foreignData.status()).toBe(403);
    await page.goto("/SpankBank");
    await expect(page.getByRole("heading", { name: "Adults only" })).toBeVisible();

    const evil = await page.request.post("/SpankBank?index", {
      form: { intent: "confirm-adult", redirectTo: "//evil.example/SpankBank" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(evil.status()).toBe(302);
    expect(evil.headers()["location"]).toBe("/SpankBank");
  });
});

test.describe("signed in and confirmed", () => {
  test("a gallery card opens /SpankBank/Post?id=<id>", async ({ page }) => {
    await adultOn(page, "/SpankBank");
    const grid = page.getByRole("list", { name: "Gallery posts" });
    await grid.getByRole("link", { name: bash.title.rendered }).click();
    await expect(page).toHaveURL(`/SpankBank/Post?id=${bash.id}`);
    await expect(page.getByRole("heading", { level: 1, name: bash.title.rendered })).toBeVisible();

    // Title, the post text, a grid of lazy thumbnails with their size set, and the video.
    const photos = page.getByRole("region", { name: "Photos" }).getByRole("link");
    await expect(photos).toHaveCount(altsOf(bash).length);
    const thumb = page.getByRole("link", { name: altsOf(bash)[0]! }).getByRole("img");
    await expect(thumb).toHaveAttribute("loading", "lazy");
    await expect(thumb).toHaveAttribute("width", /\d+/);
    await expect(thumb).toHaveAttribute("height", /\d+/);
    const video = page.getByRole("region", { name: "Videos" }).locator("video");
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute("controls", "");

    // The photos and the video load: from the app's media route, or from the WordPress gallery's host.
    await expectImagesLoaded(page.getByRole("region", { name: "Photos" }));
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    const src = new URL((await thumb.getAttribute("src"))!, page.url());
    if (isRemote(test.info())) {
      expect(src.origin).not.toBe(new URL(page.url()).origin);
      // Nothing of a WordPress gallery is served by the app.
      const name = src.pathname.split("/").pop()!;
      expect((await page.request.get(`${MEDIA_PATH}${name}`)).status()).toBe(404);
    } else {
      expect(src.pathname.startsWith(MEDIA_PATH), src.href).toBe(true);
    }
    await page.goto("/SpankBank");
    await expectImagesLoaded(page.getByRole("list", { name: "Gallery posts" }));
  });

  test("a spnkbnk news card path resolves, by slug", async ({ page, isMobile }) => {
    test.skip(isMobile, "routing: the desktop projects");
    const target = newsLink("spnkbnk", spnkbnk.slug);
    await adultOn(page, target);
    await expect(page).toHaveURL(target);
    await expect(page.getByRole("heading", { level: 1, name: spnkbnk.title.rendered })).toBeVisible();
    await expect(page.getByRole("region", { name: "Photos" }).getByRole("link")).not.toHaveCount(0);
    // A gallery slug resolves on the same route (gallery source first).
    await page.goto(`/SpankBank/Post/${polaroids.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: polaroids.title.rendered })).toBeVisible();
  });

  test("bad id → 400, unknown slug or id → 404", async ({ page, isMobile }, testInfo) => {
    test.skip(
      isMobile || testInfo.project.name === "desktop-js",
      "server answers: without JavaScript and on the remote data path",
    );
    await adultOn(page, "/SpankBank");
    // Statuses through the same session without rendering each page …
    for (const bad of [
      "/SpankBank/Post?id=abc",
      "/SpankBank/Post?id=0",
      "/SpankBank/Post?id=-3",
      "/SpankBank/Post/any-slug?id=1.5",
    ]) {
      const res = await page.request.get(bad);
      expect(res.status(), bad).toBe(400);
      expect(res.headers()["cache-control"]).toBe("private, no-store");
      expect(await res.text()).toContain("whole number from 1 up");
    }
    // A dth_news slug is not a SpankBank post.
    const news = posts.find((p) => p.categories.includes(5))!;
    for (const unknown of [
      "/SpankBank/Post/no-such-post",
      "/SpankBank/Post?id=999999",
      "/SpankBank/Post",
      `/SpankBank/Post/${news.slug}`,
    ]) {
      const res = await page.request.get(unknown);
      expect(res.status(), unknown).toBe(404);
      expect(res.headers()["cache-control"]).toBe("private, no-store");
    }
    // … and what the listener sees.
    expect((await page.goto("/SpankBank/Post?id=abc"))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("whole number from 1 up");
    expect((await page.goto("/SpankBank/Post/no-such-post"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "NOT FOUND" })).toBeVisible();
  });
});

test.describe("the gallery's media (HTTP)", () => {
  test("only to a confirmed listener, kept privately; no public copy; any other name is not found", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-js", "HTTP-level checks, once, on the embedded gallery");
    const photo = `${MEDIA_PATH}${bashPhoto}`;
    const refused = async (url: string, status: number) => {
      const res = await page.request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(status);
      expect(res.headers()["cache-control"], url).toBe("private, no-store");
      expect(res.headers()["content-type"], url).not.toMatch(/^(image|video)\//);
    };
    // The old public files are gone, for everyone: the About page has a public clip of its own.
    expect((await page.request.get(`/media/img/gallery/${bashPhoto}`)).status()).toBe(404);
    expect((await page.request.get(`/media/video/${bashVideo}`)).status()).toBe(404);
    await page.goto("/about");
    const aboutVideo = await page.locator("video.about__video").getAttribute("src");
    const about = await page.request.get(aboutVideo!);
    expect(about.status()).toBe(200);
    expect(about.headers()["content-type"]).toBe("video/mp4");
    expect(Buffer.compare(await about.body(), mediaFile(bashVideo))).not.toBe(0);

    // Signed out: a plain 401 an <img> can take (no redirect to the sign-in page).
    await refused(photo, 401);
    await refused(`${MEDIA_PATH}${bashVideo}`, 401);
    // Signed in, not yet 18+ confirmed: 403.
    await signedIn(page);
    await refused(photo, 403);

    await page.goto("/SpankBank");
    await confirmAdult(page);
    const ok = await page.request.get(photo);
    expect(ok.status()).toBe(200);
    expect(ok.headers()).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": CACHE_POLICY.galleryMedia,
      vary: "Cookie",
    });
    expect(ok.headers()["cache-control"]).toMatch(/^private,/);
    expect(Buffer.compare(await ok.body(), mediaFile(bashPhoto))).toBe(0);
    // Revalidation: 304 for the copy the browser has.
    const again = await page.request.get(photo, { headers: { "If-None-Match": ok.headers()["etag"]! } });
    expect(again.status()).toBe(304);
    expect(again.headers()["cache-control"]).toBe(CACHE_POLICY.galleryMedia);
    // The video seeks with byte ranges.
    const video = mediaFile(bashVideo);
    const part = await page.request.get(`${MEDIA_PATH}${bashVideo}`, { headers: { Range: "bytes=100-199" } });
    expect(part.status()).toBe(206);
    expect(part.headers()).toMatchObject({
      "content-type": "video/mp4",
      "content-range": `bytes 100-199/${video.length}`,
      "cache-control": CACHE_POLICY.galleryMedia,
    });
    expect(Buffer.compare(await part.body(), video.subarray(100, 200))).toBe(0);

    // Only names of files in the gallery's folder: traversal and junk are not found.
    for (const name of [
      "..%2F..%2Fpackage.json",
      "..%2Fgallery.json",
      "%2E%2E%2F%2E%2E%2Fsample%2Fgallery.json",
      "..%5C..%5Cpackage.json",
      ".%2F" + bashPhoto,
      "%2Fetc%2Fpasswd",
      `${bashPhoto}%00.jpg`,
      bashPhoto.toUpperCase(),
      "missing-photo.jpg",
      "gallery.json",
      "no-such-photo.jpg",
    ]) {
      const res = await page.request.get(`${MEDIA_PATH}${name}`);
      expect(res.status(), name).toBe(404);
      expect(res.headers()["content-type"] ?? "", name).not.toMatch(/^(image|video)\//);
    }
  });
});

test.describe("lightbox (JS)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the lightbox needs JavaScript");

  test("zoom 0–300 by 100, double click toggles, moving resets, Close closes", async ({ page }, testInfo) => {
    test.skip(isRemote(testInfo), "the lightbox's own behaviour, the same on either data path");
    test.slow();
    const lightboxChunks: string[] = [];
    page.on("request", (r) => {
      if (/LightboxViewer/.test(r.url())) lightboxChunks.push(r.url());
    });
    await adultOn(page, `/SpankBank/Post?id=${bash.id}`);
    await page.waitForLoadState("networkidle");
    // The lightbox library is not in the first-load JS.
    expect(lightboxChunks).toEqual([]);

    const alts = altsOf(bash);
    const firstThumb = page.getByRole("link", { name: alts[0]! });
    await openFrom(firstThumb);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    expect(lightboxChunks.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(`/SpankBank/Post?id=${bash.id}`);

    const zoomIn = dialog.getByRole("button", { name: "Zoom in" });
    const zoomOut = dialog.getByRole("button", { name: "Zoom out" });
    const level = dialog.getByRole("status");
    const slide = dialog.getByRole("group", { name: `1 of ${alts.length}` });
    const image = slide.getByRole("img", { name: alts[0]! });
    await expect(image).toBeVisible();
    await expect(level).toHaveText(ZOOM(0));
    await expect(zoomOut).toBeDisabled();

    for (const step of [100, 200, 300]) {
      await zoomIn.click();
      await expect(level).toHaveText(ZOOM(step));
    }
    await expect(zoomIn).toBeDisabled();
    // Level 300 is a 4× scale of the image.
    await expect.poll(() => slide.locator("[style*='scale(']").first().getAttribute("style")).toContain("scale(4)");

    for (const step of [200, 100, 0]) {
      await zoomOut.click();
      await expect(level).toHaveText(ZOOM(step));
    }
    await expect(zoomOut).toBeDisabled();
    await expect(zoomIn).toBeEnabled();

    // Double click toggles 0 ↔ 300.
    await image.dblclick();
    await expect(level).toHaveText(ZOOM(300));
    await image.dblclick();
    await expect(level).toHaveText(ZOOM(0));

    // The + key steps like the button.
    await page.keyboard.press("+");
    await expect(level).toHaveText(ZOOM(100));

    // Next / Previous reset zoom.
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(
      dialog.getByRole("group", { name: `2 of ${alts.length}` }).getByRole("img", { name: alts[1]! }),
    ).toBeVisible();
    await expect(level).toHaveText(ZOOM(0));
    await zoomIn.click();
    await zoomIn.click();
    await expect(level).toHaveText(ZOOM(200));
    await dialog.getByRole("button", { name: "Previous" }).click();
    await expect(level).toHaveText(ZOOM(0));

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(firstThumb).toBeFocused();
  });

  test("gate, grid, post and open lightbox have no axe violations", async ({ page }) => {
    test.slow(); // sign-up + sign-in + four axe passes; under a full parallel run this outgrows 45 s
    await signedIn(page);
    await page.goto(`/SpankBank/Post?id=${bash.id}`);
    await expect(page.getByRole("heading", { name: "Adults only" })).toBeVisible();
    expect(await axeViolations(page, "main")).toEqual([]);
    await confirmAdult(page);
    await expect(page.getByRole("heading", { level: 1, name: bash.title.rendered })).toBeVisible();
    expect(await axeViolations(page, "main")).toEqual([]);
    await openFrom(page.getByRole("link", { name: altsOf(bash)[0]! }));
    await expect(page.getByRole("dialog").getByRole("button", { name: "Zoom in" })).toBeEnabled();
    expect(await axeViolations(page, ".yarl__portal")).toEqual([]);
    await page.keyboard.press("Escape");
    await page.goto("/SpankBank");
    await expect(page.getByRole("list", { name: "Gallery posts" })).toBeVisible();
    expect(await axeViolations(page, "main")).toEqual([]);
  });

  test("a failed image shows 'This image failed to load'", async ({ page }) => {
    await adultOn(page, `/SpankBank/Post/${polaroids.slug}`);
    await openFrom(page.getByRole("link", { name: missingAlt }));
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("This image failed to load", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Zoom in" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-JS project only");

  test("the gate form works and thumbnails are plain links to the full image", async ({ page }) => {
    await signedIn(page);
    await page.goto(`/SpankBank/Post?id=${bash.id}`);
    await confirmAdult(page);
    await expect(page).toHaveURL(`/SpankBank/Post?id=${bash.id}`);
    const link = page.getByRole("link", { name: altsOf(bash)[1]! });
    await expect(link).not.toHaveAttribute("aria-haspopup", /.*/);
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/SpankBank\/media\/.+\.jpg$/);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(href!)), link.click()]);
    expect(response.status()).toBe(200);
    await expect(page).toHaveURL(href!);
  });
});
