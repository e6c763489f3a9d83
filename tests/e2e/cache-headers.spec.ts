/**
 * Caching at the HTTP level (no browser): named cache policies, the same bytes for every anonymous
 * listener with an ETag and a 304, private signed-in pages, precompressed build assets. Runs once
 * (desktop-js project).
 *   E2E_PORT=3260 npx playwright test tests/e2e/cache-headers.spec.ts
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { clientAddress, signedInCookie } from "./support/auth";
import { dataUrl, listenerOnPage, routeData } from "./support/route-data";

const PUBLIC_PAGE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";
const listener = () => ({ "X-Forwarded-For": clientAddress() });

async function episodePath(request: APIRequestContext): Promise<string> {
  const text = await (await request.get(dataUrl("/", "routes/_index"))).text();
  const data = await routeData<{ latest: { title: string }[] }>(text, "routes/_index");
  return `/episode?title=${encodeURIComponent(data.latest[0]!.title)}`;
}

test("anonymous public pages: public policy, Vary: Cookie, no cookie", async ({ request }) => {
  const paths = [
    "/",
    "/eras",
    "/era?station=MLR",
    await episodePath(request),
    "/News",
    "/search?term=radio",
    "/about",
    "/crew-page",
  ];
  for (const path of paths) {
    const first = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(first.status(), path).toBe(200);
    const h = first.headers();
    expect(h["cache-control"], path).toBe(PUBLIC_PAGE);
    expect(h.vary, path).toMatch(/\bCookie\b/i);
    expect(h["set-cookie"], path).toBeUndefined();

    const second = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(second.headers()["cache-control"], path).toBe(PUBLIC_PAGE);
    expect(second.headers()["set-cookie"], path).toBeUndefined();
  }
});

test("anonymous answers are the same bytes for everybody, with an ETag and a 304 in every encoding", async ({
  request,
}) => {
  for (const path of ["/", "/eras", "/api/now-playing"]) {
    const raw = (encoding: string, etag?: string) =>
      request.get(path, {
        headers: { "Accept-Encoding": encoding, ...(etag ? { "If-None-Match": etag } : {}) },
        maxRedirects: 0,
      });
    await raw("br");
    const [a, b] = [await raw("br"), await raw("br")];
    expect(a.headers()["content-encoding"], path).toBe("br");
    expect(await a.body(), path).toEqual(await b.body());
    for (const name of ["content-security-policy", "etag", "content-length"])
      expect(a.headers()[name], `${path}: ${name}`).toBe(b.headers()[name]);
    // Weak: it names the content, whichever coding compression then picks.
    expect(a.headers().etag, path).toMatch(/^W\/"[^"]+"$/);
    expect(a.headers().vary, path).toMatch(/Accept-Encoding/i);
    const gz = await raw("gzip");
    expect(gz.headers()["content-encoding"], path).toBe("gzip");
    expect(await gz.text(), path).toBe(await a.text());
    const identity = await raw("identity");
    expect(identity.headers()["content-encoding"], path).toBeUndefined();
    expect(await identity.text(), path).toBe(await a.text());
    for (const encoding of ["br", "gzip", "identity"]) {
      const again = await raw(encoding, a.headers().etag);
      expect(again.status(), `${path}: If-None-Match, ${encoding}`).toBe(304);
      expect(await again.body(), path).toHaveLength(0);
    }
  }
});

test("signed-in and private pages: private, no-store, no ETag, never the anonymous bytes", async ({
  request,
  baseURL,
}) => {
  const { cookie } = await signedInCookie(baseURL!, "cache");
  for (const path of ["/", "/eras", await episodePath(request), "/user"]) {
    await request.get(path, { headers: { Cookie: cookie } });
    const r = await request.get(path, { headers: { Cookie: cookie } });
    expect(r.status(), path).toBe(200);
    expect(r.headers()["cache-control"], path).toBe("private, no-store");
    expect(r.headers().etag, path).toBeUndefined();
    expect(r.headers()["content-security-policy"], path).toMatch(/'nonce-[^']+'/);
  }
  const home = await (await request.get("/", { headers: { Cookie: cookie } })).text();
  expect((await listenerOnPage(home))?.user.id).toBeTruthy();
  // The anonymous copy never shows the listener.
  const anonymous = await request.get("/");
  expect(anonymous.headers()["content-security-policy"]).not.toMatch(/'nonce-/);
  expect(await listenerOnPage(await anonymous.text())).toBeNull();

  for (const path of ["/signin", "/signup", "/healthz"]) {
    const r = await request.get(path, { headers: listener() });
    expect(r.headers()["cache-control"], path).toBe("private, no-store");
  }
  const progress = await request.get("/api/progress");
  expect(progress.headers()["cache-control"]).toBe("private, no-store");
});

test("hashed build assets: immutable for a year, precompressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const scripts = [...html.matchAll(/href="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]);
  const css = /href="(\/build\/_assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(scripts.length).toBeGreaterThan(0);
  for (const asset of [...scripts, css!]) {
    const r = await request.get(asset, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(r.status(), asset).toBe(200);
    expect(r.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    expect(r.headers()["set-cookie"], asset).toBeUndefined();
  }
  // Every script over 1 KB has a brotli copy; the big framework chunks certainly do.
  const encodings = [];
  for (const asset of scripts) {
    const r = await request.get(asset, { headers: { "Accept-Encoding": "br" } });
    expect(r.headers()["content-type"], asset).toMatch(/javascript/);
    encodings.push(r.headers()["content-encoding"] ?? "identity");
  }
  expect(encodings.filter((e) => e === "br").length).toBeGreaterThanOrEqual(2);
});

test("now-playing: short public policy", async ({ request }) => {
  const r = await request.get("/api/now-playing");
  expect(r.headers()["cache-control"]).toBe("public, max-age=1, s-maxage=1");
});
