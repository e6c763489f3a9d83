/**
 * The embeddable player inside another site's page: its own controls (play/pause, seek, time,
 * chapters) with JavaScript, in a third-party frame whose storage is refused; the browser's audio
 * control and a chapter form without it; its layout in the frame widths blogs give it.
 */
import fs from "node:fs";
import http from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { embedLink } from "../../app/rules/embed";
import { episodes } from "./support/sample";
import { isMobile } from "./support/player";

type WithChapters = { ChaptersUrl?: string };
// The longest sample episode with chapters: time to see it play, seek and change chapter.
const episode = episodes
  .filter((e) => (e as WithChapters).ChaptersUrl)
  .sort((a, b) => b.EpisodeDuration - a.EpisodeDuration)[0]!;
const chapters = (
  JSON.parse(fs.readFileSync(`public${(episode as WithChapters).ChaptersUrl}`, "utf8")) as {
    chapters: { startTime: number; title: string }[];
  }
).chapters;
const embed = new URL(embedLink(episode.title), baseURL).href;
const mmss = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
const chapterLabel = (c: { startTime: number; title: string }) => `${mmss(c.startTime)} ${c.title}`;

/** Another site (another origin on this machine) whose page frames the player at a given size. */
let blog: http.Server;
let blogOrigin = "";
test.beforeAll(async () => {
  blog = http.createServer((req, res) => {
    const q = new URL(req.url!, "http://x").searchParams;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><meta name="viewport" content="width=device-width"><title>A blog</title><h1>A blog post</h1>` +
        `<iframe src="${q.get("src")}" width="${q.get("w") ?? 600}" height="170" style="border:0;max-width:100%" title="Player"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  blogOrigin = `http://127.0.0.1:${(blog.address() as { port: number }).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => blog.close(() => resolve())));

async function openInBlog(page: Page, width = 600): Promise<FrameLocator> {
  await page.goto(`${blogOrigin}/post?${new URLSearchParams({ src: embed, w: String(width) })}`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: episode.title })).toBeVisible();
  return frame;
}

const embedFrame = (page: Page) => page.frames().find((f) => f.url() === embed)!;
const audioTime = (page: Page) => embedFrame(page).evaluate(() => document.querySelector("audio")!.currentTime);

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the player's own controls");

  test("in a third-party frame with storage refused: plays, seeks and changes chapter, with no error", async ({
    page,
    context,
  }) => {
    // As a browser that blocks third-party storage: every access to storage or cookies in the frame throws.
    await context.addInitScript((origin) => {
      if (location.origin !== origin) return;
      const refuse = () => {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      };
      for (const name of ["localStorage", "sessionStorage", "indexedDB"])
        Object.defineProperty(window, name, { get: refuse, configurable: true });
      Object.defineProperty(Document.prototype, "cookie", { get: refuse, set: refuse, configurable: true });
    }, new URL(baseURL).origin);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (["script", "stylesheet"].includes(request.resourceType())) loaded.push(new URL(request.url()).pathname);
    });

    const frame = await openInBlog(page);
    expect(
      await embedFrame(page).evaluate(() => {
        try {
          return typeof sessionStorage;
        } catch (error) {
          return (error as DOMException).name;
        }
      }),
      "the frame's storage is refused",
    ).toBe("SecurityError");
    // Its own stylesheet and inline script: none of the site's code or styles.
    expect(loaded.filter((p) => !p.startsWith("/post"))).toEqual([
      expect.stringMatching(/^\/build\/_assets\/embed-[A-Z0-9]+\.css$/),
    ]);

    await expect(frame.locator("audio")).toHaveAttribute("src", episode.EpisodeUrl);
    await expect(frame.locator("audio[controls]"), "the native control gives way to the player's").toHaveCount(0);
    const player = frame.getByRole("group", { name: "Player" });
    const time = player.getByText(/^\d+:\d\d \/ \d+:\d\d$/);
    await expect(time).toHaveText(`0:00 / ${mmss(episode.EpisodeDuration)}`);
    const seek = player.getByRole("slider", { name: "Seek" });
    await expect(seek).toHaveAttribute("aria-valuetext", `0:00 of ${mmss(episode.EpisodeDuration)}`);
    const chapter = frame.getByRole("combobox", { name: "Chapter" });
    await expect(chapter.getByRole("option")).toHaveText(chapters.map(chapterLabel));
    await expect(frame.getByRole("button", { name: "Play from here" })).toBeHidden();

    await player.getByRole("button", { name: "Play" }).click();
    await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect.poll(() => audioTime(page)).toBeGreaterThan(1);
    await expect(time).not.toHaveText(/^0:00 \//);

    // A chapter from the menu plays from its start; the menu follows what plays.
    const last = chapters.at(-1)!;
    await chapter.selectOption({ label: chapterLabel(last) });
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(last.startTime);
    const shown = async () => {
      const [m, sec] = (await time.textContent())!.split(" / ")[0]!.split(":").map(Number);
      return m! * 60 + sec!;
    };
    await expect.poll(shown).toBeGreaterThanOrEqual(Math.floor(last.startTime));
    // Seeking back into the first chapter: the menu shows it.
    await seek.fill("2");
    await expect.poll(() => audioTime(page)).toBeLessThan(chapters[1]!.startTime);
    await expect(chapter).toHaveValue(String(Math.floor(chapters[0]!.startTime)));

    await player.getByRole("button", { name: "Pause" }).click();
    await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
    expect(await embedFrame(page).evaluate(() => document.querySelector("audio")!.paused)).toBe(true);
    expect(errors, "no script, storage or CSP error").toEqual([]);
  });

  test("keyboard: the play button and the seek slider", async ({ page }, testInfo) => {
    test.skip(isMobile(testInfo), "a keyboard: desktop");
    await page.goto(embed);
    const play = page.getByRole("button", { name: "Play" });
    await play.focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Pause" })).toBeFocused();
    const seek = page.getByRole("slider", { name: "Seek" });
    await seek.focus();
    const before = await page.evaluate(() => document.querySelector("audio")!.currentTime);
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.querySelector("audio")!.currentTime))
      .toBeGreaterThan(before + 3);
  });

  test("fits the frame widths blogs give it, light and dark, and passes axe", async ({ page }, testInfo) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of isMobile(testInfo) ? [320, 375] : [320, 375, 768]) {
        const frame = await openInBlog(page, width);
        const fits = await embedFrame(page).evaluate(() => {
          const doc = document.documentElement;
          const bottom = Math.max(
            ...[...document.querySelectorAll("h1, button:not([hidden]), input, select")].map(
              (e) => e.getBoundingClientRect().bottom,
            ),
          );
          return { overflowX: doc.scrollWidth - doc.clientWidth, bottom, height: innerHeight };
        });
        expect(fits.overflowX, `${width} px ${scheme}: no sideways scrolling`).toBe(0);
        expect(fits.bottom, `${width} px ${scheme}: every control within the frame's 170 px`).toBeLessThanOrEqual(
          fits.height,
        );
        await expect(frame.getByRole("button", { name: "Play" })).toBeVisible();
      }
      await page.goto(embed);
      expect(await seriousViolations(page), `axe, ${scheme}`).toEqual([]);
    }
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the page as the server sends it");

  test("the browser's audio control plays it; the chapter menu reloads it at the chapter", async ({ page }) => {
    await page.goto(embed);
    await expect(page.getByRole("heading", { level: 1, name: episode.title })).toBeVisible();
    await expect(page.locator("img.embed-player__art")).toBeVisible();
    const audio = page.locator("audio[controls]");
    await expect(audio).toBeVisible();
    await expect(audio).toHaveAttribute("src", episode.EpisodeUrl);
    await expect(page.getByRole("group", { name: "Player" })).toBeHidden();

    const second = chapters[1]!;
    await page.getByRole("combobox", { name: "Chapter" }).selectOption({ label: chapterLabel(second) });
    await page.getByRole("button", { name: "Play from here" }).click();
    const t = Math.floor(second.startTime);
    await expect(page).toHaveURL(new RegExp(`/embed/episode\\?title=[^&]+&t=${t}$`));
    await expect(audio).toHaveAttribute("src", `${episode.EpisodeUrl}#t=${t}`);
    await expect(page.getByRole("combobox", { name: "Chapter" })).toHaveValue(String(t));
    // Junk is ignored, as on the episode page.
    expect((await page.goto(`${embed}&t=soon`))!.status()).toBe(200);
    await expect(audio).toHaveAttribute("src", episode.EpisodeUrl);
  });
});
