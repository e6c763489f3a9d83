/**
 * Scale-out as deployed (deploy/): two instances with their own DATA_DIR over one PostgreSQL,
 * behind Debian's nginx running the shipped config (round-robin, TLS, one trusted proxy hop).
 * Each instance is also reached directly on its own port, so which one served is known. The
 * stack is the spec's own (tests/e2e/support/scale-out.ts), started once for the file; the tests
 * run in order on it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import tls from "node:tls";
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./support/auth";
import { episodes, newestFirst } from "./support/sample";
import { episodeLink } from "../../app/rules/episodes";
import { NOW_PLAYING_PUSH } from "../../app/rules/now-playing";
import { AUTH_LIMIT_PER_MIN, startScaleOutStack, type ScaleOutStack } from "./support/scale-out";
import type { RootData } from "./support/server-process";
import { favoritesIn, listenerIn, MY_DATA, ROOT_DATA } from "./support/route-data";

test.describe.configure({ mode: "default" });

let stack: ScaleOutStack;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  stack = await startScaleOutStack(Number(new URL(testInfo.project.use.baseURL!).port));
});
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("stack logs", { body: stack?.logs() ?? "" });
});
test.afterAll(async () => {
  await stack?.stop();
});

const episode = newestFirst(episodes)[0]!;
/** A client address of its own (the direct hits act as the trusted proxy). */
const address = () => {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};
const audioTime = (page: Page) =>
  page.evaluate(() => (document.getElementById("global-audio") as HTMLAudioElement).currentTime);

/** An HTTP client with a cookie jar, like a browser: a cookie set on one port goes to all of them. */
async function client(
  playwright: PlaywrightWorkerArgs["playwright"],
  state?: Awaited<ReturnType<APIRequestContext["storageState"]>>,
) {
  return playwright.request.newContext({
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { "X-Forwarded-For": address() },
    maxRedirects: 0,
    storageState: state,
  });
}
const post = (http: APIRequestContext, url: string, form: Record<string, string>) => http.post(url, { form });
async function root(http: APIRequestContext, origin: string): Promise<RootData> {
  const r = await http.get(origin + ROOT_DATA);
  expect(r.status(), origin + ROOT_DATA).toBe(200);
  const listener = await listenerIn(await r.text());
  const favorites = listener ? favoritesIn(await (await http.get(origin + MY_DATA)).text()) : [];
  return { user: listener?.user ?? null, favorites, restore: listener?.restore ?? null };
}
/** Which instance nginx sent each logged request for `path` to. */
const upstreamsOf = (log: string, path: string) =>
  log
    .split("\n")
    .filter((line) => line.includes(`"GET ${path}`))
    .map((line) => /upstream=(\S+)/.exec(line)?.[1]);
