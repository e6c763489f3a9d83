/**
 * Durability: nothing acknowledged is lost when the server is killed (-9) in the middle
 * of writes (SQLite WAL), a graceful restart keeps the listener's place, SIGTERM under load lets
 * every request in flight finish and closes the database cleanly, and the player saves the
 * position on pause and when the tab closes. HTTP-level against a spec-owned server process
 * (tests/e2e/support/server-process.ts) except where a browser is the point; desktop-js only,
 * and not in the remote pass (these are properties of the embedded store).
 */
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { asListener, clientAddress, PASSWORD, signedInCookie, uniqueEmail } from "./support/auth";
import { listenerIn, ROOT_DATA } from "./support/route-data";
import { audio, expectPlaying, openReady, playerButton } from "./support/player";
import { episodes, newestFirst } from "./support/sample";
import { DB_FILE, freshDataDir, rootData, startServerProcess, type ServerProcess } from "./support/server-process";
import { episodeLink } from "../../app/rules/episodes";

const distinctEpisodes = newestFirst(episodes).filter(
  (e, i, all) => all.findIndex((x) => x.EpisodeUrl === e.EpisodeUrl) === i,
);
const [episode, other] = distinctEpisodes;
/** The n-th write's favorite: an episode of the catalog (only those can be), the few of the sample in turn. */
const nthEpisode = (n: number) => distinctEpisodes[n % distinctEpisodes.length]!;

const servers: ServerProcess[] = [];
const dirs: string[] = [];
test.afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.signal("SIGKILL");
    await s.exited;
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
async function start(dataDir: string) {
  const s = await startServerProcess(dataDir);
  servers.push(s);
  return s;
}
function dataDir() {
  const d = freshDataDir();
  dirs.push(d);
  return d;
}

/** A same-origin write as the page sends it: the listener's cookie, the site's Origin, a client address. */
function writeHeaders(origin: string, cookie: string, type: "form" | "json") {
  return {
    Cookie: cookie,
    Origin: origin,
    "X-Forwarded-For": clientAddress(),
    "Content-Type": type === "form" ? "application/x-www-form-urlencoded" : "application/json",
  };
}
const favoriteForm = (intent: "add" | "remove", audioSrc: string, title = "") =>
  new URLSearchParams(
    intent === "add" ? { intent, audioSrc, title, duration: "60", js: "1" } : { intent, audioSrc, js: "1" },
  ).toString();
const progressBody = (currentTime: number, at: number) =>
  JSON.stringify({
    AudioTitle: episode!.title,
    AudioSrc: episode!.EpisodeUrl,
    Duration: episode!.EpisodeDuration,
    currentTime,
    at,
  });

/** Files of the database (main file, -wal, -shm) that exist, with their sizes. */
function dbFiles(dir: string): Record<string, number> {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.startsWith(DB_FILE))
      .map((f) => [f, fs.statSync(path.join(dir, f)).size]),
  );
}
function integrity(file: string): string {
  const db = new Database(file);
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}

/** A new listener signed up and in by the page's own request context (its cookie jar). */
async function signUpAndIn(page: Page, prefix: string): Promise<void> {
  await asListener(page);
  const email = uniqueEmail(prefix);
  for (const [action, fields] of [
    ["/signup", { email, password: PASSWORD, website: "" }],
    ["/signin", { email, password: PASSWORD, website: "", redirectTo: "/" }],
  ] as const) {
    const res = await page.request.post(action, {
      form: fields,
      headers: { "X-Forwarded-For": clientAddress() },
      maxRedirects: 0,
    });
    expect(res.status(), action).toBe(302);
  }
}

