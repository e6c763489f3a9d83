/**
 * The XSS corpus (tests/fixtures/xss-payloads.txt) through every place CMS or
 * listener text is rendered, in a real browser with JS: news posts (list, home cards, detail by
 * server render and by client navigation), WTF news, slider captions and links, gallery posts
 * (grid, post text, thumbnails, lightbox), spnkbnk posts, episode titles and descriptions (cards,
 * era pages, search results, detail pages, the player), Cold Cut, crew names, jobs and bios, the
 * Deadpool Bingo picks, and the search term echo. A private server serves the hostile data
 * (tests/e2e/support/hostile-site.ts; in the remote project it is served through the
 * Supabase/WordPress adapters). On every page: no dialog, no marker from a payload, no CSP violation (the CSP is the
 * second line: a violation means markup got past the sanitizer), and none of the dangerous parts
 * in the DOM. Runs with JS on desktop, on both data paths.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signedIn } from "./support/auth";
import {
  ALL_TEXT,
  COLDCUT_ALL,
  CREW_ALL,
  EPISODE_ALL,
  GALLERY,
  NEWS,
  SLIDES,
  SPNKBNK,
  WTF,
  XSS_PAYLOADS,
  separator,
  startHostileSite,
  type HostileSite,
} from "./support/hostile-site";
import { isRemote } from "./support/projects";
import { stripHtml } from "./support/sample";
import { SEARCH_TERM_MAX } from "../../app/rules/constants";

/** Beside the project's own server (its port + 5), so the two projects never share one. */
const port = (info: TestInfo) => Number(new URL(info.project.use.baseURL!).port) + 5;
test.use({ baseURL: async ({}, provide, testInfo) => provide(`http://127.0.0.1:${port(testInfo)}`) });
test.describe.configure({ mode: "serial" });

/** The frames the app itself may show: the help, special-feature and content-site embeds, video hosts. */
const FRAME_ORIGINS = [
  "https://www.hamradioshow.net",
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
];

let site: HostileSite;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(60_000);
  site = await startHostileSite(port(testInfo), isRemote(testInfo));
});
test.afterAll(async () => {
  await site?.stop();
});

interface Guard {
  dialogs: string[];
  csp: string[];
  /** The inline-script hashes the last document's policy allows (a page shared by every anonymous listener). */
  hashes: string[];
}

/**
 * Before any page script: alert/confirm/prompt/print record into window.__xss instead of opening
 * (a payload that ran leaves a marker either way), CSP violations are reported, and any dialog
 * that still opens is recorded and dismissed.
 */
