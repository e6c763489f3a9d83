/**
 * Fault tests (ADR 013: no remote failure may break a page): each remote service — the Supabase catalog,
 * the WordPress content site, the WordPress gallery source, Firebase — down (503), slow (answers
 * after 10 s) or sending junk (invalid JSON). Pages must still come back within ~2 s (asserted
 * with a margin: 4 s) with the last good copy when the data was fetched before, or docs/product.md §8's
 * fallback ("Lists stay empty or show 'Loading...'") when it never was; never a 5xx. A failing
 * Firebase treats the listener as signed out; /healthz is ready while the database answers and reports each upstream's last call.
 * The streaming service (now-playing) has its own file: faults-now-playing.spec.ts.
 *
 * Runs against a private server whose fakes this file switches (support/fault-stack.ts), so the
 * specs running next to it never see a fault. HTTP-level; one browser check (client-side
 * navigation to a page whose data is missing). Runs once: in the remote pass, in desktop-js.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { stripTags } from "../../app/adapters/shapes/html-text.server";
import {
  ACCOUNT_UNAVAILABLE,
  LIBRARY_UNAVAILABLE,
  SIGN_IN_UNAVAILABLE,
  SIGN_UP_UNAVAILABLE,
} from "../../app/rules/auth";
import {
  coldcutEpisode,
  crew,
  dthNews,
  episodes,
  newestFirst,
  sliderPosts,
  stripHtml,
  wtfNews,
} from "./support/sample";
import {
  startAppServer,
  startRemoteStack,
  type Mode,
  type RemoteService,
  type RemoteStack,
} from "./support/fault-stack";
import { PASSWORD, signedInCookie, uniqueEmail } from "./support/auth";

test.describe.configure({ mode: "serial" });

const FAULTS = ["fail", "slow", "junk"] as const satisfies readonly Mode[];
const WHAT: Record<(typeof FAULTS)[number], string> = { fail: "down (503)", slow: "slow (10 s)", junk: "sending junk" };
/** "Served within ~2 s" (the upstream timeout), with a margin for a loaded machine. */
const SERVED_WITHIN_MS = 4_000;
const LOADING = "Loading...";

let stack: RemoteStack;
let http: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stack = await startRemoteStack();
  http = await newClient();
});
test.afterAll(async () => {
  await http?.dispose();
  await stack?.stop();
});
test.afterEach(async () => {
  await stack?.allOk();
});

// --- helpers ---

async function newClient(): Promise<APIRequestContext> {
  // A listener of its own behind the trusted proxy (rate limits are on, as in production).
  const b = crypto.randomBytes(3);
  return playwrightRequest.newContext({
    baseURL: stack.origin,
    extraHTTPHeaders: { "X-Forwarded-For": `10.${b[0]}.${b[1]}.${b[2]}` },
  });
}

interface Served {
  status: number;
  ms: number;
  text: string;
  headers: Record<string, string>;
  response: APIResponse;
}

/** GET `path`, timed; `text` is what a reader sees (no scripts, tags stripped, entities decoded). */
async function get(path: string, options: { cookie?: string } = {}): Promise<Served> {
  const headers: Record<string, string> = options.cookie ? { Cookie: options.cookie } : {};
  const started = Date.now();
  const response = await http.get(path, { headers, maxRedirects: 0 });
  const body = await response.text();
  const ms = Date.now() - started;
  const text = stripTags(
    body.replace(/<script\b[\s\S]*?<\/script>/gi, " ").replace(/<style\b[\s\S]*?<\/style>/gi, " "),
  );
  return { status: response.status(), ms, text, headers: response.headers(), response };
}

/** A page served in time with status 200 (a page is never a 5xx, whatever the upstream does). */
async function servedPage(path: string, options: { cookie?: string } = {}): Promise<Served> {
  const r = await get(path, options);
  expect(r.status, `${path}: status`).toBe(200);
  expect(r.ms, `${path}: served within ${SERVED_WITHIN_MS} ms`).toBeLessThan(SERVED_WITHIN_MS);
  expect(r.text, `${path}: no error page`).not.toContain("Something went wrong");
  return r;
}

/**
 * The page shows the last good copy: `expected` is there and no 'Loading...' stands in for it.
 */
