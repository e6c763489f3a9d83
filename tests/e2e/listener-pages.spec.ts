/**
 * Signed-in listeners' pages at the HTTP level (no browser: what a listener gets with JavaScript
 * off is this HTML). Every page is rendered for the listener who asks; these check that each
 * answer holds that listener's data and nobody else's, under concurrent load. Runs once
 * (desktop-js project).
 *   E2E_PORT=3260 npx playwright test tests/e2e/listener-pages.spec.ts --project=desktop-js
 */
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "./support/app-server";
import { signedInCookie } from "./support/auth";
import { dataUrl, listenerOnPage as personalOf, routeData } from "./support/route-data";

test.describe.configure({ mode: "serial" });

let cached: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cached = await startAppServer(
    { RATE_LIMIT_AUTH_PER_MIN: "0", RATE_LIMIT_POST_PER_MIN: "0", RATE_LIMIT_GET_PER_MIN: "0" },
    "listener-pages",
  );
});
test.afterAll(async () => {
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

const get = (server: AppServer, path: string, cookie?: string, encoding = "gzip, deflate, br") =>
  fetch(server.origin + path, {
    headers: { "Accept-Encoding": encoding, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
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

test("twelve listeners with different favorites and positions hammer the same pages at once: each answer holds only its own", async () => {
  test.setTimeout(180_000);
  const episodes = await latest();
  const listeners = await Promise.all(Array.from({ length: 12 }, (_, i) => signedInCookie(cached.origin, `leak${i}`)));
  // Listener i saves one episode and stops at a second of their own in another.
  const saved = listeners.map((_, i) => episodes[i % episodes.length]!);
  const stoppedAt = listeners.map((_, i) => 10 + i);
  for (const [i, listener] of listeners.entries()) {
    await favorite(listener, saved[i]!);
    await listened(listener, episodes[(i + 3) % episodes.length]!, stoppedAt[i]!);
  }
  const paths = [
    "/",
    "/eras",
    "/era?station=MLR",
    `/episode?title=${encodeURIComponent(episodes[0]!.title)}`,
    "/search?term=radio",
    dataUrl("/"),
    dataUrl("/era?station=MLR"),
    dataUrl("/search?term=radio"),
  ];
  const encodings = ["br", "gzip", "identity", "gzip, deflate, br"];
  const requests = Array.from({ length: 480 }, (_, n) => ({
    path: paths[n % paths.length]!,
    who: Math.floor(n / paths.length) % (listeners.length + 1),
    encoding: encodings[n % encodings.length]!,
  }));
  const answers = await Promise.all(
    requests.map(async ({ path, who, encoding }) => {
      const r = await get(cached, path, listeners[who]?.cookie, encoding);
      return {
        path,
        who,
        encoding,
        status: r.status,
        cacheControl: r.headers.get("cache-control"),
        text: await r.text(),
      };
    }),
  );
  for (const { path, who, encoding, status, cacheControl, text } of answers) {
    const label = `${path} as ${who} (${encoding})`;
    expect(status, label).toBe(200);
    const own = listeners[who];
    for (const [i, other] of listeners.entries()) {
      if (i === who) continue;
      expect(text, label).not.toContain(other.email);
      expect(text, label).not.toContain(other.cookie.split("=")[1]);
    }
    if (!own) {
      expect(cacheControl, label).toMatch(/^public/);
      expect(text, label).not.toContain(`name="intent" value="remove"`);
      expect(text, label).not.toContain("Continue listening<");
      continue;
    }
    expect(cacheControl, label).toBe("private, no-store");
    expect(text, label).toContain(own.email);
    if (path.includes(".data")) continue;
    const personal = await personalOf(text);
    expect(personal?.user.email, label).toBe(own.email);
    expect(personal?.restore?.sync?.currentTime, label).toBe(stoppedAt[who]);
    // Only the listener's own favorite is pressed (its form removes it), wherever it shows.
    const removable = [
      ...text.matchAll(/name="intent" value="remove"\/><input type="hidden" name="audioSrc" value="([^"]+)"/g),
    ];
    for (const [, src] of removable) expect(src, label).toBe(saved[who]!.audioUrl);
  }
  const home = answers.filter((a) => a.path === "/" && a.who < listeners.length);
  expect(home.every((a) => pressedHearts(a.text) > 0)).toBe(true);
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