test("kill -9 in the middle of writes: every acknowledged favorite and position is there after a restart, the database is intact, the session still works", async () => {
  const dir = dataDir();
  let server = await start(dir);
  const { cookie } = await signedInCookie(server.origin, "durable");
  const origin = server.origin;
  const base = Date.now();

  const ackedFavorites: string[] = [];
  let ackedPosition = 0;
  let acked = 0;
  let outstanding = 0;
  let outstandingAtKill = -1;
  let killed = false;
  const refusedBeforeKill: string[] = [];
  let seq = 0;
  const writer = async () => {
    while (!killed) {
      const n = ++seq;
      const progress = n % 2 === 0;
      const src = nthEpisode(n).EpisodeUrl;
      outstanding++;
      try {
        const res = progress
          ? await fetch(`${origin}/api/progress`, {
              method: "POST",
              headers: writeHeaders(origin, cookie, "json"),
              body: progressBody(n, base + n),
            })
          : await fetch(`${origin}/favorites`, {
              method: "POST",
              headers: writeHeaders(origin, cookie, "form"),
              body: favoriteForm("add", src, nthEpisode(n).title),
            });
        outstanding--;
        if (res.status === 200) {
          // The write is committed before the answer is sent: acknowledged.
          if (progress) ackedPosition = Math.max(ackedPosition, n);
          else ackedFavorites.push(src);
          acked++;
        } else if (!killed) {
          refusedBeforeKill.push(`${progress ? "progress" : "favorite"} ${n}: ${res.status}`);
        }
        await res.arrayBuffer().catch(() => undefined);
      } catch {
        outstanding--; // cut by the kill: not acknowledged, may or may not have landed
      }
    }
  };
  // The kill: once 60 writes are acknowledged, at a moment when at least 3 are sent and unanswered.
  const trigger = setInterval(() => {
    if (killed || acked < 60 || outstanding < 3) return;
    outstandingAtKill = outstanding;
    killed = true;
    server.signal("SIGKILL");
  }, 2);
  await Promise.all(Array.from({ length: 8 }, writer)).finally(() => clearInterval(trigger));
  expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
  expect(refusedBeforeKill).toEqual([]);
  expect(outstandingAtKill, "writes were in flight when the server was killed").toBeGreaterThanOrEqual(3);
  expect(ackedFavorites.length).toBeGreaterThanOrEqual(20);
  expect(ackedPosition).toBeGreaterThan(0);

  // The acknowledged writes live in the write-ahead log (not yet checkpointed): the restart
  // has to recover them from it. A copy of the files opens and passes the integrity check.
  const files = dbFiles(dir);
  expect(files[`${DB_FILE}-wal`] ?? 0, `database files after the kill: ${JSON.stringify(files)}`).toBeGreaterThan(0);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-e2e-durability-copy-"));
  dirs.push(copy);
  for (const f of Object.keys(files)) fs.copyFileSync(path.join(dir, f), path.join(copy, f));
  expect(integrity(path.join(copy, DB_FILE))).toBe("ok");

  server = await start(dir);
  const data = await rootData(server.origin, cookie);
  expect(data.user, "the session survives the crash").not.toBeNull();
  const missing = ackedFavorites.filter((src) => !data.favorites.includes(src));
  expect(missing, "acknowledged favorites missing after the crash").toEqual([]);
  expect(data.restore?.sync?.AudioSrc).toBe(episode!.EpisodeUrl);
  expect(data.restore?.sync?.currentTime).toBeGreaterThanOrEqual(ackedPosition);
  const profile = await fetch(`${server.origin}/user`, {
    headers: { Cookie: cookie, "X-Forwarded-For": clientAddress() },
    redirect: "manual",
  });
  expect(profile.status).toBe(200);
});

/**
 * A request the server has certainly started on: headers sent with Expect: 100-continue, and
 * the server's 100 Continue received; the body follows only when `finish` is called.
 */
async function heldRequest(origin: string, pathName: string, headers: Record<string, string>, body: string) {
  const url = new URL(pathName, origin);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    agent: new http.Agent({ keepAlive: true }),
    headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)), Expect: "100-continue" },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on("error", reject);
  });
  answer.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    req.once("continue", resolve);
    req.once("error", reject);
  });
  return {
    finish() {
      req.end(body);
      return answer;
    },
  };
}

