/**
 * Every query parameter and route parameter of the public routes against hostile input: very
 * long strings, unicode (RTL, emoji, combining marks), NUL bytes, SQL and HTML metacharacters,
 * path traversal, malformed percent-encoding, FTS syntax, missing and duplicated parameters.
 * The server must answer each with a normal page or a clear 4xx: never a 5xx, never a stack
 * trace, and echoed text always escaped. HTTP only (no browser); runs in one project.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { coldcutEpisode, crewMember, dthNews, episodeWithSubtext, wtfNews } from "./support/sample";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-js", "HTTP-only checks run once, in desktop-js");
});

/** A value either as text (percent-encoded when sent) or as raw URL bytes (sent as written). */
type Value = { label: string; text?: string; raw?: string };

const TEXT: Value[] = [
  { label: "empty", text: "" },
  { label: "spaces", text: "   " },
  { label: "plus signs", raw: "+++" },
  { label: "10k letters", text: "a".repeat(10_000) },
  { label: "10k mixed", text: "<'\";-- ".repeat(1_430) },
  { label: "long emoji", text: "📻".repeat(1_500) },
  { label: "RTL Arabic", text: "مرحبا بالعالم" },
  { label: "RTL override", text: "\u202egnp.exe" },
  { label: "emoji ZWJ", text: "👨‍👩‍👧‍👦🎙️🇨🇦" },
  { label: "combining marks", text: "Z\u0351\u0354\u0300\u0301\u0302a\u0303\u0304\u0305l\u0306\u0307go" },
  { label: "zero-width and BOM", text: "\u200b\u200c\u200d\ufeffx" },
  { label: "CJK", text: "東京からの生放送" },
  { label: "NUL", raw: "%00" },
  { label: "NUL inside", raw: "abc%00def" },
  { label: "control chars", raw: "%01%02%1B%7F" },
  { label: "CRLF injection", raw: "x%0D%0ASet-Cookie:%20evil=1" },
  { label: "invalid UTF-8", raw: "%ED%A0%80" },
  { label: "overlong UTF-8", raw: "%C0%AF" },
  { label: "0xFF byte", raw: "%FF%FE" },
  { label: "lone percent", raw: "%" },
  { label: "bad percent", raw: "%zz%E0%A4%A" },
  { label: "single quote", text: "'" },
  { label: "double quote", text: '"' },
  { label: "semicolon", text: ";" },
  { label: "SQL comment", text: "--" },
  { label: "SQL tautology", text: "' OR '1'='1" },
  { label: "SQL drop", text: "1'; DROP TABLE episodes; --" },
  { label: "SQL union", text: "x' UNION SELECT sql FROM sqlite_master --" },
  { label: "LIKE wildcards", text: "%_%" },
  { label: "backslash", text: "\\" },
  { label: "script tag", text: "<script>alert(1)</script>" },
  { label: "attribute breakout", text: '"><img src=x onerror=alert(1)>' },
  { label: "title breakout", text: "</title><script>alert(document.domain)</script>" },
  { label: "javascript URL", text: "javascript:alert(1)" },
  { label: "template syntax", text: "{{7*7}}${7*7}<%= 7*7 %>" },
  { label: "JSON breakout", text: '"}]});alert(1)//' },
  { label: "path traversal", text: "../../../../etc/passwd" },
  { label: "encoded traversal", raw: "..%2F..%2F..%2Fetc%2Fpasswd" },
  { label: "double-encoded traversal", raw: "%252e%252e%252f" },
  { label: "windows traversal", text: "..\\..\\windows\\win.ini" },
  { label: "lone backslash", raw: "%5C" },
  { label: "backslash slash", raw: "%5C%2F" },
  { label: "tab slash", raw: "%09/" },
  { label: "encoded slashes", raw: "%2F%2Fevil.example" },
  { label: "absolute URL", text: "https://evil.example/" },
  { label: "protocol-relative", text: "//evil.example" },
  { label: "FTS quote", text: '"unterminated' },
  { label: "FTS star", text: "*" },
  { label: "FTS NEAR", text: "NEAR(antenna heist, 2)" },
  { label: "FTS parens", text: "((antenna" },
  { label: "FTS boolean", text: "antenna AND OR NOT -heist" },
  { label: "FTS column", text: "title:antenna ^x {title}:y" },
  { label: "number negative", text: "-1" },
  { label: "number zero", text: "0" },
  { label: "number huge", text: "9".repeat(40) },
  { label: "number exp", text: "1e999" },
  { label: "NaN", text: "NaN" },
  { label: "float", text: "1.5" },
  { label: "array syntax", raw: "a&x[]=1" },
  { label: "prototype key", text: "__proto__" },
  { label: "constructor key", text: "constructor" },
];