async function guard(page: Page): Promise<Guard> {
  const g: Guard = { dialogs: [], csp: [], hashes: [] };
  page.on("dialog", (d) => {
    g.dialogs.push(`${d.type()}: ${d.message()} @ ${page.url()}`);
    void d.dismiss().catch(() => undefined);
  });
  await page.exposeBinding("__reportCsp", ({ frame }, v: string) => void g.csp.push(`${v} @ ${frame.url()}`));
  await page.addInitScript(() => {
    type W = Window & { __xss: string[]; __reportCsp(v: string): void };
    const w = window as unknown as W;
    w.__xss = [];
    const record =
      (what: string) =>
      (...args: unknown[]) => {
        const entry = `${what}(${args.map(String).join(",")})`;
        w.__xss.push(entry);
        try {
          if (window.top && window.top !== window) (window.top as unknown as W).__xss.push(`frame ${entry}`);
        } catch {
          // a cross-origin top: the frame's own list is read too
        }
        return null;
      };
    w.alert = record("alert") as typeof alert;
    w.confirm = record("confirm") as unknown as typeof confirm;
    w.prompt = record("prompt") as typeof prompt;
    w.print = record("print") as typeof print;
    document.addEventListener("securitypolicyviolation", (e) => {
      void w.__reportCsp(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} ${e.sample}`);
    });
  });
  return g;
}

/** Dangerous parts of a payload left in the DOM (run in the page; `containers` hold CMS markup). */
async function scanDom({
  frameOrigins,
  scriptOrigins,
  containers,
  hashes,
}: {
  frameOrigins: string[];
  scriptOrigins: string[];
  containers: string;
  hashes: string[];
}): Promise<string[]> {
  const found: string[] = [];
  const describe = (el: Element) => el.outerHTML.slice(0, 120);
  const URL_ATTRS = new Set([
    "href",
    "src",
    "action",
    "formaction",
    "poster",
    "xlink:href",
    "data",
    "background",
    "lowsrc",
    "dynsrc",
    "srcset",
    "ping",
    "codebase",
    "cite",
    "longdesc",
    "to",
    "values",
    "from",
    "by",
  ]);
  for (const el of document.querySelectorAll("*")) {
    for (const a of [...el.attributes]) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) found.push(`event handler ${name}: ${describe(el)}`);
      if (name === "srcdoc") found.push(`srcdoc: ${describe(el)}`);
      if (URL_ATTRS.has(name)) {
        const v = a.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
        if (/^(javascript|vbscript|livescript):/.test(v) || /(^|,)data:(?!image\/(png|gif|jpeg|webp|avif);)/.test(v))
          found.push(`${name}=${a.value.slice(0, 60)}: ${describe(el)}`);
      }
      if (name === "style" && /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(a.value))
        found.push(`style: ${describe(el)}`);
    }
  }
  // Scripts: the app's own (this response's nonce, or on a shared page a hash its policy lists)
  // or files from the CSP's script hosts (the Cast SDK); never one from content.
  for (const s of document.querySelectorAll("script")) {
    // Structured data is a data block, never run; it must stay one piece of JSON (no breakout).
    if ((s as HTMLScriptElement).type === "application/ld+json") {
      try {
        JSON.parse(s.textContent ?? "");
      } catch {
        found.push(`a JSON-LD block that is not JSON: ${describe(s)}`);
      }
      continue;
    }
    const src = s.getAttribute("src");
    const host = src ? new URL(src, location.href).origin : null;
    if ((s as HTMLScriptElement).nonce || (host && scriptOrigins.includes(host))) continue;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s.textContent ?? ""));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    if (src || !hashes.includes(hash)) found.push(`script without the page's nonce or a listed hash: ${describe(s)}`);
  }
  for (const el of document.querySelectorAll(
    "base, object, embed, applet, frame, frameset, meta[http-equiv], link[rel~=import]",
  ))
    found.push(`element: ${describe(el)}`);
  for (const f of document.querySelectorAll("iframe")) {
    let origin = "";
    try {
      origin = new URL(f.getAttribute("src") ?? "", "about:blank").origin;
    } catch {
      origin = "";
    }
    if (!frameOrigins.includes(origin)) found.push(`iframe outside the allow-list: ${describe(f)}`);
  }
  for (const el of document.querySelectorAll(
    containers
      .split(",")
      .flatMap((c) =>
        [
          "script",
          "style",
          "link",
          "meta",
          "form",
          "input",
          "button",
          "select",
          "textarea",
          "svg",
          "math",
          "template",
          "noscript",
          "title",
          "xmp",
          "plaintext",
        ].map((t) => `${c.trim()} ${t}`),
      )
      .join(","),
  )) {
    found.push(`active element in CMS content: ${describe(el)}`);
  }
  return found;
}

/** Where CMS markup is rendered as HTML (every other sink renders text). */
const CONTENT = ".prose, .gallery-post__text";

/**
 * Moves the real mouse over every element rendered from payload markup (hover handlers), then
 * clicks each one outside links and controls (in the page: one call instead of hundreds), so
 * any handler left on them would fire. Only HTML sinks need it: text sinks cannot make elements.
 */
async function poke(page: Page, selector: string) {
  const height = page.viewportSize()!.height;
  for (let pass = 0; pass < 30; pass++) {
    const { points, more } = await page.evaluate(
      ({ selector, pass, height }) => {
        window.scrollTo(0, pass * (height - 80));
        const seen = new Set<string>();
        const points: { x: number; y: number }[] = [];
        let more = false;
        for (const root of document.querySelectorAll(selector)) {
          for (const el of [root, ...root.querySelectorAll("*")]) {
            // The separator paragraphs are the test's own markup.
            if (/^xss-sep-\d+$/.test(el.textContent ?? "")) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0 || r.bottom <= 0) continue;
            if (r.top >= height) {
              more = true;
              continue;
            }
            const x = Math.round(Math.min(Math.max(r.left + r.width / 2, 1), window.innerWidth - 2));
            const y = Math.round(
              Math.min(Math.max((Math.max(r.top, 0) + Math.min(r.bottom, height)) / 2, 1), height - 2),
            );
            const key = `${Math.round(x / 12)},${Math.round(y / 12)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            points.push({ x, y });
          }
        }
        return { points, more };
      },
      { selector, pass, height },
    );
    for (const p of points) await page.mouse.move(p.x, p.y);
    if (!more) break;
  }
  await page.evaluate((selector) => {
    for (const root of document.querySelectorAll(selector)) {
      for (const el of [root, ...root.querySelectorAll("*")]) {
        if (!el.closest("a, button, summary, label, video, audio, iframe, input, select, textarea"))
          (el as HTMLElement).click?.();
      }
    }
    window.scrollTo(0, 0);
  }, selector);
}

/** Waits for the images to settle (an onerror would fire then), then checks everything. */
async function expectInert(page: Page, g: Guard, label: string) {
  await page.waitForLoadState("load");
  await page
    .waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === "lazy"), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  // An error event is queued when its image completes: let queued tasks run.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  const markers: string[] = [];
  for (const frame of page.frames()) {
    markers.push(
      ...(await frame.evaluate(() => (window as unknown as { __xss?: string[] }).__xss ?? []).catch(() => [])),
    );
  }
  expect(markers, `${label}: a payload ran`).toEqual([]);
  expect(g.dialogs, `${label}: a dialog opened`).toEqual([]);
  expect(g.csp, `${label}: CSP violations (markup got past the sanitizer)`).toEqual([]);
  expect(
    await page.evaluate(scanDom, {
      frameOrigins: FRAME_ORIGINS,
      scriptOrigins: [new URL(page.url()).origin, "https://www.gstatic.com"],
      containers: CONTENT,
      hashes: g.hashes,
    }),
    `${label}: dangerous parts in the DOM`,
  ).toEqual([]);
}

/**
 * Opens `url` (a document load: the server-rendered HTML goes through the browser's parser) and
 * checks it; `hydrated` waits for the app's JS first (needed before clicking).
 */
async function open(page: Page, url: string, g: Guard, { status = 200, hydrated = true } = {}) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
  g.hashes = [...((await res?.allHeaders())?.["content-security-policy"] ?? "").matchAll(/'sha256-([^']+)'/g)].map(
    (m) => m[1]!,
  );
  if (hydrated) await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
  await expectInert(page, g, url);
}

/** Each payload was parsed on its own: its separator rendered right after it. */
async function expectSeparators(page: Page, selector: string) {
  const text = (await page.locator(selector).allTextContents()).join("\n");
  const missing = XSS_PAYLOADS.map((_, i) => i).filter((i) => !text.includes(separator(i)));
  expect(
    missing.map((i) => XSS_PAYLOADS[i]),
    `payloads whose separator did not render in ${selector}`,
  ).toEqual([]);
}

test("the corpus has at least 50 payloads covering every category", () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  const has = (re: RegExp) => XSS_PAYLOADS.some((p) => re.test(p));
  expect(has(/<script/i), "script tags").toBe(true);
  expect(has(/\son\w+=/i), "event handlers").toBe(true);
  expect(has(/javascript:/i), "javascript: URLs").toBe(true);
  expect(has(/data:text\/html/i), "data: URLs").toBe(true);
  expect(has(/<svg/i), "SVG").toBe(true);
  expect(has(/srcdoc/i), "srcdoc").toBe(true);
  expect(has(/<base/i), "<base>").toBe(true);
  expect(has(/<!--|<!\[CDATA|<noscript>/i), "broken markup").toBe(true);
});

test("search term echo: every payload as the term", async ({ page }, testInfo) => {
  test.skip(
    isRemote(testInfo),
    "the term is the request's own, whatever the data service: checked on the embedded default",
  );
  const g = await guard(page);
  // As many payloads per term as fit the 200-character limit.
  const terms: string[] = [];
  let term = "";
  for (const p of XSS_PAYLOADS) {
    const next = term ? `${term} ${p}` : p;
    if (next.length > SEARCH_TERM_MAX) {
      terms.push(term);
      term = p;
    } else term = next;
  }
  terms.push(term);
  expect(terms.every((t) => t.length > 0 && t.length <= SEARCH_TERM_MAX)).toBe(true);
  for (const t of terms) {
    await open(page, `/search?term=${encodeURIComponent(t)}`, g, { hydrated: false });
    // Echoed as text, exactly (never parsed as markup).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search: ${t.trim()}`, { useInnerText: false });
  }
  // A client-side search through the header's box renders the echo from JSON too.
  await page.getByRole("combobox", { name: "Search episodes" }).fill(XSS_PAYLOADS[0]!);
  await page.getByRole("combobox", { name: "Search episodes" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search: ${XSS_PAYLOADS[0]}`);
  await expectInert(page, g, "client-side search");
});

test("home, slider and news: cards, captions, slide links, the posts by client navigation and by server render", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const g = await guard(page);
  await open(page, "/", g);
  // Slider: captions are text, hostile link targets never become links.
  const slider = page.getByRole("region", { name: "Featured" });
  await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  const captions = await slider.locator(".hero-slide__caption").allTextContents();
  for (const slide of SLIDES) expect(captions).toContain(stripHtml(slide.title));
  const hrefs = await slider.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  for (const slide of SLIDES) expect(hrefs, `slider link ${slide.url}`).not.toContain(slide.url.trim());
  await expectInert(page, g, "home with the slider running");
  // Sponsors: the ones with a javascript:/data: link or logo are skipped; the one left shows its
  // payload name as the logo's text.
  const sponsor = page.getByRole("complementary", { name: "Sponsor" });
  await expect(sponsor.getByRole("link")).toHaveAttribute("href", "https://example.com/sponsor");
  await expect(sponsor.getByRole("img")).toHaveAttribute("alt", XSS_PAYLOADS[0]!);

  // Client navigation: React inserts the post HTML with innerHTML.
  for (const [tab, post, path] of [
    ["News", NEWS, "/News/"],
    ["WTF News", WTF, "/WTFNews/"],
  ] as const) {
    await open(page, tab === "News" ? "/News" : "/News?tab=wtfnews", g);
    await page
      .getByRole("link", { name: new RegExp(`^${post.title.slice(0, 7)}`) })
      .first()
      .click();
    await expect(page).toHaveURL(`${path}${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(post.title.slice(0, 7));
    await expectSeparators(page, ".prose");
    await poke(page, ".prose");
    await expectInert(page, g, `${tab} post (client navigation)`);
    // The server render: the HTML goes straight through the browser's parser.
    await open(page, `${path}${post.slug}`, g, { hydrated: false });
    await expectSeparators(page, ".prose");
  }
});

test("episodes and Cold Cut: cards, era pages, search results, detail pages, the player", async ({ page }) => {
  test.setTimeout(120_000);
  const g = await guard(page);
  // Every hostile episode's card, 24 per era page (the latest eight were on the home page): the
  // probes, "all", and the one with data:/javascript: images, listed with the default image.
  for (let p = 1; p <= Math.ceil((XSS_PAYLOADS.length + 2) / 24); p++) {
    await open(page, `/era?station=UFRN&page=${p}`, g, { hydrated: false });
    if (p === 1) await expect(page.getByRole("link", { name: "XSS url probe images", exact: true })).toBeVisible();
  }
  await open(page, "/search?term=probe", g, { hydrated: false });
  await open(page, "/search?term=alert", g, { hydrated: false });

  for (const [url, title] of [
    [`/episode?title=${encodeURIComponent(EPISODE_ALL)}`, EPISODE_ALL],
    [`/coldcut/?title=${encodeURIComponent(COLDCUT_ALL)}`, COLDCUT_ALL],
  ] as const) {
    await open(page, url, g, { hydrated: false });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // Every payload shown as text, verbatim.
    expect(await page.locator(".episode-description").textContent()).toBe(ALL_TEXT);
  }
  // A payload-titled episode through client navigation, then played (the player shows its title).
  await open(page, "/era?station=UFRN", g);
  await page
    .getByRole("link", { name: /^XSS probe 00 / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("XSS probe 00");
  await page
    .getByRole("button", { name: /^Play XSS probe 00/ })
    .first()
    .click();
  await expect
    .poll(() => page.evaluate(() => !(document.getElementById("global-audio") as HTMLAudioElement).paused), {
      message: "the episode plays",
    })
    .toBe(true);
  await expectInert(page, g, "payload-titled episode, playing");
});

test("crew: grid, bios, Deadpool Bingo", async ({ page }) => {
  const g = await guard(page);
  await open(page, `/crew?name=${encodeURIComponent(CREW_ALL)}`, g, { hydrated: false });
  expect(await page.locator(".crew-bio__text").textContent()).toBe(ALL_TEXT);
  // The grid, then a payload-named crew member through client navigation.
  await open(page, "/crew-page", g);
  await page.getByRole("link", { name: /^XSS 0 / }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`XSS 0 ${XSS_PAYLOADS[0]}`);
  await expectInert(page, g, "payload-named crew member");
  await open(page, "/DPB", g, { hydrated: false });
  await expect(page.locator(".bingo-board")).toContainText(`${CREW_ALL} `);
});

test("gallery: grid, the post's text and photos, the lightbox, a spnkbnk post", async ({ page }) => {
  test.setTimeout(120_000);
  // Signed in first: the sign-up success alert must open as a real dialog (the guard turns alert off).
  await signedIn(page);
  const g = await guard(page);
  await open(page, "/SpankBank", g);
  await page.getByRole("button", { name: "I am 18 or older" }).click();
  const grid = page.getByRole("list", { name: "Gallery posts" });
  await expect(grid).toBeVisible();
  await expectInert(page, g, "gallery grid");
  // Client navigation: React inserts the post text with innerHTML.
  await grid.getByRole("link", { name: /^XSS gallery / }).click();
  await expect(page).toHaveURL(`/SpankBank/Post?id=${GALLERY.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("XSS gallery");
  await expectSeparators(page, ".gallery-post__text");
  await poke(page, ".gallery-post__text");
  await expectInert(page, g, "gallery post (client navigation)");
  // The lightbox, through every photo (the payloads' images included).
  const photos = await page.getByRole("region", { name: "Photos" }).getByRole("link").count();
  expect(photos).toBeGreaterThan(1);
  const thumb = page.getByRole("link", { name: GALLERY.photoAlt });
  await expect(thumb).toHaveAttribute("aria-haspopup", "dialog");
  await thumb.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Zoom in" })).toBeVisible();
  for (let i = 1; i < photos; i++) {
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("group", { name: `${i + 1} of ${photos}` })).toBeVisible();
  }
  await expectInert(page, g, "gallery lightbox");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The server renders.
  await open(page, `/SpankBank/Post?id=${GALLERY.id}`, g, { hydrated: false });
  await expectSeparators(page, ".gallery-post__text");
  await open(page, `/SpankBank/Post/${SPNKBNK.slug}`, g);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("XSS spnkbnk");
  await expectSeparators(page, ".gallery-post__text");
  await poke(page, ".gallery-post__text");
  await expectInert(page, g, "spnkbnk post");
});