test("SIGTERM under load: requests in flight finish 2xx/3xx, the process exits 0, the database is closed cleanly; after the restart every acknowledged write is there and the player resumes at the stored position", async ({
  browser,
}) => {
  const dir = dataDir();
  let server = await start(dir);
  const { cookie } = await signedInCookie(server.origin, "durable");
  const origin = server.origin;

  // Two writes the server is in the middle of when the signal arrives (their bodies follow it).
  const heldFavorite = await heldRequest(
    origin,
    "/favorites",
    writeHeaders(origin, cookie, "form"),
    favoriteForm("add", other!.EpisodeUrl, other!.title),
  );
  // (Its capture time is the latest, so no write of the load overrides it.)
  const heldPosition = 21.5;
  const heldProgress = await heldRequest(
    origin,
    "/api/progress",
    writeHeaders(origin, cookie, "json"),
    progressBody(heldPosition, Date.now()),
  );

  // Load: public pages and signed-in actions from 12 clients, each a kept-alive connection.
  const anon = (p: string) => () => fetch(origin + p, { headers: { "X-Forwarded-For": clientAddress() } });
  const signedInGet = (p: string) => () =>
    fetch(origin + p, { headers: { Cookie: cookie, "X-Forwarded-For": clientAddress() } });
  const ackedFavorites = new Set<string>();
  let n = 0;
  const mix: Array<() => Promise<Response>> = [
    anon("/"),
    anon(episodeLink(episode!.title)),
    anon(`/era?station=${encodeURIComponent(episode!.era)}`),
    anon("/search?term=radio"),
    signedInGet("/"),
    signedInGet("/user"),
    async () => {
      const { EpisodeUrl: src, title } = nthEpisode(++n);
      const res = await fetch(`${origin}/favorites`, {
        method: "POST",
        headers: writeHeaders(origin, cookie, "form"),
        body: favoriteForm("add", src, title),
      });
      if (res.status === 200) ackedFavorites.add(src);
      return res;
    },
    () =>
      fetch(`${origin}/favorites`, {
        method: "POST",
        headers: writeHeaders(origin, cookie, "form"),
        body: favoriteForm("remove", `/media/audio/never-added-${++n}.mp3`),
      }),
    () =>
      fetch(`${origin}/api/progress`, {
        method: "POST",
        headers: writeHeaders(origin, cookie, "json"),
        body: progressBody(++n, Date.now() - 3_600_000),
      }),
  ];
  let signalAt = 0;
  let answered = 0;
  const bad: string[] = [];
  let answeredAfterSignal = 0;
  const notAnswered: Record<string, number> = {};
  let reachedLoad: () => void;
  const loaded = new Promise<void>((r) => (reachedLoad = r));
  const client = async (i: number) => {
    for (let k = i; ; k++) {
      try {
        const res = await mix[k % mix.length]!();
        await res.arrayBuffer();
        answered++;
        if (signalAt) answeredAfterSignal++;
        if (res.status >= 400) bad.push(`${res.url}: ${res.status}`);
        if (answered === 60) reachedLoad();
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        const code = cause?.code ?? String(error);
        notAnswered[code] = (notAnswered[code] ?? 0) + 1;
        if (signalAt) return; // the server has stopped listening
        bad.push(`socket error before the signal: ${code}`);
        return;
      }
    }
  };
  const clients = Array.from({ length: 12 }, (_, i) => client(i));
  await loaded;
  signalAt = Date.now();
  server.signal("SIGTERM");
  await server.printed("SIGTERM: finishing in-flight requests");
  const held = await Promise.all([heldFavorite.finish(), heldProgress.finish()]);
  const exit = await server.exited;
  await Promise.all(clients);
  test.info().annotations.push({
    type: "shutdown",
    description: `${answered} answered (${answeredAfterSignal} after SIGTERM), not answered: ${JSON.stringify(notAnswered)}`,
  });

  // Answered, and told to close their kept-alive connections (which would otherwise hold the
  // exit back until the force-close).
  expect(held.map((h) => [h.status, h.connection])).toEqual([
    [200, "close"],
    [200, "close"],
  ]);
  expect(bad, "answers that were not 2xx/3xx").toEqual([]);
  expect(answeredAfterSignal, "load requests answered after SIGTERM").toBeGreaterThan(0);
  // Each client ends on a connection error once the server stops listening (refused; reset in
  // the accept queue; or, rarely, closed as it reused a connection idle since before the signal):
  // not answers, counted in the annotation, not failures.
  expect(exit).toEqual({ code: 0, signal: null });

  // Closed cleanly: the last connection's close checkpointed the log into the database file
  // and removed the -wal and -shm files; the file passes the integrity check.
  expect(dbFiles(dir)).toEqual({ [DB_FILE]: expect.any(Number) });
  expect(integrity(path.join(dir, DB_FILE))).toBe("ok");

  server = await start(dir);
  const data = await rootData(server.origin, cookie);
  expect(data.user).not.toBeNull();
  expect(ackedFavorites.size).toBeGreaterThan(0);
  expect([...ackedFavorites, other!.EpisodeUrl].filter((src) => !data.favorites.includes(src))).toEqual([]);
  expect(data.restore?.sync).toMatchObject({
    AudioSrc: episode!.EpisodeUrl,
    AudioTitle: episode!.title,
    currentTime: heldPosition,
  });

  // What the listener sees after the restart: the player restored from that, at that position.
  const context = await browser.newContext({
    baseURL: server.origin,
    extraHTTPHeaders: { Cookie: cookie, "X-Forwarded-For": clientAddress() },
  });
  try {
    const page = await context.newPage();
    await openReady(page, "/");
    const bar = page.getByRole("region", { name: "Player" });
    await expect(bar.getByText(episode!.title, { exact: true })).toBeVisible();
    const seek = bar.getByRole("slider", { name: "Seek" });
    await expect.poll(async () => Number(await seek.inputValue())).toBeGreaterThanOrEqual(Math.floor(heldPosition));
    expect(Number(await seek.inputValue())).toBeLessThanOrEqual(Math.ceil(heldPosition));
  } finally {
    await context.close();
  }
});