const enc = (v: Value) => v.raw ?? encodeURIComponent(v.text ?? "");
const textOf = (v: Value) => v.text ?? "";

/** The query parameters of the public routes, with a valid value for each (for duplication). */
const QUERY_PARAMS: { path: string; name: string; valid: string; others?: string; few?: boolean }[] = [
  { path: "/era", name: "station", valid: "MLR" },
  { path: "/era", name: "page", valid: "1", others: "station=MLR" },
  { path: "/episode", name: "title", valid: episodeWithSubtext.title },
  { path: "/episode", name: "t", valid: "30", others: `title=${encodeURIComponent(episodeWithSubtext.title)}` },
  { path: "/coldcut/", name: "title", valid: coldcutEpisode.title },
  { path: "/coldcut/", name: "t", valid: "30", others: `title=${encodeURIComponent(coldcutEpisode.title)}` },
  { path: "/search", name: "term", valid: "antenna" },
  { path: "/crew", name: "name", valid: crewMember.Name },
  { path: "/Crew", name: "name", valid: crewMember.Name },
  { path: "/News", name: "tab", valid: "wtfnews" },
  { path: "/rss", name: "era", valid: "MLR" },
  // Parameters no route reads must be ignored, including Remix's own data parameter.
  { path: "/", name: "utm_source", valid: "x" },
  { path: "/", name: "_data", valid: "root", few: true },
  { path: "/eras", name: "index", valid: "" },
];

/** The route parameters (path segments) of the public routes. */
const PATH_PARAMS: { label: string; build: (seg: string) => string }[] = [
  { label: "/News/:slug", build: (s) => `/News/${s}` },
  { label: "/WTFNews/:slug", build: (s) => `/WTFNews/${s}` },
  { label: "/Page/:url", build: (s) => `/Page/${s}` },
  { label: "unknown path", build: (s) => `/${s}` },
  { label: "unknown nested path", build: (s) => `/about/${s}` },
];

/** The public routes with no parameters, hit with every value as a stray parameter. */
const PLAIN_ROUTES = ["/", "/eras", "/crew-page", "/about", "/help", "/privacy-policy", "/DPB", "/speical-feature", "/page", "/error"];

