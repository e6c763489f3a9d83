/**
 * The security headers on every kind of response (pages, 404s, 400s, redirects,
 * build assets, media files, /healthz, the RSS feed, the JSON API, signed-in and SpankBank pages),
 * a fresh CSP nonce on every script of every HTML response, and — in a real browser with JS —
 * zero Content-Security-Policy violations on every page route, including the code loaded lazily
 * (player, shortcuts help, slider, lightbox, the 375 px burger menu). Runs once (desktop-js).
 *   E2E_PORT=3740 npx playwright test tests/e2e/security-headers.spec.ts --project=desktop-js
 */
import crypto from "node:crypto";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from "@playwright/test";
import { PASSWORD, signedIn, uniqueEmail, sessionCookieOf } from "./support/auth";
import { PUBLIC_ROUTES, episodeWithSubtext, posts, gallery } from "./support/sample";
import { newsLink } from "../../app/rules/news";

const galleryPost = gallery.find((p) => /<img[^>]*\balt="[^"]+"/.test(p.content.rendered))!;
const galleryAlt = /<img[^>]*\balt="([^"]+)"/.exec(galleryPost.content.rendered)![1]!;
const spnkbnk = posts.find((p) => p.categories.includes(6))!;

/** The e2e server runs with the default embed URLs (app/config/env.server.ts). */
const FRAME_ORIGINS = [
  "https://www.hamradioshow.net",
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
].sort();

const listener = () => {
  const b = crypto.randomBytes(3);
  return { "X-Forwarded-For": `10.${b[0]}.${b[1]}.${b[2]}` };
};

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

const seenNonces = new Set<string>();
let sharedAnswers = 0;