async function lastGoodCopy(path: string, expected: string[], options: { cookie?: string } = {}): Promise<void> {
  const r = await servedPage(path, options);
  for (const e of expected) expect(r.text, `${path} shows "${e}"`).toContain(e);
  expect(r.text, `${path}: no fallback`).not.toContain(LOADING);
}

/** The page shows docs/product.md §8's 'Loading...' fallback (and not the NOT FOUND page). */
async function fallback(path: string, options: { cookie?: string } = {}): Promise<Served> {
  const r = await servedPage(path, options);
  expect(r.text, `${path}: 'Loading...'`).toContain(LOADING);
  expect(r.text, `${path}: not the not-found page`).not.toContain("Don't You Hate it when that happens?");
  return r;
}

/** The fake saw a call for `service` after `since` (the fault really was in the way). */
async function expectUpstreamCalled(service: RemoteService, since: number): Promise<void> {
  await expect
    .poll(() => stack.remote.requests.filter((r) => r.service === service && r.at >= since).length, {
      message: `the server called ${service} while it was failing`,
      timeout: 5_000,
    })
    .toBeGreaterThan(0);
}

/** Warm `paths` (ok mode), switch `service` to `mode`, and make every cached read stale. */
async function warmThenBreak(service: RemoteService, mode: Mode, paths: string[], cookie?: string): Promise<number> {
  for (const p of paths) await servedPage(p, { cookie });
  stack.remote.setMode(service, mode);
  await stack.invalidate();
  return Date.now();
}

const q = encodeURIComponent;
const title = (t: string) => stripHtml(t);
/** News cards cut their titles short: the start of one is enough to recognise it. */
const cardTitle = (t: string) => stripHtml(t).slice(0, 12);

// --- Supabase catalog: episodes, Cold Cuts, sponsors, crew ---