const STACK = [/\n\s+at\s+[^\n]*:\d+:\d+/, /node_modules\//, /\/work\/main\//, /build\/index\.js/, /SqliteError/i, /ZodError/, /TypeError:|ReferenceError:|RangeError:/];

type Check = { url: string; text?: string };

/**
 * The server rate-limits page GETs per client address (behind one trusted proxy hop in e2e).
 * Each probe comes from its own documentation-range address, so the loop tests input handling,
 * not the rate limiter.
 */
let clientNo = 0;
function clientAddress(): Record<string, string> {
  clientNo++;
  return { "X-Forwarded-For": `198.18.${(clientNo >> 8) & 255}.${clientNo & 255}` };
}

async function probe(request: APIRequestContext, { url, text }: Check): Promise<string[]> {
  const problems: string[] = [];
  let res;
  try {
    res = await request.get(url, { maxRedirects: 0, failOnStatusCode: false, timeout: 20_000, headers: clientAddress() });
  } catch (error) {
    return [`${url.slice(0, 120)}: request failed: ${(error as Error).message.split("\n")[0]}`];
  }
  const status = res.status();
  const short = url.length > 140 ? `${url.slice(0, 140)}… (${url.length} chars)` : url;
  if (status >= 500) problems.push(`${short}: HTTP ${status}`);
  if (status === 429) problems.push(`${short}: rate-limited, so the input was never checked`);
  const body = await res.text();
  for (const re of STACK) if (re.test(body)) problems.push(`${short}: body looks like a stack trace (${re})`);
  const type = res.headers()["content-type"] ?? "";
  // Echoed text is escaped: markup from the input never appears raw in an HTML page.
  if (text && /[<>]/.test(text) && type.includes("text/html") && body.includes(text)) {
    problems.push(`${short}: input echoed unescaped`);
  }
  if (/set-cookie/i.test(Object.keys(res.headers()).join(" ")) && /evil=1/.test(res.headers()["set-cookie"] ?? "")) {
    problems.push(`${short}: header injection`);
  }
  return problems;
}

async function runAll(request: APIRequestContext, checks: Check[]) {
  const problems: string[] = [];
  const BATCH = 8;
  for (let i = 0; i < checks.length; i += BATCH) {
    const results = await Promise.all(checks.slice(i, i + BATCH).map((c) => probe(request, c)));
    problems.push(...results.flat());
  }
  return problems;
}

function queryChecks(): Check[] {
  const checks: Check[] = [];
  for (const p of QUERY_PARAMS) {
    const base = (qs: string) => `${p.path}?${[p.others, qs].filter(Boolean).join("&")}`;
    // Missing parameter, the parameter without a value, and a duplicated valid one.
    checks.push({ url: p.others ? `${p.path}?${p.others}` : p.path });
    checks.push({ url: base(p.name) });
    checks.push({ url: base(`${p.name}=${encodeURIComponent(p.valid)}&${p.name}=${encodeURIComponent(p.valid)}`) });
    // Remix logs every unknown _data route id; a sample of the values is enough there.
    for (const v of p.few ? TEXT.filter((_, i) => i % 6 === 0) : TEXT) {
      checks.push({ url: base(`${p.name}=${enc(v)}`), text: textOf(v) });
      // Duplicated: a valid value first and the hostile one second, and the other way round.
      checks.push({ url: base(`${p.name}=${encodeURIComponent(p.valid)}&${p.name}=${enc(v)}`), text: textOf(v) });
      checks.push({ url: base(`${p.name}=${enc(v)}&${p.name}=${encodeURIComponent(p.valid)}`), text: textOf(v) });
    }
  }
  return checks;
}

function pathChecks(): Check[] {
  const checks: Check[] = [];
  for (const p of PATH_PARAMS) {
    for (const v of TEXT) {
      const seg = enc(v);
      if (seg === "") continue;
      checks.push({ url: p.build(seg), text: textOf(v) });
    }
  }
  // Valid slugs with hostile trailing parts.
  for (const slug of [dthNews[0]!.slug, wtfNews[0]!.slug]) {
    checks.push({ url: `/News/${slug}%00` }, { url: `/WTFNews/${slug}/extra` }, { url: `/News/${slug}?x=<script>`, text: "<script>" });
  }
  return checks;
}

function plainRouteChecks(): Check[] {
  const checks: Check[] = [];
  for (const path of PLAIN_ROUTES) {
    for (const v of TEXT) checks.push({ url: `${path}?q=${enc(v)}&${enc(v)}=1`, text: textOf(v) });
  }
  return checks;
}

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
  const none = await request.get(`/search?term=${encodeURIComponent('<zzqqy onload="x">')}`, { headers: clientAddress() });
  const noneHtml = await none.text();
  expect(noneHtml).not.toContain("<zzqqy");
  expect(noneHtml).toMatch(/No Results for &quot;(<!-- -->)?&lt;zzqqy onload=&quot;x&quot;&gt;(<!-- -->)?&quot;/);
  total += 1;
});

test("clear 4xx answers for bad input, with a message and no stack trace", async ({ request }) => {
  const cases: [string, number, RegExp][] = [
    ["/search?term=%00", 400, /search term contains characters that aren't allowed/],
    [`/search?term=${"a".repeat(201)}`, 400, /search term is too long/],
    ["/era?station=MLR&page=abc", 400, /page must be a whole number/],
    ["/era?station=MLR&page=0", 400, /page must be a whole number/],
    ["/News?tab=%3Cscript%3E", 400, /Unknown news tab/],
    ["/rss", 400, /Unknown era/],
    ["/rss?era=%00", 400, /Unknown era/],
    ["/episode?title=%00", 400, /episode title contains characters/],
    ["/crew?name=%00", 400, /crew name contains characters/],
    ["/era?station=nope", 404, /NOT FOUND/],
    ["/episode?title=nope", 404, /NOT FOUND/],
  ];
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