/** Every security header each response must carry; returns the response's nonce. */
async function expectSecurityHeaders(r: APIResponse, label: string): Promise<string> {
  const h = r.headers();
  expect(h["content-security-policy-report-only"], `${label}: the policy is enforced, not report-only`).toBeUndefined();
  const csp = h["content-security-policy"];
  expect(csp, `${label}: Content-Security-Policy`).toBeTruthy();
  const d = directives(csp!);
  expect(d.get("default-src"), `${label}: default-src`).toEqual(["'self'"]);

  const scripts = d.get("script-src") ?? [];
  const nonces = scripts.filter((s) => /^'nonce-[A-Za-z0-9+/]{16,}={0,2}'$/.test(s));
  const hashes = scripts.filter((s) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(s)).map((s) => s.slice(8, -1));
  // A page every anonymous listener shares lists its inline scripts' hashes instead: it carries no
  // secret of its own; an answer that is no page runs no inline script at all.
  const shared = nonces.length === 0;
  const page = (h["content-type"] ?? "").startsWith("text/html");
  if (shared && page)
    expect(h["cache-control"], `${label}: only a public page goes without a nonce`).toMatch(/^public/);
  else if (shared) expect(hashes, `${label}: no inline script allowed`).toEqual([]);
  else expect(nonces, `${label}: script-src has exactly one nonce`).toHaveLength(1);
  if (page && /private/.test(h["cache-control"] ?? ""))
    expect(nonces, `${label}: a private page has its own nonce`).toHaveLength(1);
  for (const loose of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    "'strict-dynamic'",
    "*",
    "data:",
    "blob:",
    "http:",
    "https:",
  ]) {
    expect(scripts, `${label}: script-src must not allow ${loose}`).not.toContain(loose);
  }
  const hosts = scripts.filter((s) => /^https:\/\//.test(s));
  expect(hosts, `${label}: of other hosts, only the Cast sender's paths`).toEqual([
    "https://www.gstatic.com/cv/js/sender/",
    "https://www.gstatic.com/cast/sdk/libs/",
  ]);
  expect(d.has("script-src-attr") || d.has("script-src-elem"), `${label}: no looser per-element script lists`).toBe(
    false,
  );
  expect(d.get("object-src"), `${label}: object-src`).toEqual(["'none'"]);
  expect(d.get("base-uri"), `${label}: base-uri`).toEqual(["'none'"]);
  expect(d.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect([...(d.get("frame-src") ?? [])].sort(), `${label}: frame-src is the embed allow-list`).toEqual(FRAME_ORIGINS);
  expect(d.get("form-action"), `${label}: form-action`).toEqual(["'self'"]);
  // Styles: the policy allows inline style attributes (React style props); keep it no looser.
  expect(d.get("style-src"), `${label}: style-src`).toEqual(["'self'", "'unsafe-inline'"]);

  expect(h["strict-transport-security"], `${label}: HSTS (production)`).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(
    Number(/max-age=(\d+)/.exec(h["strict-transport-security"]!)![1]),
    `${label}: HSTS max-age ≥ 1 year`,
  ).toBeGreaterThanOrEqual(31_536_000);
  expect(h["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
  expect(h["referrer-policy"], `${label}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(h["x-powered-by"], `${label}: no X-Powered-By`).toBeUndefined();
  const permissions = h["permissions-policy"] ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"])
    expect(permissions, `${label}: Permissions-Policy turns ${feature} off`).toContain(`${feature}=()`);

  const nonce = shared ? "" : nonces[0]!.slice("'nonce-".length, -1);
  if (!shared) expect(seenNonces.has(nonce), `${label}: a fresh nonce per response`).toBe(false);
  if (!shared) seenNonces.add(nonce);
  else sharedAnswers++;

  if ((h["content-type"] ?? "").startsWith("text/html")) {
    const html = await r.text();
    // Structured data (JSON-LD) is a data block the browser never runs: CSP does not apply to it.
    const scriptTags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      (m) => !/type="application\/ld\+json"/.test(m[1]!),
    );
    for (const [tag, , content] of scriptTags) {
      if (!shared) expect(tag, `${label}: every script carries this response's nonce`).toContain(`nonce="${nonce}"`);
      else if (!/\bsrc=/.test(tag)) {
        expect(tag, `${label}: a shared page names no nonce`).not.toContain("nonce=");
        const hash = crypto.createHash("sha256").update(content!, "utf8").digest("base64");
        expect(hashes, `${label}: the policy lists every inline script's hash`).toContain(hash);
      }
    }
    expect(html, `${label}: no inline event handlers in the markup`).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  }
  return nonce;
}

async function signedInCookie(request: APIRequestContext, baseURL: string): Promise<string> {
  const headers = listener();
  const email = uniqueEmail("sec");
  const up = await request.post("/signup", {
    form: { email, password: PASSWORD, website: "" },
    headers,
    maxRedirects: 0,
  });
  expect([302, 303]).toContain(up.status());
  const inn = await request.post("/signin", {
    form: { email, password: PASSWORD, website: "", redirectTo: "/" },
    headers,
    maxRedirects: 0,
  });
  await expectSecurityHeaders(inn, "POST /signin (redirect)");
  const cookie = sessionCookieOf(inn);
  expect(cookie, "sign-in sets the session cookie").toBeTruthy();
  const confirm = await request.post("/SpankBank?index", {
    form: { intent: "confirm-adult", redirectTo: "/SpankBank" },
    headers: { ...headers, Cookie: cookie!, Origin: baseURL },
    maxRedirects: 0,
  });
  expect(confirm.status(), "the 18+ confirmation").toBe(302);
  await expectSecurityHeaders(confirm, "POST /SpankBank (18+ gate)");
  return cookie!;
}

test("security headers on every kind of response, with a fresh nonce or the listed hashes on every script", async ({
  request,
  baseURL,
}) => {
  test.slow(); // ~40 requests plus a sign-up
  const checked: string[] = [];
  const check = async (
    path: string,
    status: number | number[],
    headers: Record<string, string> = {},
    ctx: APIRequestContext = request,
  ) => {
    const r = await ctx.get(path, { headers: { ...listener(), ...headers }, maxRedirects: 0 });
    const expected = [status].flat();
    expect(expected.includes(r.status()), `${path}: status ${r.status()}, expected ${expected.join(" or ")}`).toBe(
      true,
    );
    await expectSecurityHeaders(r, `GET ${path}`);
    checked.push(path);
    return r;
  };

  for (const route of PUBLIC_ROUTES) await check(route.path, route.status);
  await check("/", 200);
  await check("/signin", 200);
  await check("/signup", 200);
  await check("/healthz", 200);
  await check("/rss?era=MLR", 200);
  await check("/rss?era=nowhere", 404);
  await check("/api/now-playing", 200);
  await check("/search?term=%00", 400);

  const home = await (await request.get("/")).text();
  const js = /(?:src|href)="(\/build\/[^"]+\.js)"/.exec(home)?.[1];
  const css = /href="(\/build\/_assets\/[^"]+\.css)"/.exec(home)?.[1];
  expect(js && css, "the home page links its build assets").toBeTruthy();
  await check(js!, 200, { "Accept-Encoding": "br" });
  await check(css!, 200);
  await check("/build/no-such-chunk.js", 404);
  await check("/media/img/favicon.svg", 200);
  await check("/media/img/no-such-image.jpg", 404);
  await check("/favicon.ico", 200);

  // Signed out, the protected routes redirect.
  for (const p of ["/user", "/SpankBank", `/SpankBank/Post?id=${galleryPost.id}`]) await check(p, 302);
  // A write from another site is refused before Remix runs.
  const foreign = await request.post("/favorites", {
    form: { intent: "add", audioSrc: "/x.mp3", title: "x" },
    headers: { ...listener(), Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  await expectSecurityHeaders(foreign, "cross-site POST /favorites");

  // Signed in (own cookie jar) and past the 18+ gate.
  const own = await playwrightRequest.newContext({ baseURL });
  const cookie = await signedInCookie(own, baseURL!);
  await own.dispose();
  const session = { Cookie: cookie };
  await check("/user", 200, session);
  await check("/favorites", 302, session);
  await check("/", 200, session);
  await check(`/episode?title=${encodeURIComponent(episodeWithSubtext.title)}`, 200, session);
  await check("/SpankBank", 200, session);
  await check(`/SpankBank/Post?id=${galleryPost.id}`, 200, session);
  await check(`/SpankBank/Post/${galleryPost.slug}`, 200, session);
  await check(newsLink("spnkbnk", spnkbnk.slug), 200, session);
  await check("/SpankBank/Post?id=abc", 400, session);
  await check("/SpankBank/Post/no-such-post", 404, session);
  await check("/api/progress", 405, session); // POST-only: the refusal carries the headers too

  expect(checked.length).toBeGreaterThanOrEqual(PUBLIC_ROUTES.length + 25);
  expect(seenNonces.size + sharedAnswers, "one distinct nonce per response not shared").toBeGreaterThanOrEqual(
    checked.length,
  );
});

interface Violation {
  url: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/**
 * Records every CSP violation the page reports (the `securitypolicyviolation` event of every
 * document, through a binding that survives navigations) and every console message about the
 * Content Security Policy (covers frames and reports the event misses).
 */
async function watchCsp(page: Page): Promise<{ violations: Violation[]; console: string[] }> {
  const violations: Violation[] = [];
  const messages: string[] = [];
  await page.exposeBinding("__reportCsp", ({ frame }, v: Omit<Violation, "url">) => {
    violations.push({ url: frame.url(), ...v });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: unknown[]; __reportCsp(v: unknown): void };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      const v = {
        directive: e.effectiveDirective || e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
      };
      w.__csp.push(v);
      void w.__reportCsp(v);
    });
  });
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) messages.push(`${page.url()}: ${m.text()}`);
  });
  return { violations, console: messages };
}

