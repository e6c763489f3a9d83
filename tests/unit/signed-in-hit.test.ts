import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataHoleText,
  fillHole,
  fillParts,
  listenerOf,
  rootListenerText,
  signedIn,
  TEMPLATE_LISTENER,
  toParts,
} from "../../app/render/listener-page.server";
import { positionHole, positionHtml } from "../../app/render/position-marks";
import { HitCounter, rateLimits } from "../../server/rate-limit";
import { createRemixWithCache, createRenderCache } from "../../server/render/cache";
import { signedInHits } from "../../server/render/signed-in-hit";

const SRCS = ["a.mp3", "b.mp3", "c.mp3"];
/** Listener "fav" has favorited b.mp3 and is 30 s into it. */
const positionsOf = (uid: string) =>
  uid === "fav"
    ? [{ audioSrc: "b.mp3", audioTitle: "b.mp3", position: 30, duration: 600, played: false, updatedAt: 1 }]
    : [];
/** The page's data as single fetch hands it over: the root's listener text and the page's positions, strings of a stream in a script. */
const handoff = (listener: string, positions: string) =>
  `enqueue(${JSON.stringify(JSON.stringify(["listener", listener, "positions", positions])).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)})`;

/** A page and its listener template, as the app renders them (ADR 019's holes, ADR 033's). */
async function fakeRemix(request: Request, context: AppLoadContext): Promise<Response> {
  const heart = (src: string) =>
    context.template
      ? `<hrs-favorite data-src="${src}"><hrs-v><button aria-pressed="false">Save ${src}</button></hrs-v><hrs-v><button aria-pressed="true">Saved ${src}</button></hrs-v></hrs-favorite>`
      : `<a href="/signin">Save ${src}</a>`;
  const mark = (src: string) =>
    context.template
      ? positionHole({ src, title: src, back: "/" })
      : positionHtml({ src, title: src, back: "/" }, undefined);
  const data = context.template
    ? handoff(rootListenerText(TEMPLATE_LISTENER), dataHoleText({ positions: SRCS }))
    : handoff("null", "{}");
  const body =
    `<!DOCTYPE html><html><head><script nonce="${context.cspNonce}">boot()</script></head><body>` +
    SRCS.map((src) => `<article><h2>Épisode ${src}</h2>${mark(src)}${heart(src)}</article>`).join("") +
    `<script nonce="${context.cspNonce}">${data}</script></body></html>`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
      Vary: "Cookie",
    },
  });
}

/** `hrs_session=live-<uid>` names a live session; uid "down" cannot be read (a database blip). */
const loadContext = (cookie: string | undefined, nonce: string, template = false) => {
  const user = async () => {
    const uid = cookie && /hrs_session=live-(\w+)/.exec(cookie)?.[1];
    if (uid === "down") throw new Error("the session store is out of reach");
    return uid ? { uid, email: `${uid}@example.com` } : null;
  };
  return {
    cspNonce: nonce,
    template,
    user,
    listener: async () => {
      const u = await user();
      return u && { user: { id: u.uid, email: u.email }, favorites: u.uid === "fav" ? ["b.mp3"] : [], restore: null };
    },
    services: { positions: { list: async (uid: string) => positionsOf(uid) } },
  } as unknown as AppLoadContext;
};

