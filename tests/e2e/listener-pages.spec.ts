/**
 * Signed-in listeners' pages from the render cache (ADR 019), at the HTTP level (no browser: what
 * a listener gets with JavaScript off is this HTML). Two private servers over one data directory:
 * the render cache on, and off (every page a full render for its listener, the reference). Runs
 * once (desktop-js project).
 *   E2E_PORT=3260 npx playwright test tests/e2e/listener-pages.spec.ts --project=desktop-js
 */
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "./support/app-server";
import { signedInCookie } from "./support/auth";
import { dataUrl, listenerOnPage as personalOf, routeData } from "./support/route-data";

test.describe.configure({ mode: "serial" });

const SITE_URL = "http://listener-pages.test";
let cached: AppServer;
let full: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // One origin in links and previews for both, so their pages can be compared byte for byte.
  const env = { SITE_URL, RATE_LIMIT_AUTH_PER_MIN: "0", RATE_LIMIT_POST_PER_MIN: "0", RATE_LIMIT_GET_PER_MIN: "0" };
  cached = await startAppServer(env, "listener-cached");
  full = await startAppServer({ ...env, RENDER_CACHE_TTL_MS: "0" }, "listener-full", { dataDir: cached.dataDir });
});
test.afterAll(async () => {
  await full?.stop();
  await cached?.stop();
});

interface Listener {
  email: string;
  cookie: string;
}
async function favorite(listener: Listener, episode: { audioUrl: string; title: string; duration: number }, on = true) {
  const r = await fetch(`${cached.origin}/favorites`, {
    method: "POST",
    headers: { Cookie: listener.cookie, Origin: cached.origin },
    body: new URLSearchParams({
      intent: on ? "add" : "remove",
      audioSrc: episode.audioUrl,
      title: episode.title,
      duration: String(episode.duration),
      redirectTo: "/",
    }),
    redirect: "manual",
  });
  expect([302, 303]).toContain(r.status);
}

/** A place in an episode, as the player's progress write keeps it (ADR 033). */
async function listened(
  listener: Listener,
  episode: { audioUrl: string; title: string; duration: number },
  at: number,
) {
  const r = await fetch(`${cached.origin}/api/progress`, {
    method: "POST",
    headers: { Cookie: listener.cookie, Origin: cached.origin, "Content-Type": "application/json" },
    body: JSON.stringify({
      AudioTitle: episode.title,
      Duration: episode.duration,
      AudioSrc: episode.audioUrl,
      currentTime: at,
      at: Date.now(),
    }),
  });
  expect(r.status).toBe(200);
}

const get = (server: AppServer, path: string, cookie?: string) =>
  fetch(server.origin + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
/** A body with its CSP nonce made neutral (every response has its own). */
/**
 * A body with its nonce named, and without the spaces a listener template pads a heart's or a
 * card's marks with inside their first tag (ADR 054), which no DOM holds.
 */
const neutral = async (r: Response) => {
  const nonce = /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
  const body = (await r.text()).replace(/ +(\/?>)/g, "$1");
  return nonce ? body.replaceAll(nonce, "NONCE") : body;
};
interface Episode {
  audioUrl: string;
  title: string;
  duration: number;
  image?: string;
}
const latest = async () =>
  (
    await routeData<{ latest: Episode[] }>(
      await (await get(cached, dataUrl("/", "routes/_index"))).text(),
      "routes/_index",
    )
  ).latest;
const pressedHearts = (html: string) =>
  [...html.matchAll(/aria-pressed="true" aria-label="Remove ([^"]+) from/g)].length;

