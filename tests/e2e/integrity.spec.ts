/**
 * Integrity of listener data at the HTTP level, through the endpoints the UI uses: the heart's fetcher
 * (POST /favorites.data, js=1) and the player's progress sync (POST
 * /api/progress, JSON, or text/plain from sendBeacon on page hide; app/player/progress-sync.ts).
 * 50 concurrent favorite toggles lose and duplicate nothing; a progress write older than the
 * stored one never overwrites it, also when writes arrive out of order. Read back the way the
 * pages do (the root data and /user). HTTP only; runs in one project (and in the remote pass,
 * against the Firebase fake).
 */
import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./support/auth";
import { dataUrl, decodeStream, favoritesIn, listenerIn, MY_DATA, routeData, ROOT_DATA } from "./support/route-data";

const url = (path: string) => new URL(path, test.info().project.use.baseURL).href;
const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** One listener's device: its own client address and session. */
interface Device {
  from: string;
  cookie: string;
}
const freshAddress = () => {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};

async function call(
  path: string,
  init: { method?: string; from: string; cookie?: string; body?: string; type?: string },
) {
  const res = await fetch(url(path), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    redirect: "manual",
    headers: {
      "X-Forwarded-For": init.from,
      Origin: origin(),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.type ? { "Content-Type": init.type } : {}),
    },
    body: init.body,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function listener(): Promise<{ email: string; devices: [Device, Device] }> {
  const email = uniqueEmail("integrity");
  const form = new URLSearchParams({ email, password: PASSWORD, website: "", redirectTo: "/" }).toString();
  const type = "application/x-www-form-urlencoded";
  const up = await call("/signup", { from: freshAddress(), body: form, type });
  expect(up.status, "sign-up").toBe(302);
  const devices = [] as unknown as [Device, Device];
  for (let i = 0; i < 2; i++) {
    const from = freshAddress();
    const inn = await call("/signin", { from, body: form, type });
    const cookie = inn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__Host-hrs_session="));
    expect(cookie, `sign-in (HTTP ${inn.status})`).toBeTruthy();
    devices.push({ from, cookie: cookie! });
  }
  return { email, devices };
}

interface Episode {
  title: string;
  audioUrl: string;
  image: string;
  duration: number;
}

/** Episodes with distinct audio sources (a favorite is one per source), from the pages' data. */
async function episodes(count: number): Promise<Episode[]> {
  const from = freshAddress();
  const home = await routeData<{ latest: Episode[] }>(
    (await call(dataUrl("/", "routes/_index"), { from })).text,
    "routes/_index",
  );
  const era = await routeData<{ episodes: { items: Episode[] } }>(
    (await call(dataUrl("/era?station=MLR", "routes/era"), { from })).text,
    "routes/era",
  );
  const bySource = new Map<string, Episode>();
  for (const e of [...home.latest, ...era.episodes.items]) if (!bySource.has(e.audioUrl)) bySource.set(e.audioUrl, e);
  const list = [...bySource.values()].slice(0, count);
  expect(list.length, `${count} episodes with distinct audio sources`).toBe(count);
  return list;
}

/** What the heart's fetcher sends: the form of FavoriteToggle, js=1, to the route's data URL. */
async function toggle(device: Device, e: Episode, intent: "add" | "remove") {
  const body = new URLSearchParams({
    intent,
    audioSrc: e.audioUrl,
    title: e.title,
    duration: String(e.duration),
    redirectTo: "/",
    js: "1",
  }).toString();
  const r = await call("/favorites.data", {
    from: device.from,
    cookie: device.cookie,
    body,
    type: "application/x-www-form-urlencoded",
  });
  expect(r.status, `${intent} ${e.title}: ${r.text.slice(0, 200)}`).toBe(200);
  expect(await decodeStream(r.text)).toEqual({ data: { ok: true, favorite: intent === "add" } });
}

/** The saved sources as the account keeps them (its data export, one entry per favorite) and /user lists them. */
async function saved(device: Device): Promise<string[]> {
  const root = { favorites: favoritesIn((await call(MY_DATA, device)).text) };
  const page = await routeData<{ episodes: { audioUrl: string }[] }>(
    (await call(dataUrl("/user", "routes/user"), device)).text,
    "routes/user",
  );
  expect(page.episodes.map((e) => e.audioUrl).sort(), "/user lists the same favorites").toEqual(
    [...root.favorites].sort(),
  );
  return root.favorites;
}

/** A new listener on two devices, five episodes, the first two already saved. */
async function fiveEpisodesTwoSaved(): Promise<{ devices: [Device, Device]; eps: Episode[] }> {
  const { devices } = await listener();
  const eps = await episodes(5);
  await toggle(devices[0], eps[0]!, "add");
  await toggle(devices[0], eps[1]!, "add");
  return { devices, eps };
}

const shuffle = <T>(list: T[]): T[] => {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

test("50 concurrent favorite toggles from two devices: one favorite per saved episode, none lost, none duplicated", async () => {
  test.setTimeout(120_000);
  const { devices, eps } = await fiveEpisodesTwoSaved();

  // Each round: ten requests in flight per episode, all ten with the same intent (so the last
  // intended state is defined), fifty at once in random order, split over both devices.
  const rounds: { intents: ("add" | "remove")[]; expected: number[] }[] = [
    { intents: ["remove", "add", "add", "add", "remove"], expected: [1, 2, 3] },
    { intents: ["add", "remove", "remove", "add", "add"], expected: [0, 3, 4] },
  ];
  for (const round of rounds) {
    const requests = shuffle(
      eps.flatMap((e, i) => Array.from({ length: 10 }, (_, k) => () => toggle(devices[k % 2]!, e, round.intents[i]!))),
    );
    expect(requests).toHaveLength(50);
    await Promise.all(requests.map((send) => send()));
    const now = await saved(devices[1]);
    expect(now.length, `no duplicates in ${JSON.stringify(now)}`).toBe(new Set(now).size);
    expect([...now].sort()).toEqual(round.expected.map((i) => eps[i]!.audioUrl).sort());
  }
});

test("toggle chains: each episode's toggles in order, five episodes at once (50 toggles) → each ends at its last toggle", async () => {
  test.setTimeout(120_000);
  const { devices, eps } = await fiveEpisodesTwoSaved();
  const start = [true, true, false, false, false];
  const lengths = [9, 10, 11, 10, 10];
  expect(lengths.reduce((a, b) => a + b)).toBe(50);
  // The heart flips what it shows: each toggle is the opposite of the state before it; the two
  // devices take turns within a chain.
  await Promise.all(
    eps.map(async (e, i) => {
      let on = start[i]!;
      for (let k = 0; k < lengths[i]!; k++) {
        await toggle(devices[k % 2]!, e, on ? "remove" : "add");
        on = !on;
      }
    }),
  );
  const expected = eps.filter((_, i) => (lengths[i]! % 2 === 0 ? start[i] : !start[i])).map((e) => e.audioUrl);
  const now = await saved(devices[0]);
  expect(now.length, `no duplicates in ${JSON.stringify(now)}`).toBe(new Set(now).size);
  expect([...now].sort()).toEqual([...expected].sort());
});

test("progress: a write older than the stored one never overwrites it, also out of order and from sendBeacon", async () => {
  test.setTimeout(120_000);
  const { devices } = await listener();
  const [e] = await episodes(1);
  // What progressPayload() builds, sent as the player sends it.
  const payload = (currentTime: number, at: number, title = e!.title) => ({
    AudioTitle: title,
    Duration: e!.duration,
    AudioImg: e!.image,
    AudioSrc: e!.audioUrl,
    currentTime,
    at,
  });
  const write = async (device: Device, body: object, beacon = false) => {
    const r = await call("/api/progress", {
      from: device.from,
      cookie: device.cookie,
      body: JSON.stringify(body),
      type: beacon ? "text/plain;charset=UTF-8" : "application/json",
    });
    expect(r.status, r.text).toBe(200);
    return (JSON.parse(r.text) as { result: string }).result;
  };
  const stored = async () => {
    const { restore } = (await listenerIn((await call(ROOT_DATA, devices[0]!)).text))!;
    return {
      position: restore?.sync?.currentTime,
      title: restore?.sync?.AudioTitle,
      userTitle: restore?.user?.audioTitle,
    };
  };

  // Capture times a minute back: the server clamps times ahead of its own clock.
  const t = Date.now() - 60_000;
  expect(await write(devices[0], payload(100, t, "at t"))).toBe("written");
  expect(await write(devices[1], payload(50, t - 1, "older"))).toBe("stale");
  expect(await write(devices[1], payload(60, t, "same time"))).toBe("stale");
  expect(await write(devices[1], payload(40, t - 5_000, "older beacon"), true)).toBe("stale");
  expect(await stored()).toEqual({ position: 100, title: "at t", userTitle: "at t" });

  expect(await write(devices[1], payload(110, t + 1_000, "newer beacon"), true)).toBe("written");
  expect(await stored()).toEqual({ position: 110, title: "newer beacon", userTitle: "newer beacon" });

  // Twenty writes from both devices at once, in random order: the newest capture time wins.
  const writes = shuffle(Array.from({ length: 20 }, (_, i) => i));
  const results = await Promise.all(
    writes.map((i) => write(devices[i % 2]!, payload(200 + i, t + 2_000 + i * 10, `burst ${i}`))),
  );
  expect(results[writes.indexOf(19)], "the newest write is written").toBe("written");
  expect(await stored()).toEqual({ position: 219, title: "burst 19", userTitle: "burst 19" });
  // A late arrival from before the burst changes nothing.
  expect(await write(devices[0], payload(5, t + 2_005, "late"))).toBe("stale");
  expect(await stored()).toEqual({ position: 219, title: "burst 19", userTitle: "burst 19" });

  // A device whose clock runs years ahead is taken at the server's time: it cannot block every
  // later write of this listener.
  expect(await write(devices[1], payload(300, Date.now() + 10 * 365 * 86_400_000, "from the future"))).toBe("written");
  await new Promise((r) => setTimeout(r, 20));
  expect(await write(devices[0], payload(301, Date.now(), "after it"))).toBe("written");
  expect(await stored()).toEqual({ position: 301, title: "after it", userTitle: "after it" });
});