const hostOf = (origin: string) => new URL(origin).host;
/** Gone or a zombie: the kernel has closed every socket of a killed process. */
const dead = (pid: number) => {
  try {
    return /^\d+ \(.*\) [ZX]/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
};

test("the shipped nginx config: HTTPS round-robin over both instances, HTTP redirected, nothing kept per instance", async ({
  request,
}) => {
  // Four addresses of the page, so that nginx's micro-cache answers none of them.
  const path = `/about?probe=${crypto.randomBytes(4).toString("hex")}`;
  for (let i = 0; i < 4; i++) {
    const r = await request.get(`${stack.site}${path}-${i}`);
    expect(r.status()).toBe(200);
    expect(await r.text()).toContain("</html>");
  }
  await expect.poll(() => upstreamsOf(stack.accessLog(), path).length).toBe(4);
  expect(upstreamsOf(stack.accessLog(), path).sort()).toEqual(
    [...stack.instances, ...stack.instances].map(hostOf).sort(),
  );

  const plain = await request.get(`${stack.plainSite}/about`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toBe("https://127.0.0.1/about");

  for (const origin of stack.instances) expect((await request.get(`${origin}/healthz`)).status()).toBe(200);
  expect(stack.errorLog(), "nginx's error log").not.toMatch(/\[(error|crit|alert|emerg)\]/);
  // Everything lives in PostgreSQL: an instance's DATA_DIR stays empty.
  for (const dir of stack.dataDirs) expect(fs.readdirSync(dir)).toEqual([]);
});

test("nginx's micro-cache: a second anonymous request is a HIT with the same bytes; a signed-in one never is", async ({
  playwright,
}) => {
  const anonymous = await client(playwright);
  const page = `/about?cached=${crypto.randomBytes(4).toString("hex")}`;
  const first = await anonymous.get(`${stack.site}${page}`);
  expect(first.headers()["x-cache-status"]).toBe("MISS");
  expect(first.headers()["cache-control"]).toContain("s-maxage=");
  const second = await anonymous.get(`${stack.site}${page}`);
  expect(second.headers()["x-cache-status"]).toBe("HIT");
  expect(await second.body()).toEqual(await first.body());
  expect(second.headers().etag).toBe(first.headers().etag);
  // Another encoding class is a copy of its own, kept as the app compressed it.
  const gzipped = () => anonymous.get(`${stack.site}${page}`, { headers: { "Accept-Encoding": "gzip, deflate" } });
  expect((await gzipped()).headers()["x-cache-status"]).toBe("MISS");
  const gzipHit = await gzipped();
  expect(gzipHit.headers()["x-cache-status"]).toBe("HIT");
  expect(gzipHit.headers()["content-encoding"]).toBe("gzip");
  expect(await gzipHit.text()).toBe(await first.text());

  // A signed-in listener asking for the same address gets their own page, and it is never stored.
  const member = await client(playwright);
  const email = uniqueEmail("cache");
  const [a] = stack.instances as [string];
  expect((await post(member, `${a}/signup`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  expect((await post(member, `${a}/signin`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  for (let i = 0; i < 2; i++) {
    const mine = await member.get(`${stack.site}${page}`);
    expect(mine.headers()["x-cache-status"]).toBe("BYPASS");
    expect(mine.headers()["cache-control"]).toBe("private, no-store");
    expect(await mine.text()).not.toBe(await first.text());
    const data = await member.get(stack.site + ROOT_DATA);
    expect(data.headers()["x-cache-status"]).toBe("BYPASS");
    expect(await listenerIn(await data.text())).not.toBeNull();
  }
  const again = await anonymous.get(`${stack.site}${page}`);
  expect(again.headers()["x-cache-status"]).toBe("HIT");
  expect(await again.body()).toEqual(await first.body());
  // A POST is never answered from the cache.
  const form = await anonymous.post(`${stack.site}${page}`, { form: {} });
  expect(form.headers()["x-cache-status"]).not.toBe("HIT");
  await Promise.all([anonymous.dispose(), member.dispose()]);
});

test("nginx keeps now-playing one second and never serves it stale", async ({ request }) => {
  const nowPlaying = () => request.get(`${stack.site}/api/now-playing`);
  const first = await nowPlaying();
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("public, max-age=1, s-maxage=1");
  // Asked again and again: the cached copy expires and is fetched anew, never handed out stale.
  const statuses = new Set<string>();
  await expect
    .poll(async () => {
      const status = (await nowPlaying()).headers()["x-cache-status"]!;
      statuses.add(status);
      return status;
    })
    .toBe("EXPIRED");
  expect([...statuses].filter((s) => !["MISS", "HIT", "EXPIRED"].includes(s))).toEqual([]);
});

test("the push stream of now-playing passes nginx as it comes: two at once, each event while it is open, never cached", async () => {
  // Held open by the app: each stream is read until its first event, then let go.
  const firstEvent = () =>
    new Promise<{ headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const req = https.get(`${stack.site}${NOW_PLAYING_PUSH.path}`, { rejectUnauthorized: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          if (!text.includes("\ndata: ")) return;
          resolve({ headers: { status: res.statusCode, ...res.headers }, text });
          req.destroy();
        });
        res.on("end", () => reject(new Error(`ended before an event: ${text}`)));
      });
      // Let go after the first event: a settled promise ignores the error that follows.
      req.on("error", reject);
    });
  const streams = await Promise.all([firstEvent(), firstEvent()]);
  for (const { headers, text } of streams) {
    expect(headers.status).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream");
    expect(headers["x-cache-status"], "the micro-cache never sees it").toBeUndefined();
    expect(JSON.parse(/^data: (.*)$/m.exec(text)![1]!)).toMatchObject({ title: expect.any(String) });
  }
});

test("nginx serves /build from disk with the precompressed gzip twin and the app's immutable headers", async ({
  request,
}) => {
  const html = await (await request.get(`${stack.site}/about`)).text();
  const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
  expect(asset, "a script of the build in the page").toBeTruthy();
  const onDisk = `public${asset}`;
  const gzipped = await request.get(`${stack.site}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzipped.status()).toBe(200);
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
  expect(gzipped.headers()["content-type"]).toBe("application/javascript");
  expect(Number(gzipped.headers()["content-length"])).toBe(fs.statSync(`${onDisk}.gz`).size);
  expect(gzipped.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(gzipped.headers()["x-content-type-options"]).toBe("nosniff");
  expect(gzipped.headers().vary).toBe("Accept-Encoding");
  const plain = await request.get(`${stack.site}${asset}`, { headers: { "Accept-Encoding": "identity" } });
  expect(await plain.body()).toEqual(fs.readFileSync(onDisk));
  // No instance was asked: nginx's log names no upstream for them.
  await expect.poll(() => upstreamsOf(stack.accessLog(), asset!).length).toBe(2);
  expect(upstreamsOf(stack.accessLog(), asset!)).toEqual(["-", "-"]);
});

test("a client's X-Forwarded-Host never names the site: not in a feed, a page or the sitemap, nor in the copy nginx keeps for the next listener", async ({
  request,
}) => {
  const theirs = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };
  for (const page of ["/rss", `/episode?title=${encodeURIComponent(episode.title)}`, "/sitemap.xml"]) {
    const asked = await request.get(stack.site + page, { headers: theirs });
    expect(asked.status(), page).toBe(200);
    expect(await asked.text(), page).not.toContain("evil.example");
    const next = await request.get(stack.site + page);
    const body = await next.text();
    expect(body, `${page}, asked again`).not.toContain("evil.example");
    expect(body, page).toContain(stack.site);
  }
  // nginx sends its own: the app, trusting one hop, would answer a malformed one 400.
  const junk = await request.get(`${stack.site}/about?forwarded=${crypto.randomBytes(4).toString("hex")}`, {
    headers: { "X-Forwarded-Host": "evil.example:99999" },
  });
  expect(junk.status()).toBe(200);
});

test("one address holds at most 64 connections at nginx, finished or not: past them each is closed at once", async ({
  request,
}) => {
  const CAP = 64;
  const { port } = new URL(stack.site);
  const unfinished = [
    "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: half a header",
    "POST /signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 900\r\n\r\nemail=",
  ];
  const open = new Set<tls.TLSSocket>();
  const sockets = Array.from({ length: 300 }, (_, i) => {
    const socket = tls.connect({ port: Number(port), host: "127.0.0.1", rejectUnauthorized: false });
    socket.once("secureConnect", () => socket.write(unfinished[i % 6 === 0 ? 1 : 0]!));
    socket.on("error", () => {});
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    return socket;
  });
  try {
    await new Promise((r) => setTimeout(r, 1_500));
    // Every other connection of this address (earlier tests' kept-alive ones) counts too.
    expect(open.size).toBeLessThanOrEqual(CAP);
    expect(open.size).toBeGreaterThan(CAP / 2);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  await expect.poll(async () => (await request.get(`${stack.site}/healthz/live`)).status()).toBe(200);
  expect(stack.errorLog(), "refusals are warnings").not.toMatch(/\[(error|crit|alert|emerg)\]/);
});

test("in the browser: signed in through nginx, the session, a favorite and the resume position follow the listener to either instance; logout on one revokes on the other", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const [a, b] = stack.instances as [string, string];
  const account = await signUp(page);
  await signIn(page, account.email, account.password);
  const hof = page.getByRole("heading", { name: /^H\.O\.F: / });
  for (const origin of [a, b]) {
    await page.goto(`${origin}/user`);
    await expect(hof).toBeVisible();
  }

  // A favorite added on A is listed by B. The hearts' code comes after the load event; pressed
  // before it, a heart is a plain form (the page reloads), which is not what this checks.
  await page.goto(`${a}/`);
  await page.waitForLoadState("networkidle");
  const latest = page.getByRole("list", { name: "Latest Episodes" });
  const heart = latest.getByRole("button", { name: /^Add .* to favorites$/ }).first();
  const title = (await heart.getAttribute("aria-label"))!.replace(/^Add (.*) to favorites$/, "$1");
  // The heart turns at once; the write is done when A has answered.
  const added = page.waitForResponse((r) => r.url().startsWith(`${a}/favorites`) && r.request().method() === "POST");
  await heart.click();
  expect((await added).status()).toBe(200);
  await expect(latest.getByRole("button", { name: `Remove ${title} from favorites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto(`${b}/user`);
  const favorites = page.getByRole("list", { name: "My Favorites" });
  await expect(favorites.getByRole("link", { name: title, exact: true })).toBeVisible();

  // Played on A and paused (the pause saves the position there); B offers it at that position.
  await page.goto(`${a}/user`);
  await favorites.getByRole("button", { name: `Play ${title}` }).click();
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  const saved = page.waitForResponse((r) => r.url() === `${a}/api/progress` && r.request().method() === "POST");
  await page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Pause" }).click();
  const at = await audioTime(page);
  expect((await saved).status()).toBe(200);
  // B's origin has no local player state of its own: what it offers comes from the database.
  await page.goto(`${b}/`);
  const bar = page.getByRole("region", { name: "Player" });
  await expect(bar.getByText(title, { exact: true })).toBeVisible();
  const seek = bar.getByRole("slider", { name: "Seek" });
  await expect.poll(async () => Number(await seek.inputValue())).toBeGreaterThanOrEqual(Math.floor(at) - 1);
  expect(Number(await seek.inputValue())).toBeLessThanOrEqual(Math.ceil(at) + 1);

  // A second browser holding the same session cookie: signed in on B until the listener logs out on A.
  const copied = await page.context().cookies();
  const other = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    await other.addCookies(copied);
    const replay = await other.newPage();
    await replay.goto(`${b}/user`);
    await expect(replay.getByRole("heading", { name: /^H\.O\.F: / })).toBeVisible();

    await page.goto(`${a}/user`);
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(`${a}/`);
    for (const origin of [b, stack.site]) {
      await replay.goto(`${origin}/user`);
      await expect(replay).toHaveURL(/\/signin\?/);
    }
  } finally {
    await other.close();
  }
});

test("over HTTP: a session from one instance holds on the other and through nginx; favorites and progress written on one are read on the other; logout on one revokes on the other", async ({
  playwright,
}) => {
  const [a, b] = stack.instances as [string, string];
  const http = await client(playwright);
  const email = uniqueEmail("scale-out");
  expect((await post(http, `${a}/signup`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  expect((await root(http, a)).user, "signed out before signing in").toBeNull();
  const signedIn = await post(http, `${b}/signin`, { email, password: PASSWORD, website: "", redirectTo: "/" });
  expect(signedIn.status()).toBe(302);

  const onA = await root(http, a);
  expect(onA.user).not.toBeNull();
  const favorite = await post(http, `${b}/favorites`, {
    intent: "add",
    audioSrc: episode.EpisodeUrl,
    title: episode.title,
    duration: String(episode.EpisodeDuration),
    js: "1",
  });
  expect(favorite.status()).toBe(200);
  expect((await root(http, a)).favorites).toEqual([episode.EpisodeUrl]);

  const progress = await http.post(`${a}/api/progress`, {
    data: {
      AudioTitle: episode.title,
      AudioSrc: episode.EpisodeUrl,
      Duration: episode.EpisodeDuration,
      currentTime: 42,
      at: Date.now(),
    },
  });
  expect(progress.status()).toBe(200);
  expect((await root(http, b)).restore?.sync).toMatchObject({ AudioSrc: episode.EpisodeUrl, currentTime: 42 });

  // Through nginx (round-robin: consecutive requests alternate between the instances).
  for (let i = 0; i < 4; i++) {
    const data = await root(http, stack.site);
    expect(data.user?.id).toBe(onA.user!.id);
    expect(data.favorites).toEqual([episode.EpisodeUrl]);
    expect(data.restore?.sync?.currentTime).toBe(42);
  }

  const before = await http.storageState();
  expect((await post(http, `${b}/logout`, {})).status()).toBe(302);
  const replay = await client(playwright, before);
  for (const origin of [a, b, stack.site, stack.site]) {
    expect((await root(replay, origin)).user, `the logged-out session on ${origin}`).toBeNull();
  }
  await Promise.all([http.dispose(), replay.dispose()]);
});

test("the sign-in limit is one budget across instances, keyed on the address nginx saw", async ({ request }) => {
  const [a, b] = stack.instances as [string, string];
  /** The cheapest sign-in attempt: the honeypot filled in (refused before any password check). */
  const botSignIn = (origin: string, from: string): Promise<APIResponse> =>
    request.post(`${origin}/signin`, {
      form: { email: "bot@example.com", password: "x", website: "http://spam.example" },
      headers: { "X-Forwarded-For": from },
      maxRedirects: 0,
    });
  const remaining = (r: APIResponse) => Number(/remaining=(\d+)/.exec(r.headers().ratelimit ?? "")?.[1]);

  const from = address();
  for (let i = 0; i < AUTH_LIMIT_PER_MIN; i++) {
    const r = await botSignIn(i % 2 ? b : a, from);
    expect(r.status(), `attempt ${i + 1}`).toBe(401);
    expect(remaining(r), `what is left after attempt ${i + 1}, whichever instance answered`).toBe(
      AUTH_LIMIT_PER_MIN - 1 - i,
    );
  }
  for (const origin of [a, b]) expect((await botSignIn(origin, from)).status(), origin).toBe(429);
  for (const origin of [a, b]) expect((await botSignIn(origin, address())).status(), origin).toBe(401);
  // Through nginx the address a client claims is not its own: nginx appends the one it saw.
  expect((await botSignIn(stack.site, from)).status()).toBe(401);
});

test("a PostgreSQL restart is survived: pages, sessions and writes work again on both instances, without restarting them", async ({
  playwright,
  page,
}) => {
  test.setTimeout(60_000);
  const [a, b] = stack.instances as [string, string];
  const http = await client(playwright);
  const email = uniqueEmail("restart");
  expect((await post(http, `${a}/signup`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  expect((await post(http, `${a}/signin`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  expect((await root(http, b)).user).not.toBeNull();

  const anonymous = await client(playwright);
  for (const origin of [a, b]) expect((await anonymous.get(`${origin}/about`)).status()).toBe(200);

  stack.postgres.stop();
  // While it is down: pages seen before come from the cache; others, /healthz and sign-in say
  // so with a 503 and a clear message, never a 500 or the database's error.
  for (const origin of [a, b, stack.site]) expect((await anonymous.get(`${origin}/about`)).status(), origin).toBe(200);
  const unseen = await anonymous.get(`${stack.site}/search?term=${crypto.randomBytes(4).toString("hex")}`);
  expect(unseen.status()).toBe(503);
  expect(unseen.headers()["retry-after"]).toMatch(/^\d+$/);
  const unseenText = await unseen.text();
  expect(unseenText).toContain("can't be reached right now");
  expect(unseenText).not.toMatch(/ECONNREFUSED|ECONNRESET|terminating connection|database system/);
  const health = await anonymous.get(`${a}/healthz`);
  expect(health.status()).toBe(503);
  expect(await health.json()).toEqual({
    ok: false,
    ready: false,
    checks: { database: "down", passwords: "ok", renders: "ok" },
  });
  const signInDown = await post(anonymous, `${b}/signin`, { email, password: PASSWORD, website: "" });
  expect(signInDown.status()).toBe(503);
  expect(await signInDown.text()).toContain("Sign-in is not available right now");
  stack.postgres.start();

  const statuses = async () => {
    const answers = await Promise.all([
      http.get(`${stack.site}/`),
      http.get(`${stack.site}/about`),
      ...[a, b].map((origin) => http.get(origin + ROOT_DATA)),
    ]);
    return Promise.all(
      answers.map(async (r) =>
        r.url().endsWith(ROOT_DATA) && r.ok() ? (await listenerIn(await r.text())) !== null : r.status(),
      ),
    );
  };
  await expect.poll(statuses, { timeout: 20_000 }).toEqual([200, 200, true, true]);

  const favorite = await post(http, `${a}/favorites`, {
    intent: "add",
    audioSrc: episode.EpisodeUrl,
    title: episode.title,
    duration: String(episode.EpisodeDuration),
    js: "1",
  });
  expect(favorite.status()).toBe(200);
  expect((await root(http, b)).favorites).toEqual([episode.EpisodeUrl]);
  await anonymous.dispose();

  // In the browser, with that session, through nginx.
  await page.context().addCookies((await http.storageState()).cookies);
  await page.goto(`${stack.site}/user`);
  await expect(
    page.getByRole("list", { name: "My Favorites" }).getByRole("link", { name: episode.title, exact: true }),
  ).toBeVisible();
  await http.dispose();
});

test("an instance killed with -9 under load: nginx routes around it at once and its supervisor starts it again, alone", async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  const [a, b] = stack.instances as [string, string];
  const [victim, survivor] = stack.instancePids();
  expect(victim).toBeGreaterThan(0);
  expect(survivor).toBeGreaterThan(0);

  // A listener whose player writes its position through nginx while pages are read.
  const writer = await client(playwright);
  const email = uniqueEmail("kill");
  expect((await post(writer, `${a}/signup`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  expect((await post(writer, `${a}/signin`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
  const reader = await client(playwright);

  interface Answer {
    method: string;
    start: number;
    end: number;
    status: number;
  }
  const answers: Answer[] = [];
  let loading = true;
  // Paced (about 50 reads and 5 writes a second), so nginx's address stays inside the app's
  // per-address limits however long the restart takes.
  const load = async (method: "GET" | "POST", pauseMs: number, send: (i: number) => Promise<APIResponse>) => {
    for (let i = 0; loading; i++) {
      const start = performance.now();
      const status = await send(i)
        .then((r) => r.status())
        .catch(() => 0);
      answers.push({ method, start, end: performance.now(), status });
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const workers = [
    ...[0, 1, 2].map((w) => load("GET", 60, (i) => reader.get(`${stack.site}/about?load=${w}-${i}`))),
    load("POST", 200, (i) =>
      writer.post(`${stack.site}/api/progress`, {
        data: {
          AudioTitle: episode.title,
          AudioSrc: episode.EpisodeUrl,
          Duration: episode.EpisodeDuration,
          currentTime: i,
          at: Date.now(),
        },
      }),
    ),
  ];
  await expect.poll(() => answers.filter((r) => r.status === 200).length).toBeGreaterThan(20);

  process.kill(victim!, "SIGKILL");
  // Until the kernel has torn the process down (milliseconds, more on a busy machine) its
  // listening socket still accepts: a request taken meanwhile was in flight there.
  while (!dead(victim!)) await new Promise((r) => setTimeout(r, 2));
  const killedAt = performance.now();
  // Back by itself, as a new process; the other instance is the same one, never restarted.
  await expect
    .poll(async () => (await reader.get(`${a}/healthz`).catch(() => null))?.status(), { timeout: 30_000 })
    .toBe(200);
  const backAt = performance.now();
  const [restarted, still] = stack.instancePids();
  expect(restarted).not.toBe(victim);
  expect(still).toBe(survivor);
  // nginx sends it requests again.
  const logged = stack.accessLog().length;
  const servedBy = () =>
    stack
      .accessLog()
      .slice(logged)
      .split("\n")
      .filter((line) => line.includes('"GET /about?load='))
      .map((line) => /upstream=(\S+)/.exec(line)?.[1]);
  await expect.poll(() => servedBy().includes(hostOf(a)), { timeout: 15_000 }).toBe(true);
  loading = false;
  await Promise.all(workers);
  await Promise.all([writer.dispose(), reader.dispose()]);

  const failed = answers.filter((r) => r.status !== 200);
  const after = answers.filter((r) => r.start > killedAt);
  // Only a request already in flight on the killed instance may fail; none sent afterwards does.
  for (const r of failed)
    expect(r.start, `a ${r.method} that failed (${r.status}) was sent after the kill`).toBeLessThan(killedAt);
  expect(after.filter((r) => r.method === "POST").length).toBeGreaterThan(0);
  expect(after.filter((r) => r.status !== 200)).toEqual([]);
  const served = answers
    .filter((r) => r.status === 200)
    .map((r) => r.end)
    .sort((x, y) => x - y);
  const longestGap = Math.max(...served.slice(1).map((end, i) => end - served[i]!));
  const count = (method: string) => answers.filter((r) => r.method === method).length;
  console.log(
    `kill -9 under load: ${count("GET")} reads and ${count("POST")} writes through nginx, ${failed.length} failed, ` +
      `longest gap between answers ${Math.round(longestGap)} ms, the instance back after ${Math.round(backAt - killedAt)} ms; ${b} untouched`,
  );
});

test("both instances killed at once: nginx serves again as soon as they are back, never waiting out a fail_timeout", async ({
  request,
}) => {
  test.setTimeout(60_000);
  for (const pid of stack.instancePids()) process.kill(pid, "SIGKILL");
  // While both are down nginx has nowhere to send a request: its own 502, counted against both.
  expect((await request.get(`${stack.site}/about?down=1`)).status()).toBe(502);
  expect((await request.get(`${stack.site}/about?down=2`)).status()).toBe(502);
  for (const origin of stack.instances) {
    await expect
      .poll(async () => (await request.get(`${origin}/healthz`).catch(() => null))?.status(), { timeout: 30_000 })
      .toBe(200);
  }
  for (let i = 0; i < 4; i++)
    expect((await request.get(`${stack.site}/about?up=${i}`)).status(), `request ${i + 1}`).toBe(200);
});

test("a PostgreSQL restart under signed-in load: no 401, no redirect to /signin, no cookie cleared; every position the player sent and the favorite added meanwhile are stored", async ({
  playwright,
  page,
}) => {
  test.setTimeout(90_000);
  const [a, b] = stack.instances as [string, string];
  const signedIn = async () => {
    const http = await client(playwright);
    const email = uniqueEmail("blip");
    expect((await post(http, `${a}/signup`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
    expect((await post(http, `${a}/signin`, { email, password: PASSWORD, website: "" })).status()).toBe(302);
    return http;
  };
  // The player's listener, in the browser through nginx; every position it sends and every answer.
  const player = await signedIn();
  await page.context().addCookies((await player.storageState()).cookies);
  const sent: number[] = [];
  const answers: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/progress") && r.method() === "POST")
      sent.push(JSON.parse(r.postData() ?? "{}").currentTime);
  });
  page.on("response", (r) => {
    if (r.url().endsWith("/api/progress") && r.request().method() === "POST") answers.push(r.status());
  });
  await page.goto(`${stack.site}${episodeLink(episode.title)}`);
  await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${episode.title}` })
    .click();
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  // Another listener's load on both instances and through nginx: pages, root data, positions.
  const http = await signedIn();
  const seen: {
    what: string;
    status: number;
    location?: string;
    cookie?: string;
    retryAfter?: string;
    position?: number;
  }[] = [];
  let loading = true;
  // One count for every position written: a later one is newer (its `at` too), whichever answers first.
  const start = Date.now();
  let written = 0;
  const loop = async (origin: string) => {
    while (loading) {
      const position = ++written;
      const requests = [
        ["page", () => http.get(`${origin}/user`)],
        ["root data", () => http.get(origin + ROOT_DATA)],
        [
          "position",
          () =>
            http.post(`${origin}/api/progress`, {
              data: {
                AudioTitle: episode.title,
                AudioSrc: episode.EpisodeUrl,
                Duration: 60,
                currentTime: position,
                at: start + position,
              },
            }),
        ],
      ] as const;
      for (const [what, request] of requests) {
        const r = await request();
        seen.push({
          what: `${what} ${origin}`,
          status: r.status(),
          location: r.headers().location,
          cookie: r.headers()["set-cookie"],
          retryAfter: r.headers()["retry-after"],
          position: what === "position" ? position : undefined,
        });
      }
    }
  };
  const load = Promise.all([a, b, stack.site].map(loop));
  await expect.poll(() => seen.length).toBeGreaterThanOrEqual(9);

  stack.postgres.stop();
  // While it is down the listener pauses, plays on and pauses again: two positions to keep.
  const bar = page.getByRole("region", { name: "Player" });
  await bar.getByRole("button", { name: "Pause" }).click();
  await expect.poll(() => answers.includes(503), { message: "a position refused while down" }).toBe(true);
  await bar.getByRole("button", { name: "Play" }).click();
  const resumedAt = await audioTime(page);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(resumedAt + 0.5);
  await bar.getByRole("button", { name: "Pause" }).click();
  await expect.poll(() => answers.filter((s) => s === 503).length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => seen.filter((s) => s.status === 503).length).toBeGreaterThanOrEqual(3);
  // A favorite added while it is down: refused for now, kept, and the heart shows it.
  const main = page.getByRole("main");
  const refused = page.waitForResponse((r) => r.url().endsWith("/favorites") && r.request().method() === "POST");
  await main.getByRole("button", { name: `Add ${episode.title} to favorites` }).click();
  expect((await refused).status()).toBe(503);
  await expect(main.getByRole("button", { name: `Remove ${episode.title} from favorites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  stack.postgres.start();
  const restarted = seen.length;
  await expect.poll(() => seen.slice(restarted).filter((s) => s.status === 200).length).toBeGreaterThanOrEqual(9);
  loading = false;
  await load;

  // Nobody was signed out: every answer a 200 or a 503 (with Retry-After), never a 401, a
  // redirect or a cleared cookie.
  expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
  expect(seen.filter((s) => s.location || s.cookie)).toEqual([]);
  expect(seen.filter((s) => s.status === 503 && !/^\d+$/.test(s.retryAfter ?? ""))).toEqual([]);
  expect(answers.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  // The load's newest stored position is its newest acknowledged one.
  const acknowledged = Math.max(...seen.filter((s) => s.position && s.status === 200).map((s) => s.position!));
  expect((await root(http, a)).restore?.sync?.currentTime).toBe(acknowledged);

  // The player sent its last position again until it was stored, and keeps nothing unsent.
  const last = sent.at(-1)!;
  await expect.poll(async () => (await root(player, b)).restore?.sync?.currentTime, { timeout: 30_000 }).toBe(last);
  await expect.poll(async () => (await root(player, a)).favorites).toEqual([episode.EpisodeUrl]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("hrs:pending-writes"))).toBe("[]");
  expect(answers.at(-1)).toBe(200);
  expect(page.url()).not.toMatch(/\/signin/);
  await expect(bar.getByText(/You were signed out/)).toHaveCount(0);
  await player.dispose();
  await http.dispose();
});