async function publicPaths(): Promise<string[]> {
  const sitemap = await (await get(cached, "/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search);
  expect(paths.length).toBeGreaterThan(20);
  return [
    ...paths,
    "/search?term=radio",
    "/search?term=no-such-words-anywhere",
    "/search-suggestions?term=radi",
    "/no-such-page",
    "/era?station=Nope",
  ];
}

test("a listener's page from the cache is byte for byte the full render (but for padding inside tags), on every public page and data request", async () => {
  test.setTimeout(180_000);
  const listener = await signedInCookie(cached.origin, "bytes");
  const home = await latest();
  for (const episode of home.slice(0, 3)) await favorite(listener, episode);
  // One episode under way (Continue listening, a bar), one played.
  await listened(listener, home[0]!, 2);
  await listened(listener, home[3]!, home[3]!.duration);
  const paths = await publicPaths();
  const routes = new Set<string>();
  for (const path of paths) {
    for (let round = 0; round < 2; round++) {
      const mine = await get(cached, path, listener.cookie);
      const reference = await get(full, path, listener.cookie);
      expect(mine.status, path).toBe(reference.status);
      expect(mine.headers.get("cache-control"), path).toBe(reference.headers.get("cache-control"));
      expect(mine.headers.get("content-type"), path).toBe(reference.headers.get("content-type"));
      expect(await neutral(mine), path).toBe(await neutral(reference));
      if (mine.headers.get("content-type")?.startsWith("text/html")) {
        expect(mine.headers.get("cache-control"), path).toBe("private, no-store");
        // The second round comes from the listener template (a page shared by every listener),
        // spliced as gzip (ADR 038): what fetch decoded is what the comparison above saw.
        if (round === 1 && mine.status === 200) {
          expect(mine.headers.get("x-render-cache"), path).toBe("hit");
          expect(mine.headers.get("content-encoding"), path).toBe("gzip");
        }
      }
      const id = /"routes\/[^"]+"/.exec(await (await get(cached, path)).text())?.[0];
      if (id) routes.add(dataUrl(path, JSON.parse(id) as string));
    }
  }
  // Client navigations: each page's own data, for the listener, as Remix would answer it; and
  // every route's, the root's with the listener, as after a form is sent (ADR 037).
  for (const path of [...routes, dataUrl("/"), dataUrl("/search?term=radio")]) {
    const mine = await get(cached, path, listener.cookie);
    const reference = await get(full, path, listener.cookie);
    expect(mine.status, path).toBe(reference.status);
    expect(await mine.text(), path).toBe(await reference.text());
    expect(mine.headers.get("cache-control"), path).toBe(reference.headers.get("cache-control"));
  }
  const homePage = await (await get(cached, "/", listener.cookie)).text();
  expect(pressedHearts(homePage)).toBeGreaterThanOrEqual(3);
  expect(homePage).toContain(`aria-label="Listened to ${home[0]!.title.replace(/&/g, "&#38;")}"`);
  expect(homePage).toContain(">Played<");
  expect(homePage).toContain(">Continue listening<");
  expect(homePage).toMatch(/class="profile-button"[^>]*>Profile<\/a>/);
});

test("pages are private by construction: two listeners and anonymous visitors at once, each gets only their own", async () => {
  test.setTimeout(120_000);
  const [ann, bob] = [await signedInCookie(cached.origin, "ann"), await signedInCookie(cached.origin, "bob")];
  const [first, second] = await latest();
  await favorite(ann, first);
  await favorite(bob, second);
  await listened(ann, first, 2);
  const paths = ["/", `/episode?title=${encodeURIComponent(first.title)}`, "/era?station=MLR", "/search?term=radio"];
  const who = [ann, bob, null];
  const requests = Array.from({ length: 180 }, (_, i) => ({ path: paths[i % paths.length], as: who[i % 3] }));
  const answers = await Promise.all(
    requests.map(async ({ path, as }) => {
      const r = await get(cached, path, as?.cookie);
      return { path, as, cacheControl: r.headers.get("cache-control"), html: await r.text() };
    }),
  );
  for (const { path, as, cacheControl, html } of answers) {
    const label = `${path} as ${as?.email ?? "anonymous"}`;
    const personal = await personalOf(html);
    for (const other of [ann, bob].filter((l) => l !== as)) {
      expect(html, label).not.toContain(other.email);
      expect(html, label).not.toContain(other.cookie.split("=")[1]);
    }
    // Only ann is under way: her bar and Continue listening show on her pages alone.
    expect(html.includes("Continue listening<"), label).toBe(as === ann && path === "/");
    if (as !== ann) expect(html, label).not.toContain("Listened to");
    if (!as) {
      expect(personal, label).toBeNull();
      expect(html, label).not.toContain(`name="intent"`);
      expect(cacheControl, label).toMatch(/^public/);
      continue;
    }
    expect(cacheControl, label).toBe("private, no-store");
    expect(personal?.user.email, label).toBe(as.email);
    expect(personal, label).not.toHaveProperty("favorites");
    // Only the listener's own favorite is pressed (its form removes it), wherever it shows.
    const removable = [
      ...html.matchAll(/name="intent" value="remove"\/><input type="hidden" name="audioSrc" value="([^"]+)"/g),
    ];
    for (const [, src] of removable) expect(src, label).toBe((as === ann ? first : second).audioUrl);
  }
  expect(answers.filter((a) => a.as === ann && pressedHearts(a.html) > 0).length).toBeGreaterThan(0);
});

test("fresh: a favorite toggled or progress written shows on the very next page", async () => {
  const listener = await signedInCookie(cached.origin, "fresh");
  const episode = (await latest())[0]!;
  expect(pressedHearts(await (await get(cached, "/", listener.cookie)).text())).toBe(0);
  await favorite(listener, episode);
  // Every card of that audio (the sample catalog reuses a few files) shows it pressed.
  expect(pressedHearts(await (await get(cached, "/", listener.cookie)).text())).toBeGreaterThan(0);
  await favorite(listener, episode, false);
  expect(pressedHearts(await (await get(cached, "/", listener.cookie)).text())).toBe(0);

  const progress = await fetch(`${cached.origin}/api/progress`, {
    method: "POST",
    headers: { Cookie: listener.cookie, Origin: cached.origin, "Content-Type": "application/json" },
    body: JSON.stringify({
      AudioTitle: episode.title,
      Duration: episode.duration,
      AudioImg: episode.image ?? "",
      AudioSrc: episode.audioUrl,
      currentTime: 42,
      at: Date.now(),
    }),
  });
  expect(progress.status).toBeLessThan(300);
  const page = await (await get(cached, "/", listener.cookie)).text();
  expect((await personalOf(page))?.restore?.sync?.currentTime).toBe(42);
});