test("the position is saved on pause and by the keepalive write when the tab closes; another browser of the same listener resumes there", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // Signed up and in through the forms by the page's own request context (its cookie jar).
  await signUpAndIn(page, "beacon");
  await openReady(page, episodeLink(other!.title));
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${other!.title}` })
    .click();
  await expectPlaying(page, other!.EpisodeUrl, 2);

  // Pause: a write lands with the paused position.
  // (The only other write so far is the first periodic one, at well under a second.)
  const pauseWrite = page.waitForResponse(
    (r) =>
      r.url().endsWith("/api/progress") &&
      r.request().method() === "POST" &&
      JSON.parse(r.request().postData() ?? "{}").currentTime >= 1,
  );
  await playerButton(page, "Pause").click();
  await expect.poll(async () => (await audio(page)).paused).toBe(true);
  const paused = (await audio(page)).currentTime;
  const pauseRes = await pauseWrite;
  expect(pauseRes.status()).toBe(200);
  expect(Math.abs(JSON.parse(pauseRes.request().postData()!).currentTime - paused)).toBeLessThanOrEqual(1);

  // Play on a few seconds (fewer than the 10 s between periodic writes), then close the tab.
  await playerButton(page, "Play").click();
  await expectPlaying(page, other!.EpisodeUrl, paused + 3);
  const atClose = (await audio(page)).currentTime;
  expect(atClose - paused).toBeLessThan(9);
  const cookies = await page.context().cookies();
  await page.close({ runBeforeUnload: true });

  // A second browser of the same listener: the beacon's position is what it restores.
  const second = await browser.newContext();
  try {
    await second.addCookies(cookies);
    const page2 = await second.newPage();
    await asListener(page2);
    await expect
      .poll(async () => {
        const r = await page2.request.get(ROOT_DATA);
        return (await listenerIn(await r.text()))?.restore?.sync?.currentTime ?? 0;
      })
      // (The player's state trails the element by up to one timeupdate; ≥ pause + 2 s either way.)
      .toBeGreaterThanOrEqual(atClose - 1);
    await openReady(page2, "/");
    const bar = page2.getByRole("region", { name: "Player" });
    await expect(bar.getByText(other!.title, { exact: true })).toBeVisible();
    await expect
      .poll(async () => Number(await bar.getByRole("slider", { name: "Seek" }).inputValue()))
      .toBeGreaterThanOrEqual(Math.floor(atClose - 1));
  } finally {
    await second.close();
  }
});

test("while playing the position is saved every 10 s, not more; a reload without pausing offers to continue where it was", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndIn(page, "reload");
  const writes: number[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/progress") && r.method() === "POST")
      writes.push(JSON.parse(r.postData() ?? "{}").currentTime);
  });
  const stored = async () =>
    (await listenerIn(await (await page.request.get(ROOT_DATA)).text()))?.restore?.sync?.currentTime ?? 0;

  await openReady(page, episodeLink(other!.title));
  await page
    .getByRole("main")
    .getByRole("button", { name: `Play ${other!.title}` })
    .click();
  // Past 10 s of playback, never paused: the periodic save has stored a position past 9 s.
  await expectPlaying(page, other!.EpisodeUrl, 11);
  await expect.poll(stored).toBeGreaterThanOrEqual(9);
  // The first position, and one 10 s later: not a write per timeupdate.
  expect(writes.length, JSON.stringify(writes)).toBeLessThanOrEqual(3);

  await expectPlaying(page, other!.EpisodeUrl, 13);
  // What the player shows (its state, in whole seconds): the saves are made from that state, which
  // trails the element by up to one timeupdate, and the offer shows whole seconds too.
  const before = Number(
    await page.getByRole("region", { name: "Player" }).getByRole("slider", { name: "Seek" }).inputValue(),
  );
  const sentBefore = writes.length;
  await page.reload();
  await page.locator("#global-audio[data-ready]").waitFor({ state: "attached", timeout: 20_000 });
  const offer = page.getByRole("region", { name: "Player" }).getByText(/^Continue .* at \d+:\d\d\?$/);
  await expect(offer).toContainText(other!.title);
  const [, m, s] = /at (\d+):(\d\d)\?/.exec((await offer.textContent()) ?? "")!;
  const offered = Number(m) * 60 + Number(s);
  // The position saved as the page went (not the last periodic save), no earlier than it showed.
  const atHide = Math.max(...writes.slice(sentBefore));
  expect(offered, `offered ${offered} s, saved ${JSON.stringify(writes)}`).toBe(Math.floor(atHide));
  expect(offered, `offered ${offered} s, showed ${before} s`).toBeGreaterThanOrEqual(before);
  // And the server has it too (sent as the page went, or again by the next page).
  await expect.poll(stored).toBeGreaterThanOrEqual(before);
});