test.describe("Supabase catalog", () => {
  const latest = newestFirst(episodes)[0]!;
  const mlr = newestFirst(episodes.filter((e) => e.era === "MLR"));
  const episode = episodes.find((e) => e.era === "PPR")!;
  const member = crew.find((c) => c.Name === "Tater")!;
  // Data no other test fetches: one set per fault.
  const cold = {
    fail: { episode: episodes[20]!, crew: "Reverb", page: 2, feed: "GOOM Radio" },
    slow: { episode: episodes[21]!, crew: "Madame Feedback", page: 3, feed: "PPR" },
    junk: { episode: episodes[22]!, crew: "Doc Squelch", page: 4, feed: "UFRN" },
  };

  for (const mode of FAULTS) {
    test(`${WHAT[mode]}: pages seen before → the last good copy within ~2 s`, async () => {
      const pages = {
        "/": [latest.title],
        "/era?station=MLR": [mlr[0]!.title, mlr[1]!.title],
        [`/episode?title=${q(episode.title)}`]: [episode.title],
        [`/coldcut/?title=${q(coldcutEpisode.title)}`]: [coldcutEpisode.title],
        [`/Crew?name=${q(member.Name)}`]: [member.Name, member.Job],
        "/crew-page": crew.map((c) => c.Name),
        "/search?term=antenna": ["Search: antenna", "Episode 8: The Great Antenna Heist"],
        "/rss?era=MLR": [mlr[0]!.title],
      };
      const since = await warmThenBreak("supabase", mode, Object.keys(pages));
      for (const [path, expected] of Object.entries(pages)) await lastGoodCopy(path, expected);
      await expectUpstreamCalled("supabase", since);
    });

    test(`${WHAT[mode]}: data never fetched → docs/product.md §8 fallback within ~2 s`, async () => {
      const c = cold[mode];
      stack.remote.setMode("supabase", mode);
      const since = Date.now();
      // Side by side, as listeners would ask: each one is bounded by the upstream timeout.
      const [search, era, feed] = await Promise.all([
        fallback(`/search?term=${q(`static ${mode} ${crypto.randomUUID().slice(0, 8)}`)}`),
        fallback(`/era?station=PPR&page=${c.page}`),
        // The podcast feed says "try later" rather than serving an empty feed (readers would drop
        // the episodes): 503 with Retry-After, in time.
        get(`/rss?era=${q(c.feed)}`),
        fallback(`/episode?title=${q(c.episode.title)}`),
        fallback(`/Crew?name=${q(c.crew)}`),
      ]);
      expect(search.text, "no false 'No Results'").not.toContain("No Results");
      expect(era.text, "the era's own header still shows").toContain("PPR");
      // A fallback page is kept only briefly by caches (the real page is back with the source).
      expect(era.headers["cache-control"]).toBe("public, max-age=10, s-maxage=10");
      expect(feed.status).toBe(503);
      expect(feed.headers["retry-after"]).toBeTruthy();
      expect(feed.ms).toBeLessThan(SERVED_WITHIN_MS);
      await expectUpstreamCalled("supabase", since);
    });
  }

  test("client-side navigation to data that cannot be fetched shows 'Loading...' (browser)", async ({ page }) => {
    // The crew list is fetched (ok); then the catalog goes down and a listener opens a crew
    // member nobody opened before: the route's data request gets the fallback, not a crash.
    const gnome = crew.find((c) => c.Name === "Gnome")!;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.78.${crypto.randomInt(256)}.${crypto.randomInt(256)}` });
    await page.goto(`${stack.origin}/crew-page`);
    await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
    stack.remote.setMode("supabase", "fail");
    await page.getByRole("link", { name: new RegExp(`^${gnome.Name}\\b`) }).click();
    await expect(page).toHaveURL(/name=Gnome/i);
    await expect(page.getByRole("status").filter({ hasText: LOADING })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  });
});

// --- WordPress content site: news, slider ---

test.describe("WordPress content site", () => {
  const cold = { fail: 1, slow: 2, junk: 3 };

  for (const mode of FAULTS) {
    test(`${WHAT[mode]}: pages seen before → the last good copy within ~2 s`, async () => {
      const pages = {
        "/": sliderPosts.map((p) => title(p.title.rendered)),
        "/News": [cardTitle(dthNews[0]!.title.rendered), cardTitle(dthNews[1]!.title.rendered)],
        "/News?tab=wtfnews": [cardTitle(wtfNews[0]!.title.rendered), cardTitle(wtfNews[1]!.title.rendered)],
        [`/News/${dthNews[0]!.slug}`]: [title(dthNews[0]!.title.rendered)],
        [`/WTFNews/${wtfNews[0]!.slug}`]: [title(wtfNews[0]!.title.rendered)],
      };
      const since = await warmThenBreak("content", mode, Object.keys(pages));
      for (const [path, expected] of Object.entries(pages)) await lastGoodCopy(path, expected);
      await expectUpstreamCalled("content", since);
    });

    test(`${WHAT[mode]}: posts never fetched → 'Loading...' within ~2 s`, async () => {
      stack.remote.setMode("content", mode);
      const since = Date.now();
      await Promise.all([
        fallback(`/News/${dthNews[cold[mode]]!.slug}`),
        fallback(`/WTFNews/${wtfNews[cold[mode]]!.slug}`),
      ]);
      await expectUpstreamCalled("content", since);
    });
  }
});

// --- WordPress gallery source (signed in, 18+ confirmed) ---

interface SampleGalleryPost {
  id: number;
  slug: string;
  title: { rendered: string };
}
const gallery = JSON.parse(fs.readFileSync(path.resolve("sample/gallery.json"), "utf8")) as SampleGalleryPost[];

test.describe("WordPress gallery source", () => {
  let cookie: string;
  const cold = { fail: 2, slow: 3, junk: 4 };

  test.beforeAll(async () => {
    ({ cookie } = await signedInCookie(stack.origin, "faults"));
    const gate = await http.post("/SpankBank", {
      form: { intent: "confirm-adult", redirectTo: "/SpankBank" },
      headers: { Cookie: cookie },
      maxRedirects: 0,
    });
    expect(gate.status(), "18+ confirmed").toBe(302);
  });

  for (const mode of FAULTS) {
    test(`${WHAT[mode]}: gallery pages seen before → the last good copy within ~2 s`, async () => {
      const pages = {
        "/SpankBank": gallery.map((g) => title(g.title.rendered)),
        [`/SpankBank/Post?id=${gallery[0]!.id}`]: [title(gallery[0]!.title.rendered)],
        [`/SpankBank/Post/${gallery[1]!.slug}`]: [title(gallery[1]!.title.rendered)],
      };
      const since = await warmThenBreak("gallery", mode, Object.keys(pages), cookie);
      for (const [path, expected] of Object.entries(pages)) await lastGoodCopy(path, expected, { cookie });
      await expectUpstreamCalled("gallery", since);
    });

    test(`${WHAT[mode]}: gallery posts never fetched → 'Loading...' within ~2 s`, async () => {
      stack.remote.setMode("gallery", mode);
      const since = Date.now();
      await Promise.all([
        fallback(`/SpankBank/Post?id=${gallery[cold[mode]]!.id}`, { cookie }),
        fallback(`/SpankBank/Post/${gallery[cold[mode] + 3]!.slug}`, { cookie }),
      ]);
      await expectUpstreamCalled("gallery", since);
    });
  }
});

// --- Firebase (accounts and the listener's library) ---

test.describe("Firebase", () => {
  let account: { cookie: string; email: string };

  test.beforeAll(async () => {
    account = await signedInCookie(stack.origin, "faults");
  });

  for (const mode of FAULTS) {
    test(`${WHAT[mode]}: a signed-in listener is treated as signed out; sign-in says it is unavailable`, async () => {
      const { cookie, email } = account;
      const signedInPage = await servedPage("/user", { cookie });
      expect(signedInPage.text).toContain("H.O.F:");

      stack.firebase.setMode("auth", mode);
      stack.firebase.setMode("rtdb", mode);
      const since = Date.now();

      const [home, user, gallery, signin] = await Promise.all([
        servedPage("/", { cookie }),
        get("/user", { cookie }),
        get("/SpankBank", { cookie }),
        servedPage(`/signin?notice=account-unavailable&redirectTo=${q("/user")}`, { cookie }),
      ]);
      // A public page: 200, in time, with the signed-out header (profile icon, no Profile button).
      expect(await home.response.text()).toContain('aria-label="Your profile and favorites"');
      expect(home.text).not.toMatch(/\bProfile\b/);
      // Signed-in pages send the listener to sign in, saying why — never an error page; the
      // sign-in page shows the form and the reason (it does not bounce the session back).
      for (const [p, r] of [
        ["/user", user],
        ["/SpankBank", gallery],
      ] as const) {
        expect(r.status, `${p}: redirect`).toBe(302);
        expect(r.ms, `${p}: in time`).toBeLessThan(SERVED_WITHIN_MS);
        expect(r.headers.location).toBe(`/signin?notice=account-unavailable&redirectTo=${q(p)}`);
      }
      expect(signin.text).toContain(ACCOUNT_UNAVAILABLE);
      expect(signin.text).toContain("Sign in");

      // Signing in while it is down: a clear message, in time, never the raw upstream error.
      const started = Date.now();
      const attempt = await http.post("/signin", {
        form: { email, password: PASSWORD, website: "", redirectTo: "/" },
        headers: { "X-Forwarded-For": `10.79.${crypto.randomInt(256)}.${crypto.randomInt(256)}` },
        maxRedirects: 0,
      });
      expect(Date.now() - started).toBeLessThan(SERVED_WITHIN_MS);
      expect(attempt.status()).toBe(503);
      const message = stripTags((await attempt.text()).replace(/<script\b[\s\S]*?<\/script>/gi, " "));
      expect(message).toContain(SIGN_IN_UNAVAILABLE);
      expect(message).not.toMatch(/HTTP 503|not JSON|TimeoutError|127\.0\.0\.1/);
      expect(stack.firebase.requests.filter((r) => r.at >= since).length, "Firebase was called").toBeGreaterThan(0);

      // Signing up, saving a favorite or a position while it is down: a clear 503, in time.
      const headers = { "X-Forwarded-For": `10.78.${crypto.randomInt(256)}.${crypto.randomInt(256)}` };
      const writes = await Promise.all([
        http.post("/signup", {
          form: { email: uniqueEmail("faults-up"), password: PASSWORD, website: "" },
          headers,
          maxRedirects: 0,
        }),
        http.post("/favorites", {
          form: {
            intent: "add",
            audioSrc: episodes[0]!.EpisodeUrl,
            title: episodes[0]!.title,
            duration: "60",
            js: "1",
          },
          headers: { ...headers, Cookie: cookie },
          maxRedirects: 0,
        }),
        http.post("/api/progress", {
          data: {
            AudioSrc: episodes[0]!.EpisodeUrl,
            AudioTitle: episodes[0]!.title,
            currentTime: 12,
            Duration: 60,
            at: Date.now(),
          },
          headers: { ...headers, Cookie: cookie },
          maxRedirects: 0,
        }),
      ]);
      const [up, favorite, progress] = writes;
      expect(up!.status(), "sign-up").toBe(503);
      expect(stripTags(await up!.text())).toContain(`Error signing up: ${SIGN_UP_UNAVAILABLE}`);
      for (const [what, r] of [
        ["favorite", favorite!],
        ["progress", progress!],
      ] as const) {
        expect(r.status(), what).toBe(503);
        expect(r.headers()["retry-after"], what).toBeTruthy();
        // The page keeps a favorite it could not save and sends it again (`favorite`: the state asked for).
        const kept = what === "favorite" ? { retry: true, favorite: true } : {};
        expect(await r.json(), what).toEqual({ ok: false, error: LIBRARY_UNAVAILABLE, ...kept });
      }

      // Back up: the same session is signed in again.
      await stack.allOk();
      const back = await servedPage("/user", { cookie });
      expect(back.text).toContain("H.O.F:");
    });
  }
});

// --- /healthz: ready while the database answers; each upstream's last call reported ---

test.describe("/healthz", () => {
  test("ready (200) with the database ok while the remote sources fail; those that failed say so", async () => {
    for (const s of ["supabase", "content", "gallery"] as const) stack.remote.setMode(s, "fail");
    stack.firebase.setMode("auth", "fail");
    stack.firebase.setMode("rtdb", "fail");
    await fetch(`${stack.upstream}/__mode?mode=fail`);
    // Calls that reach past the caches: a search never made, a sign-in.
    await get(`/search?term=${crypto.randomBytes(4).toString("hex")}`);
    await http.post("/signin", {
      form: { email: "health@example.com", password: PASSWORD, website: "", redirectTo: "/" },
      headers: { "X-Forwarded-For": `10.77.${crypto.randomInt(256)}.${crypto.randomInt(256)}` },
      maxRedirects: 0,
    });
    const r = await get("/healthz");
    expect(r.status).toBe(200);
    expect(r.ms).toBeLessThan(SERVED_WITHIN_MS);
    const health = (await r.response.json()) as { ok: boolean; ready: boolean; checks: Record<string, string> };
    expect(health).toMatchObject({
      ok: false,
      ready: true,
      checks: { database: "ok", passwords: "ok", renders: "ok", catalog: "down", accounts: "down" },
    });
    expect(Object.keys(health.checks).sort()).toEqual([
      "accounts",
      "catalog",
      "content",
      "database",
      "gallery",
      "library",
      "passwords",
      "positions",
      "renders",
      "upNext",
    ]);
    const live = await get("/healthz/live");
    expect(live.status).toBe(200);
    expect(await live.response.json()).toEqual({ ok: true });
  });

  test("503 with the database down once the embedded database is unusable", async () => {
    test.setTimeout(90_000);
    // A server of its own (embedded store), whose database file and WAL are overwritten in place
    // with junk while it runs: the open connection would still answer from its page cache.
    const server = await startAppServer({ NOW_PLAYING_KIND: "none" }, "healthz");
    try {
      const before = await fetch(`${server.origin}/healthz`);
      expect(before.status).toBe(200);
      expect(await before.json()).toEqual({
        ok: true,
        ready: true,
        checks: { database: "ok", passwords: "ok", renders: "ok" },
      });
      for (const name of ["hamradio.sqlite", "hamradio.sqlite-wal"]) {
        const file = path.join(server.dataDir, name);
        const size = fs.statSync(file).size;
        expect(size, `${name} exists`).toBeGreaterThan(0);
        const fd = fs.openSync(file, "r+");
        try {
          fs.writeSync(fd, Buffer.alloc(size, 0x5a), 0, size, 0);
        } finally {
          fs.closeSync(fd);
        }
      }
      const after = await fetch(`${server.origin}/healthz`);
      expect(after.status).toBe(503);
      expect(after.headers.get("cache-control")).toBe("private, no-store");
      expect(await after.json()).toEqual({
        ok: false,
        ready: false,
        checks: { database: "down", passwords: "ok", renders: "ok" },
      });
    } finally {
      await server.stop();
    }
  });
});
