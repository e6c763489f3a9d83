import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import express from "express";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRemixWithCache,
  createRenderCache,
  cacheKeyUrl,
  isCacheableRequest,
  isCacheableResponse,
} from "../../server/render/cache";
import {
  fillHole,
  fillParts,
  listenerOf,
  rootListenerText,
  signedIn,
  TEMPLATE_LISTENER,
  toParts,
} from "../../app/render/listener-page.server";
import type { ListenerData } from "../../app/services/types";
import { fastHits } from "../../server/render/fast-hit";
import { HitCounter, rateLimits } from "../../server/rate-limit";

describe("which requests may share a cached page", () => {
  it("anonymous GET/HEAD of public paths only", () => {
    for (const path of [
      "/",
      "/episode",
      "/era",
      "/search",
      "/News",
      "/News/a-post",
      "/eras",
      "/rss",
      "/Crew",
      "/userguide",
      // The same for everybody, polled by every player while live is on.
      "/api/now-playing",
    ]) {
      expect(isCacheableRequest("GET", path), path).toBe(true);
      expect(isCacheableRequest("HEAD", path), path).toBe(true);
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
      expect(isCacheableRequest(method, "/")).toBe(false);
    for (const path of [
      "/api/now-playing/x",
      "/api/progress",
      "/auth/google",
      "/auth/google/callback",
      "/signin",
      "/SIGNIN",
      "/signup",
      "/user",
      "/User",
      "/user/data",
      "/user/delete",
      "/up-next",
      "/api/up-next",
      "/SpankBank",
      "/spankbank/Post/x",
      "/SpankBank/media/antenna-day-1.jpg",
      "/SpankBankAnything",
      "/favorites",
      "/logout",
      "/healthz",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
    ]) {
      expect(isCacheableRequest("GET", path), path).toBe(false);
    }
  });
});

describe("the key of a shared page", () => {
  const params = new Set(["term", "page", "_data"]);
  it("keeps only the query parameters pages read, every value, in order", () => {
    expect(cacheKeyUrl("/", params)).toBe("/");
    expect(cacheKeyUrl("/?", params)).toBe("/");
    expect(cacheKeyUrl("/?utm_source=x&fbclid=1", params)).toBe("/");
    expect(cacheKeyUrl("/search?junk=1&term=ham%20radio&term=other", params)).toBe(
      "/search?term=ham%20radio&term=other",
    );
    expect(cacheKeyUrl("/search?te%72m=a+b&%zz=1", params)).toBe("/search?te%72m=a+b");
    expect(cacheKeyUrl("/era?page=2&_data=routes%2Fera&x=9", params)).toBe("/era?page=2&_data=routes%2Fera");
  });
});

describe("which responses may be kept", () => {
  const r = (status: number, headers: Record<string, string>) => new Response("x", { status, headers });
  it("public 200 and 404 only, without cookies, private or odd Vary", () => {
    expect(isCacheableResponse(r(200, { "Cache-Control": "public, max-age=60", Vary: "Cookie" }))).toBe(true);
    expect(isCacheableResponse(r(404, { "Cache-Control": "public, max-age=10" }))).toBe(true);
    expect(isCacheableResponse(r(200, { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isCacheableResponse(r(200, { "Cache-Control": "public, no-cache" }))).toBe(false);
    expect(isCacheableResponse(r(200, {}))).toBe(false);
    expect(isCacheableResponse(r(200, { "Cache-Control": "public, max-age=60", "Set-Cookie": "a=1" }))).toBe(false);
    expect(isCacheableResponse(r(200, { "Cache-Control": "public, max-age=60", Vary: "Accept-Language" }))).toBe(false);
    expect(isCacheableResponse(r(500, { "Cache-Control": "public, max-age=60" }))).toBe(false);
    expect(isCacheableResponse(r(302, { "Cache-Control": "public, max-age=60", Location: "/" }))).toBe(false);
  });
});

// --- Over HTTP, with a fake Remix handler that embeds the nonce it was given ---

let clock = 1_000_000;
const renders: string[] = [];
let delayMs = 0;
/** While set, renders wait for it (the tests decide when a render finishes, not the clock). */
let gate: Promise<void> | null = null;
let openGate = () => {};
/** Every render answers 503, as when the database is down. */
let failing = false;
function closeGate() {
  gate = new Promise((r) => (openGate = r));
}
async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}
/** A shared page's policy: its scripts' hashes, as the server builds it. */
const sharedPolicy = (hashes: string[]) => `script-src 'self' ${hashes.join(" ")}`;
const cache = createRenderCache({ ttlMs: 10_000, now: () => clock, toParts, sharedPolicy });
/** Characters of two, three and four bytes in UTF-8, in every page. */
const WORLD = "Café — 電波 📻";

/** Root data with this listener as single fetch carries it: one string of a turbo-stream. */
const rootStream = (listener: ListenerData | null) =>
  `[{"_1":2},"root",{"_3":4},"listener",${JSON.stringify(rootListenerText(listener))}]`;
/** That stream in a page's inline script, escaped as Remix escapes it. */
const rootScript = (listener: ListenerData | null) =>
  `enqueue(${JSON.stringify(rootStream(listener)).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)})`;

function fakeRemix(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  renders.push(`${request.method} ${url.pathname}${url.search}`);
  // A listener template has a heart hole and the listener's data (as the app's render makes them).
  const personal = context.template
    ? `<hrs-favorite data-src="a&amp;b.mp3"><hrs-v><b>off</b></hrs-v><hrs-v><b>on</b></hrs-v></hrs-favorite>` +
      `<script nonce="${context.cspNonce}">${rootScript(TEMPLATE_LISTENER)}</script>`
    : "";
  const page = (status: number, headers: Record<string, string>) =>
    new Response(
      `<!DOCTYPE html><html><body><h1>${url.pathname}${"<p>padding words</p>".repeat(20)}</h1><p>${WORLD}</p>${personal}` +
        `<script nonce="${context.cspNonce}">1</script><script nonce="${context.cspNonce}">2</script></body></html>`,
      { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } },
    );
  const publicPage = {
    "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
    Vary: "Cookie",
  };
  const answer = () => {
    if (failing) return page(503, { "Cache-Control": "private, no-store" });
    switch (url.pathname) {
      case "/private":
        return page(200, { "Cache-Control": "private, no-store" });
      case "/sets-cookie":
        return page(200, { ...publicPage, "Set-Cookie": "x=1" });
      case "/feed":
        // A loader answering conditions itself: a fill must not get its 304.
        if (request.headers.has("if-none-match")) return new Response(null, { status: 304 });
        return page(200, { ...publicPage, ETag: 'W/"v1"', "Last-Modified": "Fri, 16 May 2025 21:15:00 GMT" });
      case "/missing":
        return page(404, { "Cache-Control": "public, max-age=10, s-maxage=10", Vary: "Cookie" });
      case "/boom":
        return page(500, {});
      case "/root.data":
        // A data request with the root's data: a listener template carries the template listener.
        return new Response(rootStream(context.template ? TEMPLATE_LISTENER : null), {
          headers: { ...publicPage, "Content-Type": "text/x-script", "X-Remix-Response": "yes" },
        });
      case "/data":
        // A page's data request: JSON, no holes, marked as Remix marks its data responses.
        return Response.json({ page: "data" }, { headers: { ...publicPage, "X-Remix-Response": "yes" } });
      case "/suggestions":
        // A resource route's answer: the same for everyone, signed in or not.
        return Response.json({ suggestions: [] }, { headers: { "Cache-Control": "public, max-age=300" } });
      default:
        return page(200, publicPage);
    }
  };
  const waitFor = gate;
  return new Promise((resolve) =>
    setTimeout(() => (waitFor ? waitFor.then(() => resolve(answer())) : resolve(answer())), delayMs),
  );
}

let server: http.Server;
let origin = "";
/** A session cookie `hrs_session=live…` names a live session; any other value does not. */
const sessionReads: string[] = [];
/** Listeners whose library (favorites, resume state) was read. */
const libraryReads: string[] = [];
const loadContext = (_req: unknown, cookie: string | undefined, nonce: string, template = false) => {
  const user = async () => {
    if (cookie) sessionReads.push(cookie);
    const live = cookie && /hrs_session=live-(\w+)/.exec(cookie)?.[1];
    return live ? { uid: live, email: live === "world" ? `${WORLD}@example.com` : `${live}@example.com` } : null;
  };
  return {
    cspNonce: nonce,
    template,
    user,
    // Listener "fav" has favorited a&b.mp3.
    listener: async () => {
      const u = await user();
      if (u) libraryReads.push(u.uid);
      if (u?.uid === "down") throw new Error("the library is down");
      return u && { user: { id: u.uid, email: u.email }, favorites: u.uid === "fav" ? ["a&b.mp3"] : [], restore: null };
    },
  } as unknown as AppLoadContext;
};
const listenerOptions = { signedIn, listenerOf, fillParts, fillHole, privatePolicy: "private, no-store" };

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  const remix = createRemixWithCache({
    handle: fakeRemix,
    cache,
    loadContext,
    ...listenerOptions,
    withTiming: (_timing, fn) => fn(),
    keyParams: new Set(["term", "station"]),
    serverTiming: true,
    log: () => {},
  });
  app.use(remix.serveCached);
  // What @remix-run/express does with everything the cache lets through.
  const passThrough: express.RequestHandler = async (req, res) => {
    const url = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
    const response = await fakeRemix(
      new Request(url, { method: req.method }),
      loadContext(req, req.headers.cookie, res.locals.cspNonce),
    );
    res.status(response.status);
    response.headers.forEach((value, name) => res.append(name, value));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  app.all("*", remix.render, passThrough);
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  cache.invalidate("test");
  renders.length = 0;
  sessionReads.length = 0;
  libraryReads.length = 0;
  failing = false;
  delayMs = 0;
  gate = null;
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}
const nonceOf = (r: Raw) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))![1];
const hashOf = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;
const bodyNonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

