/**
 * Helpers for the global player specs (ADR 002): read the one <audio> element, start playback
 * from a card, navigate like a listener (desktop nav or the mobile burger), and run a private
 * copy of the built server when a test needs its own now-playing upstream.
 */
import { expect, type Page, type TestInfo } from "@playwright/test";
import { startNowPlayingServer, type Mode, type NowPlayingServer } from "./app-server";

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile-375";
export const jsOff = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled === false;

export interface AudioSnapshot {
  count: number;
  src: string;
  paused: boolean;
  ended: boolean;
  currentTime: number;
  muted: boolean;
  playbackRate: number;
  tag: string | null;
  errorCode: number | null;
}

/** The global audio element as the page sees it (audio inside <noscript> does not count). */
export function audio(page: Page): Promise<AudioSnapshot> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll("audio")].filter((a) => !a.closest("noscript"));
    const a = document.getElementById("global-audio") as (HTMLAudioElement & { __hrsTag?: string }) | null;
    return {
      count: all.length,
      src: a?.getAttribute("src") ?? "",
      paused: a?.paused ?? true,
      ended: a?.ended ?? false,
      currentTime: a?.currentTime ?? 0,
      muted: a?.muted ?? false,
      playbackRate: a?.playbackRate ?? 1,
      tag: a?.__hrsTag ?? null,
      errorCode: a?.error?.code ?? null,
    };
  });
}

/** Opens a page and waits until it is hydrated (the player marks its element ready). */
export async function openReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
}

/** Marks the element (a JS property, not an attribute): a re-created element would lose it. */
export async function tagAudio(page: Page, tag: string): Promise<void> {
  await page.evaluate((t) => {
    (document.getElementById("global-audio") as HTMLAudioElement & { __hrsTag?: string }).__hrsTag = t;
  }, tag);
}

/** Waits until the element plays `srcPart` and its time has moved past `after` seconds. */
export async function expectPlaying(page: Page, srcPart: string, after = 0.2): Promise<AudioSnapshot> {
  await expect
    .poll(
      async () => {
        const a = await audio(page);
        return a.src.includes(srcPart) && !a.paused && a.currentTime > after;
      },
      { message: `audio playing ${srcPart} past ${after}s`, timeout: 15_000 },
    )
    .toBe(true);
  return audio(page);
}

/** The card play button of an episode (docs/product.md §2 "Episode card click: plays the episode"). */
export function cardPlay(page: Page, title: string) {
  return page.getByRole("button", { name: `Play ${title}`, exact: true }).first();
}

/** Clicks a nav link: the main nav on desktop, the burger menu at 375 px. */
export async function navTo(page: Page, label: string, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label='Menu']")).first().click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: label, exact: true }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label, exact: true }).click();
  }
}

/** Searches through the header's search form (the form is hidden at 375 px: submitted as the page would). */
export async function searchFor(page: Page, term: string, testInfo: TestInfo): Promise<void> {
  if (isMobile(testInfo)) {
    await page.evaluate((t) => {
      const form = document.querySelector<HTMLFormElement>("form[role=search]")!;
      form.querySelector<HTMLInputElement>("input[name=term]")!.value = t;
      form.requestSubmit();
    }, term);
  } else {
    const box = page.getByRole("combobox", { name: "Search episodes" });
    await box.fill(term);
    await box.press("Enter");
  }
}

export async function blurActive(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The visible one of the desktop bar / mobile controls (CSS shows one of them). */
export function playerButton(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true }).locator("visible=true").first();
}

export type PrivateServer = NowPlayingServer;

/**
 * A private copy of the built server with its own fake streaming service (the shared e2e server
 * caches now-playing for a few seconds and keeps a last good copy, so a fallback test needs its own).
 */
export function startPrivateServer(initialMode: Mode): Promise<PrivateServer> {
  return startNowPlayingServer(initialMode, "player");
}

/**
 * Plays the newest episode from the home page (already open), slowed so it outlasts a sign-in,
 * then opens the Google sign-in popup from /signin. The element is tagged and the page marked, so
 * `expectPlayedThrough` can tell a re-created element or a reload.
 */
export async function playThenOpenGooglePopup(page: Page, episodeUrl: string, title: string) {
  await page.evaluate(() => ((window as unknown as { __hrsNoReload: boolean }).__hrsNoReload = true));
  await cardPlay(page, title).click();
  const before = await expectPlaying(page, episodeUrl);
  await tagAudio(page, "the-one");
  // The sample file is about 37 s long.
  await page.evaluate(() => ((document.getElementById("global-audio") as HTMLAudioElement).playbackRate = 0.5));
  await page.getByRole("link", { name: "Your profile and favorites" }).click();
  await expect(page).toHaveURL(/\/signin/);
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  return { before, popup: await popupOpened };
}

/** Signed in, and the same element still playing the same episode further on, with no reload. */
export async function expectPlayedThrough(page: Page, episodeUrl: string, before: AudioSnapshot) {
  await expect(page.getByRole("link", { name: "Profile", exact: true })).toBeVisible();
  const after = await audio(page);
  expect(after.tag, "the same audio element").toBe("the-one");
  expect(after.paused).toBe(false);
  expect(after.src).toBe(episodeUrl);
  expect(after.currentTime).toBeGreaterThan(before.currentTime);
  expect(await page.evaluate(() => (window as unknown as { __hrsNoReload?: boolean }).__hrsNoReload)).toBe(true);
}
