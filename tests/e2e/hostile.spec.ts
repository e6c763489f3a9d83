/**
 * Every query parameter and route parameter of the public routes against hostile input: very
 * long strings, unicode (RTL, emoji, combining marks), NUL bytes, SQL and HTML metacharacters,
 * path traversal, malformed percent-encoding, FTS syntax, missing and duplicated parameters.
 * The server must answer each with a normal page or a clear 4xx: never a 5xx, never a stack
 * trace, and echoed text always escaped. HTTP only (no browser); runs in one project.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  addressesFrom,
  CLEAR_4XX,
  inBatches,
  pathChecks,
  plainRouteChecks,
  problemsOf,
  queryChecks,
  ROUTE_SWEEP_ECHO_INPUTS,
  STACK,
  type Check,
} from "./support/hostile";
import { startAppServer } from "./support/app-server";

/**
 * The server rate-limits page GETs per client address (behind one trusted proxy hop in e2e).
 * Each probe comes from its own documentation-range address, so the loop tests input handling,
 * not the rate limiter.
 */
const clientAddress = addressesFrom("198.18");

async function probe(request: APIRequestContext, { url, text }: Check): Promise<string[]> {
  let res;
  try {
    res = await request.get(url, {
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: 20_000,
      headers: clientAddress(),
    });
  } catch (error) {
    return [`${url.slice(0, 120)}: request failed: ${(error as Error).message.split("\n")[0]}`];
  }
  const short = url.length > 140 ? `${url.slice(0, 140)}… (${url.length} chars)` : url;
  const headers: Record<string, string[]> = {};
  for (const h of res.headersArray()) (headers[h.name.toLowerCase()] ??= []).push(h.value);
  return problemsOf(short, { status: res.status(), headers, body: await res.text() }, text);
}

const runAll = (request: APIRequestContext, checks: Check[]) => inBatches(checks, 8, (c) => probe(request, c));

let total = 0;

test.describe.configure({ mode: "serial" });

test("query parameters: hostile values, missing and duplicated → never a 5xx or a stack trace", async ({ request }) => {
  test.setTimeout(600_000);
  const checks = queryChecks();
  const problems = await runAll(request, checks);
  total += checks.length;
  console.log(`hostile query-parameter inputs checked: ${checks.length}`);
  expect(problems, problems.slice(0, 30).join("\n")).toEqual([]);
});

test("route parameters and unknown paths: hostile segments → never a 5xx or a stack trace", async ({ request }) => {
  test.setTimeout(600_000);
  const checks = pathChecks();
  const problems = await runAll(request, checks);
  total += checks.length;
  console.log(`hostile route-parameter inputs checked: ${checks.length}`);
  expect(problems, problems.slice(0, 30).join("\n")).toEqual([]);
});

test("routes without parameters ignore stray hostile parameters", async ({ request }) => {
  test.setTimeout(600_000);
  const checks = plainRouteChecks();
  const problems = await runAll(request, checks);
  total += checks.length;
  console.log(`hostile stray-parameter inputs checked: ${checks.length}`);
  expect(problems, problems.slice(0, 30).join("\n")).toEqual([]);
});

test("the search term is echoed escaped, in the heading and the no-results line", async ({ request }) => {
  const payload = '<script>alert("x")</script><img src=x onerror=alert(1)>';
  const res = await request.get(`/search?term=${encodeURIComponent(payload)}`, { headers: clientAddress() });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).not.toContain("<script>alert");
  expect(html).not.toContain("<img src=x");
  // (React puts an empty comment between adjacent text parts.)
  expect(html).toMatch(/Search: (<!-- -->)?&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
  // A term whose words match nothing echoes in the no-results line, escaped too.
  const none = await request.get(`/search?term=${encodeURIComponent('<zzqqy onload="x">')}`, {
    headers: clientAddress(),
  });
  const noneHtml = await none.text();
  expect(noneHtml).not.toContain("<zzqqy");
  expect(noneHtml).toMatch(/No Results for &quot;(<!-- -->)?&lt;zzqqy onload=&quot;x&quot;&gt;(<!-- -->)?&quot;/);
  total += ROUTE_SWEEP_ECHO_INPUTS;
});

test("clear 4xx answers for bad input, with a message and no stack trace", async ({ request }) => {
  const cases = CLEAR_4XX;
  for (const [url, status, message] of cases) {
    const res = await request.get(url, { headers: clientAddress() });
    expect(res.status(), url).toBe(status);
    const body = await res.text();
    expect(body, url).toMatch(message);
    for (const re of STACK) expect(body, url).not.toMatch(re);
  }
  total += cases.length;
});

test.afterAll(() => {
  console.log(`hostile inputs checked in all: ${total}`);
});

test("junk requests write their request line and at most one more each, never a stack trace", async () => {
  const server = await startAppServer({ NOW_PLAYING_KIND: "none" }, "log-lines");
  try {
    const junk: [string, RequestInit][] = [
      ["/?_data=nope", {}],
      ["/?_data=routes/era", {}],
      ["/", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } }],
      ["/about", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } }],
      ["/News/%c0", {}],
      ["/%", {}],
      ["/", { method: "PROPFIND" }],
    ];
    const before = server.output().length;
    for (const [path, init] of junk) {
      const r = await fetch(`${server.origin}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          Origin: server.origin,
          "X-Forwarded-For": "198.19.0.1",
        },
      });
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
    const log = server.output().slice(before);
    expect(log, "no stack frames").not.toMatch(/\n\s+at |\\n\s+at /);
    expect(log.trim().split("\n").length, log).toBeLessThanOrEqual(2 * junk.length);
  } finally {
    await server.stop();
  }
});