/** Waits for the page to have loaded and hydrated (the player marks its element ready). */
async function visit(page: Page, url: string, status = 200) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
  await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
}

test("the browser recognizes every feature the Permissions-Policy names", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (/Permissions-Policy/i.test(m.text())) warnings.push(m.text());
  });
  await visit(page, "/");
  expect(warnings).toEqual([]);
});

test("a real browser sees zero CSP violations on every page route, lazy code included", async ({ page }) => {
  test.setTimeout(120_000);
  const csp = await watchCsp(page);
  const visited: string[] = [];

  for (const route of PUBLIC_ROUTES) {
    await visit(page, route.path, route.status);
    if (route.heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    visited.push(route.path);
  }
  await visit(page, "/signin");
  await visit(page, "/signup");

  // Home: the slider engine loads after the window's load event.
  await visit(page, "/");
  await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();

  // An episode: press play (the player machinery, media requests), then the shortcuts help.
  await visit(page, `/episode?title=${encodeURIComponent(episodeWithSubtext.title)}`);
  await page
    .getByRole("button", { name: `Play ${episodeWithSubtext.title}`, exact: true })
    .first()
    .click();
  await expect
    .poll(() => page.evaluate(() => !(document.getElementById("global-audio") as HTMLAudioElement).paused), {
      message: "the episode plays",
    })
    .toBe(true);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await page.keyboard.press("k"); // pause again

  // Signed in: favorites, the SpankBank behind the 18+ gate, a post and its lightbox.
  await signedIn(page);
  await visit(page, "/user");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("H.O.F:");
  await visit(page, "/SpankBank");
  await page.getByRole("button", { name: "I am 18 or older" }).click();
  await expect(page.getByRole("list", { name: "Gallery posts" })).toBeVisible();
  await visit(page, `/SpankBank/Post?id=${galleryPost.id}`);
  const thumb = page.getByRole("link", { name: galleryAlt });
  await expect(thumb).toHaveAttribute("aria-haspopup", "dialog");
  await thumb.click();
  const lightbox = page.getByRole("dialog");
  await expect(lightbox.getByRole("button", { name: "Zoom in" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await visit(page, newsLink("spnkbnk", spnkbnk.slug));

  // 375 px: the burger menu.
  await page.setViewportSize({ width: 375, height: 812 });
  await visit(page, "/");
  await page.locator("summary[aria-label='Menu']").click();
  await expect(
    page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "News", exact: true }),
  ).toBeVisible();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "News", exact: true }).click();
  await expect(page).toHaveURL(/\/News$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toContainText("News");

  // Late reports (lazy chunks, media) arrive asynchronously: let the event loop drain once.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  expect(visited.length).toBe(PUBLIC_ROUTES.length);
  expect(csp.violations, "CSP violations (securitypolicyviolation)").toEqual([]);
  expect(csp.console, "console messages about the Content Security Policy").toEqual([]);
});