/** Listener "fav" as the root data carries them. */
const FAV = { user: { id: "fav", email: "fav@example.com" }, favorites: ["a&b.mp3"], restore: null };

describe("render cache over HTTP", () => {
  it("renders once, then serves every anonymous listener the same bytes, its scripts allowed by their hashes", async () => {
    const first = await get("/");
    expect(first.status).toBe(200);
    expect(first.headers["x-render-cache"]).toBe("miss");
    expect(first.headers["server-timing"]).toMatch(/cache;desc=miss, render;dur=[\d.]+/);
    expect(bodyNonces(first.body.toString())).toEqual([]);
    expect(first.headers["content-security-policy"]).toBe(`script-src 'self' ${hashOf("1")} ${hashOf("2")}`);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    for (let i = 0; i < 5; i++) {
      const hit = await get("/");
      expect(hit.headers["x-render-cache"]).toBe("hit");
      expect(hit.headers["server-timing"]).toBe("cache;desc=hit");
      expect(hit.headers["cache-control"]).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=86400");
      expect(hit.headers["set-cookie"]).toBeUndefined();
      expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
      for (const name of ["content-security-policy", "etag"]) expect(hit.headers[name]).toBe(first.headers[name]);
      expect(hit.body.equals(first.body)).toBe(true);
    }
    expect(renders).toEqual(["GET /"]);
  });

  it("compresses a shared page once: brotli or gzip as asked, each with its own ETag, and 304 for the one held", async () => {
    const identity = await get("/");
    const br = await get("/", { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await get("/", { "Accept-Encoding": "gzip" });
    expect([br.headers["content-encoding"], gz.headers["content-encoding"]]).toEqual(["br", "gzip"]);
    expect(zlib.brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(identity.body)).toBe(true);
    expect(new Set([identity.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect(br.headers.vary).toBe("Cookie, Accept-Encoding");
    const again = await get("/", { "Accept-Encoding": "br", "If-None-Match": br.headers.etag! });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    expect((await get("/", { "Accept-Encoding": "br", "If-None-Match": gz.headers.etag! })).status).toBe(200);
    expect(renders).toEqual(["GET /"]);
  });

  it("sends the page's UTF-8 and a listener's as they were, byte for byte", async () => {
    const first = await get("/");
    const hit = await get("/");
    expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(hit.body.toString()).toContain(`<p>${WORLD}</p>`);
    expect(hit.body.equals(first.body)).toBe(true);
    expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
    await get("/", { Cookie: "__Host-hrs_session=live-fav" });
    const listener = await get("/", { Cookie: "__Host-hrs_session=live-world" });
    expect(listener.headers["x-render-cache"]).toBe("hit");
    expect(listener.body.toString()).toContain(`<p>${WORLD}</p>`);
    expect(listener.body.toString()).toContain(
      rootScript({ user: { id: "world", email: `${WORLD}@example.com` }, favorites: [], restore: null }),
    );
    expect(Number(listener.headers["content-length"])).toBe(listener.body.length);
    // A listener's copy keeps this response's nonce.
    expect(bodyNonces(listener.body.toString())).toEqual(Array(3).fill(nonceOf(listener)));
  });

  it("answers a conditional GET of a kept page 304 by its ETag or its Last-Modified, from the whole copy", async () => {
    const first = await get("/feed");
    expect([first.status, first.headers["x-render-cache"]]).toEqual([200, "miss"]);
    const etag = first.headers.etag!;
    const hit = await get("/feed", { "If-None-Match": etag });
    expect([hit.status, hit.headers["x-render-cache"], hit.body.length]).toEqual([304, "hit", 0]);
    const byDate = await get("/feed", { "If-Modified-Since": "Fri, 16 May 2025 21:15:00 GMT" });
    expect(byDate.status).toBe(304);
    for (const headers of <Record<string, string>[]>[
      {},
      { "If-None-Match": 'W/"v0"' },
      { "If-Modified-Since": "Thu, 15 May 2025 00:00:00 GMT" },
    ]) {
      const full = await get("/feed", headers);
      expect(full.status).toBe(200);
      expect(full.body.toString()).toContain("<h1>/feed");
    }
    expect(renders).toEqual(["GET /feed"]);
    // Pages without a Last-Modified are never answered 304 by date.
    await get("/");
    expect((await get("/", { "If-Modified-Since": "Fri, 16 May 2099 21:15:00 GMT" })).status).toBe(200);
  });

  it("keys on path and query", async () => {
    await get("/search?term=a");
    await get("/search?term=b");
    await get("/search?term=a");
    expect(renders).toEqual(["GET /search?term=a", "GET /search?term=b"]);
  });

  it("a live session gets the listener copy: one template render, filled with each listener's data, private", async () => {
    await get("/");
    const first = await get("/", { Cookie: "__Host-hrs_session=live-fav" });
    expect(first.headers["x-render-cache"]).toBe("miss");
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const html = first.body.toString();
    // The two forms of a heart padded to one length (ADR 054).
    expect(html).toMatch(/<b *>on<\/b>/);
    expect(html).not.toMatch(/<b>off<\/b>|hrs-/);
    expect(html).toContain(rootScript(FAV));
    expect(html).not.toContain(TEMPLATE_LISTENER.user.id);
    expect(bodyNonces(html)).toEqual(Array(3).fill(nonceOf(first)));
    const other = await get("/", { Cookie: "__Host-hrs_session=live-other" });
    expect(other.headers["x-render-cache"]).toBe("hit");
    expect(other.headers["cache-control"]).toBe("private, no-store");
    expect(other.body.toString()).toMatch(/<b *>off<\/b>/);
    expect(other.body.toString()).toContain(
      rootScript({ ...FAV, user: { id: "other", email: "other@example.com" }, favorites: [] }),
    );
    expect(other.body.toString()).not.toMatch(/fav@|b\.mp3/);
    const anonymous = await get("/");
    expect(anonymous.headers["x-render-cache"]).toBe("hit");
    expect(anonymous.body.toString()).not.toMatch(/<b>o|enqueue/);
    // The anonymous page and the listener template: one render each.
    expect(renders).toEqual(["GET /", "GET /"]);
    expect(libraryReads).toEqual(["fav", "other"]);
  });

  it("a data request with the root's data is filled with each listener's, private, from one template render", async () => {
    expect((await get("/root.data")).body.toString()).toBe(rootStream(null));
    for (const [who, listener] of [
      ["fav", FAV],
      ["other", { ...FAV, user: { id: "other", email: "other@example.com" }, favorites: [] }],
    ] as [string, ListenerData][]) {
      const r = await get("/root.data", { Cookie: `__Host-hrs_session=live-${who}` });
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.body.toString()).toBe(rootStream(listener));
    }
    expect(renders).toEqual(["GET /root.data", "GET /root.data"]);
    expect(libraryReads).toEqual(["fav", "other"]);
  });

  it("a listener's copy without holes (a data request) reads their session, not their library", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await get("/data", { Cookie: "__Host-hrs_session=live-fav" });
      expect(r.headers["x-render-cache"]).toBe(i === 0 ? "miss" : "hit");
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(JSON.parse(r.body.toString())).toEqual({ page: "data" });
    }
    expect(sessionReads).toHaveLength(2);
    expect(libraryReads).toEqual([]);
  });

  it("a resource route's answer keeps its own policy for a listener, as a full render gives it", async () => {
    const r = await get("/suggestions", { Cookie: "__Host-hrs_session=live-fav" });
    expect(r.headers["cache-control"]).toBe("public, max-age=300");
    expect(libraryReads).toEqual([]);
  });

  it("a listener whose library cannot be read gets a render of their own (it treats them as signed out), never a 500", async () => {
    await get("/");
    for (let i = 0; i < 2; i++) {
      const r = await get("/", { Cookie: "__Host-hrs_session=live-down" });
      // (Its policy is the render's: the app's makes a signed-in response private.)
      expect(r.status).toBe(200);
      expect(r.body.toString()).not.toMatch(/"user"|<b>o/);
    }
  });

  it("a listener gets a render of their own when the page is not to be shared", async () => {
    const r = await get("/private", { Cookie: "__Host-hrs_session=live-fav" });
    expect(r.headers["x-render-cache"]).toBe("bypass");
    expect(r.headers["server-timing"]).toMatch(/^cache;desc=bypass, render;dur=/);
    expect(renders).toEqual(["GET /private", "GET /private"]);
  });

  it("junk or expired session cookies, other headers and unknown parameters all get the shared page", async () => {
    await get("/search?term=ham");
    for (const [path, headers] of [
      ["/search?term=ham", { Cookie: "__Host-hrs_session=forged" }],
      ["/search?term=ham", { Cookie: "hrs_oauth_flow=1; hrs_session=expired" }],
      ["/search?term=ham", { Authorization: "Bearer anything" }],
      ["/search?term=ham&nocache=1", {}],
      ["/search?utm_source=x&term=ham&fbclid=y", {}],
    ] as const) {
      const r = await get(path, headers);
      expect(r.headers["x-render-cache"], `${path} ${JSON.stringify(headers)}`).toBe("hit");
      expect(r.body.toString()).toContain("<h1>/search");
    }
    expect(renders).toEqual(["GET /search?term=ham"]);
    expect(sessionReads).toEqual(["__Host-hrs_session=forged", "hrs_oauth_flow=1; hrs_session=expired"]);
    // A fill renders the page anonymously, whatever cookie its first visitor sent.
    await get("/about?x=1", { Cookie: "hrs_session=forged" });
    expect(renders).toEqual(["GET /search?term=ham", "GET /about"]);
    expect((await get("/about")).headers["x-render-cache"]).toBe("hit");
  });

  it("does not keep private responses, responses that set cookies, errors; keeps 404", async () => {
    for (const path of ["/private", "/sets-cookie", "/boom"]) {
      expect((await get(path)).headers["x-render-cache"]).toBe("pass");
      expect((await get(path)).headers["x-render-cache"]).toBe("pass");
    }
    expect((await get("/sets-cookie")).headers["set-cookie"]).toEqual(["x=1"]);
    expect((await get("/missing")).headers["x-render-cache"]).toBe("miss");
    const again = await get("/missing");
    expect(again.status).toBe(404);
    expect(again.headers["x-render-cache"]).toBe("hit");
    expect(renders.filter((r) => r === "GET /missing")).toHaveLength(1);
    expect(renders.filter((r) => r === "GET /private")).toHaveLength(2);
    expect(renders.filter((r) => r === "GET /sets-cookie")).toHaveLength(3);
  });

  it("answers HEAD from the GET copy, and fills it with a GET render", async () => {
    const head = await get("/eras", {}, "HEAD");
    expect(head.headers["x-render-cache"]).toBe("miss");
    expect(head.body.length).toBe(0);
    const hit = await get("/eras", {}, "HEAD");
    expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(Number(hit.headers["content-length"])).toBeGreaterThan(100);
    expect((await get("/eras")).body.length).toBe(Number(hit.headers["content-length"]));
    expect(renders).toEqual(["GET /eras"]);
  });

  it("never caches writes", async () => {
    expect((await get("/", {}, "POST")).headers["x-render-cache"]).toBe("bypass");
    expect((await get("/", {}, "POST")).headers["x-render-cache"]).toBe("bypass");
    expect(renders).toEqual(["POST /", "POST /"]);
  });

  it("renders a cold page once for many concurrent requests", async () => {
    closeGate();
    const pending = Array.from({ length: 12 }, () => get("/era?station=MLR"));
    await until(() => renders.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    openGate();
    const all = await Promise.all(pending);
    expect(renders).toEqual(["GET /era?station=MLR"]);
    for (const r of all) expect(r.body.equals(all[0]!.body)).toBe(true);
    expect(new Set(all.map((r) => r.headers["x-render-cache"]))).toEqual(new Set(["miss", "hit"]));
  });

  it("after the TTL serves the stale copy while one background render refreshes it", async () => {
    await get("/News");
    clock += 10_001;
    closeGate();
    const stale = [await get("/News"), await get("/News"), await get("/News")];
    expect(stale.map((r) => r.headers["x-render-cache"])).toEqual(["stale", "stale", "stale"]);
    expect(renders).toEqual(["GET /News", "GET /News"]);
    openGate();
    await until(() => cache.pending(`${origin}/News`) === undefined);
    expect((await get("/News")).headers["x-render-cache"]).toBe("hit");
    expect(renders).toEqual(["GET /News", "GET /News"]);
    clock += 30_000; // past TTL + stale window: a plain miss
    expect((await get("/News")).headers["x-render-cache"]).toBe("miss");
  });

  it("past the stale window, serves the last copy only while its re-render fails, for up to a day", async () => {
    await get("/eras");
    clock += 30_000; // past TTL + stale window
    failing = true;
    const kept = await get("/eras");
    expect(kept.status).toBe(200);
    expect(kept.headers["x-render-cache"]).toBe("stale-if-error");
    expect(kept.body.toString()).toContain("<h1>/eras");
    expect(bodyNonces(kept.body.toString())).toEqual([]);
    expect((await get("/never-rendered")).status).toBe(503);
    clock += 24 * 60 * 60_000;
    const gone = await get("/eras");
    expect(gone.status).toBe(503);
    failing = false;
    expect((await get("/eras")).headers["x-render-cache"]).toBe("miss");
  });

  it("a failing re-render after invalidate serves no copy: the data changed", async () => {
    await get("/eras");
    cache.invalidate("catalog changed");
    failing = true;
    expect((await get("/eras")).status).toBe(503);
  });

  it("invalidate drops every page, and a render started before it is not kept", async () => {
    await get("/");
    cache.invalidate("catalog changed");
    expect((await get("/")).headers["x-render-cache"]).toBe("miss");
    closeGate();
    const during = get("/about");
    await until(() => renders.includes("GET /about"));
    cache.invalidate("again");
    openGate();
    await during;
    expect((await get("/about")).headers["x-render-cache"]).toBe("miss");
    expect(cache.stats().entries).toBe(1);
  });
});

describe("Server-Timing", () => {
  it("is not sent unless asked for: session times would tell which session ids exist", async () => {
    const app = express();
    app.use((_req, res, next) => ((res.locals.cspNonce = "bm9uY2Vub25jZW5vbmNl"), next()));
    const remix = createRemixWithCache({
      handle: fakeRemix,
      cache: createRenderCache({ ttlMs: 10_000, toParts, sharedPolicy }),
      loadContext,
      ...listenerOptions,
      keyParams: new Set(),
      withTiming: (_timing, fn) => fn(),
      log: () => {},
    });
    app.use(remix.serveCached);
    app.all("*", remix.render, (_req, res) => res.send("passed on"));
    const quiet = app.listen(0, "127.0.0.1");
    await new Promise((r) => quiet.once("listening", r));
    const base = `http://127.0.0.1:${(quiet.address() as AddressInfo).port}`;
    try {
      for (const headers of [{}, {}, { Cookie: "hrs_session=live" }] as Record<string, string>[]) {
        const r = await fetch(`${base}/`, { headers });
        expect(r.headers.get("x-render-cache")).toMatch(/^(miss|hit|bypass)$/);
        expect(r.headers.get("server-timing")).toBeNull();
      }
    } finally {
      quiet.close();
    }
  });
});

describe("fast hits (before Express)", () => {
  it("serve a fresh shared page with the headers Express sent it with, counted against the GET limit; anything else goes to Express", async () => {
    const fastCache = createRenderCache({ ttlMs: 10_000, now: () => clock, toParts, sharedPolicy });
    const getHits = new HitCounter();
    const app = express();
    let throughExpress = 0;
    app.use((_req, res, next) => {
      throughExpress++;
      res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
      res.setHeader("X-Frame-Options", "DENY");
      next();
    });
    app.use(rateLimits({ auth: 0, post: 0, get: 4 }, "private, no-store", undefined, getHits));
    const remix = createRemixWithCache({
      handle: fakeRemix,
      cache: fastCache,
      loadContext,
      ...listenerOptions,
      withTiming: (_timing, fn) => fn(),
      keyParams: new Set(),
      log: () => {},
    });
    app.use(remix.serveCached);
    app.all("*", remix.render);
    const fast = fastHits({
      cache: fastCache,
      keyParams: new Set(),
      trustHops: 0,
      getLimit: 4,
      getHits,
      stopping: () => false,
    });
    const fastServer = http.createServer((req, res) => fast(req, res) || app(req, res)).listen(0, "127.0.0.1");
    await new Promise((r) => fastServer.once("listening", r));
    const at = `http://127.0.0.1:${(fastServer.address() as AddressInfo).port}`;
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<Raw>((resolve, reject) =>
        http
          .get(`${at}${path}`, { headers, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on("error", reject),
      );
    try {
      const br = { "Accept-Encoding": "gzip, deflate, br" };
      const first = await raw("/fast", br);
      expect([first.headers["x-render-cache"], throughExpress]).toEqual(["miss", 1]);
      const hit = await raw("/fast", br);
      expect([hit.status, hit.headers["x-render-cache"], throughExpress]).toEqual([200, "hit", 1]);
      expect(hit.body.equals(first.body)).toBe(true);
      for (const name of [
        "content-security-policy",
        "etag",
        "content-encoding",
        "vary",
        "x-frame-options",
        "cache-control",
      ])
        expect(hit.headers[name], name).toBe(first.headers[name]);
      expect(hit.headers.ratelimit).toMatch(/^limit=4, remaining=2, reset=\d+$/);
      // Another encoding, a conditional request, our cookie: Express, every time.
      expect((await raw("/fast", { "Accept-Encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
      expect((await raw("/fast", { ...br, "If-None-Match": hit.headers.etag! })).status).toBe(304);
      expect(throughExpress).toBe(3);
      // Past the limit the client is answered by the limiter, with its 429.
      expect((await raw("/fast", br)).status).toBe(429);
      expect(throughExpress).toBe(4);
    } finally {
      fastServer.close();
    }
  });
});