let stopping = false;
let throughExpress = 0;
let at = "";
let server: http.Server;
beforeAll(async () => {
  const cache = createRenderCache({ ttlMs: 60_000, toParts, sharedPolicy: () => "script-src 'self'" });
  const getHits = new HitCounter();
  const app = express();
  app.use((_req, res, next) => {
    throughExpress++;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'; object-src 'none'`);
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(rateLimits({ auth: 0, post: 0, get: 100 }, "private, no-store", undefined, getHits));
  const remix = createRemixWithCache({
    handle: fakeRemix,
    cache,
    loadContext: (_req, cookie, nonce, template) => loadContext(cookie, nonce, template),
    signedIn,
    listenerOf,
    fillParts,
    fillHole,
    privatePolicy: "private, no-store",
    withTiming: (_timing, fn) => fn(),
    keyParams: new Set(),
    log: () => {},
  });
  app.use(remix.serveCached);
  // A listener the cache cannot serve gets a render of their own: here, a 503 that says so.
  app.all("*", remix.render, (_req, res) => res.status(503).send("render of their own"));
  const hit = signedInHits({
    cache,
    keyParams: new Set(),
    trustHops: 0,
    getLimit: 100,
    getHits,
    stopping: () => stopping,
    listener: (cookie, nonce, _address, parts) => listenerOf(loadContext(cookie, nonce), parts),
    fillHole,
  });
  server = http.createServer((req, res) => hit(req, res, () => app(req, res)) || app(req, res));
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const get = (path: string, headers: Record<string, string>, method = "GET") =>
  new Promise<Raw>((resolve, reject) => {
    const req = http.request(`${at}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
const browser = { "Accept-Encoding": "gzip, deflate, br" };
const as = (uid: string) => ({ ...browser, Cookie: `theme=dark; hrs_session=live-${uid}` });
const html = (r: Raw) => zlib.gunzipSync(r.body).toString("utf8");

describe("signed-in pages before Express", () => {
  it("answer a listener from the template with their own data, gzip spliced, a fresh nonce and Express's headers", async () => {
    const first = await get("/", as("ann"));
    expect([first.status, first.headers["x-render-cache"], first.headers["content-encoding"]]).toEqual([
      200,
      "miss",
      "gzip",
    ]);
    const before = throughExpress;
    const answers = await Promise.all([get("/", as("ann")), get("/", as("fav")), get("/", as("ann"))]);
    expect(throughExpress).toBe(before);
    for (const r of answers) {
      expect([r.status, r.headers["x-render-cache"], r.headers["content-encoding"]]).toEqual([200, "hit", "gzip"]);
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.headers["x-frame-options"]).toBe("DENY");
      expect(r.headers.vary).toMatch(/Accept-Encoding/);
      expect(r.headers.ratelimit).toMatch(/^limit=100, remaining=\d+, reset=\d+$/);
      const nonce = /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))![1];
      expect(r.headers["content-security-policy"]).toBe(`script-src 'nonce-${nonce}'; object-src 'none'`);
      expect([...html(r).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual([nonce, nonce]);
    }
    const nonces = answers.map((r) => String(r.headers["content-security-policy"]));
    expect(new Set(nonces).size).toBe(3);
    const [ann, fav] = answers.map(html);
    const own = (uid: string, favorites: string[], positions: object) =>
      handoff(
        rootListenerText({ user: { id: uid, email: `${uid}@example.com` }, favorites, restore: null }),
        JSON.stringify(positions),
      );
    expect(ann).toContain(own("ann", [], {}));
    expect(ann).not.toContain('aria-pressed="true"');
    expect(ann).not.toContain("<progress");
    expect(fav).toContain(own("fav", ["b.mp3"], { "b.mp3": { position: 30, duration: 600, played: false } }));
    expect(fav).toContain('<button aria-pressed="true">Saved b.mp3</button>');
    expect(fav.match(/aria-pressed="false"/g)).toHaveLength(2);
    // Padded inside its first tag to its hole's length (ADR 054).
    expect(fav.replace(/<div class="pos" +>/g, '<div class="pos">')).toContain(
      positionHtml({ src: "b.mp3", title: "b.mp3", back: "/" }, positionsOf("fav")[0]),
    );
    expect(fav.match(/<progress/g)).toHaveLength(1);
    for (const page of [ann, fav]) {
      expect(page).not.toContain("hrs-");
      expect(page).not.toContain(dataHoleText({ positions: SRCS }).slice(1, 33));
      expect(page).not.toContain(TEMPLATE_LISTENER.user!.id);
    }
  });

  it("leave to Express whatever is not such a request, a cookie with no live session, and a session that cannot be read", async () => {
    await get("/other", as("ann"));
    const cases: [Record<string, string>, string][] = [
      [{ ...as("ann"), "Accept-Encoding": "br" }, "GET"],
      [{ ...as("ann"), "If-None-Match": '"x"' }, "GET"],
      [as("ann"), "HEAD"],
      [{ ...browser, Cookie: "hrs_session=expired" }, "GET"],
      [as("down"), "GET"],
    ];
    for (const [headers, method] of cases) {
      const before = throughExpress;
      await get("/other", headers, method);
      expect(throughExpress, JSON.stringify([headers, method])).toBe(before + 1);
    }
    // The blip: a render of its own (the app's is a 503, ADR 026), never the anonymous page.
    expect((await get("/other", as("down"))).status).toBe(503);
    stopping = true;
    const before = throughExpress;
    await get("/other", as("ann"));
    expect(throughExpress).toBe(before + 1);
    stopping = false;
  });
});
