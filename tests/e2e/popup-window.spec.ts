/**
 * The embedded accounts' Google sign-in in a popup window, and analytics behind consent (ADR 020),
 * on a private server whose Google OAuth server (GOOGLE_OAUTH_URL) and Plausible-compatible
 * endpoint are the local fakes of scripts/fakes/upstreams.mjs. Desktop with JavaScript only: the
 * flows exist only with JavaScript, and nothing here depends on where the catalog comes from.
 */
import { VISIT_STORAGE_KEY } from "../../app/rules/visits";
import { expect, test, type Page } from "@playwright/test";
import { startWithGoogleFake, type AppServer } from "./support/app-server";
import { expectPlayedThrough, playThenOpenGooglePopup } from "./support/player";
import { episodes, newestFirst } from "./support/sample";
import { uniqueEmail } from "./support/auth";

interface Upstreams {
  origin: string;
  close(): void;
}
interface Hit {
  name: string;
  url: string;
  domain: string;
  cookie: string | null;
  props?: Record<string, string>;
}

let upstreams: Upstreams;
let server: AppServer;

// One private server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  ({ upstreams, server } = await startWithGoogleFake("popup-window", (u) => ({
    ANALYTICS_PROVIDER: "plausible",
    ANALYTICS_ENDPOINT: `${u.origin}/api/event`,
    ANALYTICS_DOMAIN: "e2e.example",
    ANALYTICS_CONSENT: "ask",
  })));
});

test.afterAll(async () => {
  await server?.stop();
  upstreams?.close();
});

/** Opens a page of the private server, hydrated (the player marks its element ready). */
async function open(page: Page, path: string) {
  await page.goto(server.origin + path);
  await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
}

const consent = (page: Page) => page.getByRole("region", { name: /May we count visits/ });

/** Says no to analytics up front (the sign-in tests are not about it). */
const noAnalytics = (page: Page) =>
  page.addInitScript(() => window.localStorage.setItem("hrs-analytics-consent", "denied"));

const hits = async (): Promise<Hit[]> => (await fetch(`${upstreams.origin}/__events`)).json() as Promise<Hit[]>;

test("Google in a popup window: the episode keeps playing on the same audio element, no reload", async ({ page }) => {
  test.setTimeout(60_000);
  await noAnalytics(page);
  const episode = newestFirst(episodes)[0]!;
  await open(page, "/");
  const { before, popup } = await playThenOpenGooglePopup(page, episode.EpisodeUrl, episode.title);
  // The fake's account chooser; it cuts the opener link as Google's pages do.
  await popup.getByLabel("Email").fill(uniqueEmail("popup-window"));
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;

  await expectPlayedThrough(page, episode.EpisodeUrl, before);
  await expect(page).toHaveURL(/\/user$/);
});

test("a blocked popup: the same button runs the redirect flow and signs in", async ({ page }) => {
  await noAnalytics(page);
  await page.addInitScript(() => (window.open = () => null));
  await open(page, "/signin");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveTitle("Sign in - Google Accounts");
  await page.getByLabel("Email").fill(uniqueEmail("popup-blocked"));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("link", { name: "Profile", exact: true })).toBeVisible();
});

test("analytics: nothing before consent, then one page view per client navigation, no cookie; the choice is remembered", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  // The file's other tests send nothing: every hit is this test's.
  const paths = async () => (await hits()).map((h) => new URL(h.url).pathname);
  const go = async (name: string, url: RegExp) => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(url);
  };
  await open(page, "/");
  await expect(consent(page)).toBeVisible();
  await go("Episodes", /\/eras$/);
  expect(await context.cookies(), "no cookie before consent").toEqual([]);
  // Only "new since your last visit" keeps something before consent: when the last visit was, no identifier.
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
  expect(
    Object.keys(stored).filter((k) => k !== VISIT_STORAGE_KEY),
    "no identifier before consent",
  ).toEqual([]);
  if (stored[VISIT_STORAGE_KEY]) expect(stored[VISIT_STORAGE_KEY]).toMatch(/^\{("(\w+)":(\d+|null),?)+\}$/);

  await consent(page).getByRole("button", { name: "Allow" }).click();
  await expect(consent(page)).toHaveCount(0);
  // The page it was allowed on counts once; the one before it was never sent.
  await expect.poll(paths).toEqual(["/eras"]);
  await go("Crew", /\/crew-page$/);
  await go("Help", /\/help$/);
  await go("News", /\/News$/);
  await expect.poll(paths).toEqual(["/eras", "/crew-page", "/help", "/News"]);
  for (const h of await hits()) {
    expect(h.name).toBe("pageview");
    expect(h.domain).toBe("e2e.example");
    expect(h.cookie).toBeNull();
  }
  expect(await context.cookies(), "a cookieless provider sets none").toEqual([]);

  // Remembered: a new visit asks nothing and counts its page.
  await open(page, "/about");
  await expect.poll(paths).toEqual(["/eras", "/crew-page", "/help", "/News", "/about"]);
  await expect(consent(page)).toHaveCount(0);
});

for (const [what, script] of [
  ["Do Not Track", () => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" })],
  [
    "Global Privacy Control",
    () => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  ],
] as const) {
  test(`analytics: ${what} — no banner, nothing sent`, async ({ page }) => {
    const marker = `${what.replace(/ /g, "-")}-${Date.now()}`;
    await page.addInitScript(script);
    const sent: string[] = [];
    page.on("request", (r) => void (r.url().startsWith(upstreams.origin) && sent.push(r.url())));
    // The deferred part (the auth-state listener and analytics) arrives after the load event.
    const extras = page.waitForResponse(/\/ClientExtras-[^/]+\.js$/);
    await open(page, `/?m=${marker}`);
    await extras;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about/);
    await page.waitForLoadState("networkidle");
    await expect(consent(page)).toHaveCount(0);
    expect(sent.filter((u) => u.includes("/api/event"))).toEqual([]);
    expect((await hits()).filter((h) => h.url.includes(marker))).toEqual([]);
  });
}
