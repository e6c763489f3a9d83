/**
 * The hostile-input generator and checks shared by the sweeps (hostile.spec.ts: query and route
 * parameters; hostile-forms.spec.ts: form fields, bodies and cookies): the hostile values, the
 * "never a 5xx, never a stack trace, never echoed raw" check, distinct client addresses so the
 * sweeps test input handling and not the rate limiter, and a raw HTTP/1.1 client for what a
 * normal client refuses to send (NUL and non-Latin-1 bytes in headers, duplicated header lines,
 * chunked bodies, a body the server stops reading).
 */
import net from "node:net";
import zlib from "node:zlib";
import { coldcutEpisode, crewMember, dthNews, episodeWithSubtext, wtfNews } from "./sample";

/** A value either as text (percent-encoded when sent) or as raw URL bytes (sent as written). */
export type Value = { label: string; text?: string; raw?: string };

export const TEXT: Value[] = [
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

/** The value as URL (or form body) bytes. */
export const enc = (v: Value) => v.raw ?? encodeURIComponent(v.text ?? "");
/** The text a value stands for (what must never come back unescaped). */
export const textOf = (v: Value) => v.text ?? "";
/** The value as a JSON string: the text, or the raw bytes decoded as far as they decode. */
export function stringOf(v: Value): string {
  if (v.text !== undefined) return v.text;
  try {
    return decodeURIComponent(v.raw ?? "");
  } catch {
    return v.raw ?? "";
  }
}

/** What a stack trace or an internal error leaking into a response looks like. */
export const STACK = [
  /\n\s+at\s+[^\n]*:\d+:\d+/,
  /node_modules\//,
  /\/work\/main\//,
  /build\/index\.js/,
  /SqliteError/i,
  /ZodError/,
  /TypeError:|ReferenceError:|RangeError:/,
];

export interface Answer {
  status: number;
  /** Lower-case header names; Set-Cookie may repeat, so every value is a list. */
  headers: Record<string, string[]>;
  body: string;
}

/**
 * The problems of one answer to a hostile input: a 5xx, a 429 (the input was never checked), a
 * stack trace, the input's markup echoed unescaped in HTML, a header injected through the input,
 * or a redirect that leaves the site.
 */
export function problemsOf(label: string, answer: Answer, echo?: string): string[] {
  const problems: string[] = [];
  const { status, headers, body } = answer;
  if (status >= 500) problems.push(`${label}: HTTP ${status}`);
  if (status === 429) problems.push(`${label}: rate-limited, so the input was never checked`);
  for (const re of STACK) if (re.test(body)) problems.push(`${label}: body looks like a stack trace (${re})`);
  const type = headers["content-type"]?.[0] ?? "";
  // A shared page's own inline scripts carry no nonce (ADR 030), so a bare `<script>` opens each:
  // one followed by code up to its `</script>` (no markup in between) is the app's.
  const own = new RegExp(`${(echo ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[^<]{20,}</script>)`, "g");
  if (echo && /[<>]/.test(echo) && type.includes("text/html") && body.replace(own, "").includes(echo))
    problems.push(`${label}: input echoed unescaped`);
  if ((headers["set-cookie"] ?? []).some((c) => /evil=1/.test(c)) || headers["evil"])
    problems.push(`${label}: header injection`);
  const location = headers["location"]?.[0];
  if (location !== undefined && !isInSite(location))
    problems.push(`${label}: redirects off the site to ${JSON.stringify(location.slice(0, 80))}`);
  return problems;
}

/** A Location that stays on this site: a path (not //host or /\host), no control characters. */
export function isInSite(location: string): boolean {
  return (
    location.startsWith("/") &&
    !location.startsWith("//") &&
    !location.startsWith("/\\") &&
    !/[\u0000-\u001f\u007f]/.test(location)
  );
}

/**
 * Distinct client addresses (one trusted proxy hop in e2e) from a /16 of the benchmarking range,
 * one per probe: each sweep uses its own /16 so the sweeps never share a rate-limit bucket.
 */
export function addressesFrom(prefix: `${number}.${number}`): () => Record<string, string> {
  let n = 0;
  return () => {
    n++;
    return { "X-Forwarded-For": `${prefix}.${(n >> 8) & 255}.${n & 255}` };
  };
}

/** Run checks a few at a time and collect their problems. */
export async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < items.length; i += size) {
    const results = await Promise.all(items.slice(i, i + size).map(run));
    problems.push(...results.flat());
  }
  return problems;
}

export interface RawRequest {
  method: string;
  path: string;
  /** Header lines as sent (a name may repeat); Host is added. */
  headers?: [string, string | Buffer][];
  /** The Host header's value instead of the server's own; null: no Host line at all. */
  host?: string | null;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
  /** Leave Content-Length out even for a body (the caller sends its own or none). */
  noLength?: boolean;
}

/**
 * One HTTP/1.1 request over a fresh socket, bytes exactly as given; done as soon as the whole
 * answer is in. The connection is kept alive (no Connection: close): a server that answers before
 * reading a large body then drains it instead of closing on unread data, which resets the
 * connection and can lose the answer in flight. A connection the server closes still yields
 * whatever answer arrived.
 */
export function rawRequest(baseURL: string, req: RawRequest, timeoutMs = 30_000): Promise<Answer> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks);
      const answer = parseAnswer(data);
      if (answer) resolve(answer);
      else
        reject(
          new Error(
            `${req.method} ${req.path.slice(0, 100)}: no HTTP answer (${error?.message ?? `${data.length} bytes`})`,
          ),
        );
    };
    const timer = setTimeout(() => finish(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    socket.on("data", (d: Buffer) => {
      chunks.push(d);
      if (isComplete(Buffer.concat(chunks), req.method)) finish();
    });
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    socket.on("error", (e) => {
      // EPIPE/ECONNRESET after the answer arrived: the server refused the rest of the body.
      if (parseAnswer(Buffer.concat(chunks))) finish();
      else if (!["EPIPE", "ECONNRESET"].includes((e as NodeJS.ErrnoException).code ?? "")) finish(e);
    });
    socket.on("connect", () => {
      const body: Buffer | undefined =
        req.body === undefined ? undefined : typeof req.body === "string" ? Buffer.from(req.body, "utf8") : req.body;
      const host = req.host === null ? "" : `Host: ${req.host ?? url.host}\r\n`;
      const lines: Buffer[] = [Buffer.from(`${req.method} ${req.path} HTTP/1.1\r\n${host}`, "latin1")];
      for (const [name, value] of req.headers ?? []) {
        lines.push(
          Buffer.from(`${name}: `, "latin1"),
          typeof value === "string" ? Buffer.from(value, "utf8") : value,
          Buffer.from("\r\n"),
        );
      }
      if (body && req.chunked) lines.push(Buffer.from("Transfer-Encoding: chunked\r\n"));
      else if (body && !req.noLength) lines.push(Buffer.from(`Content-Length: ${body.length}\r\n`));
      lines.push(Buffer.from("\r\n"));
      socket.write(Buffer.concat(lines));
      if (!body) return;
      if (!req.chunked) {
        socket.write(body);
        return;
      }
      const CHUNK = 64 * 1024;
      for (let i = 0; i < body.length; i += CHUNK) {
        const part = body.subarray(i, i + CHUNK);
        socket.write(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]));
      }
      socket.write("0\r\n\r\n");
    });
  });
}

/** Whether the bytes hold a whole answer (by Content-Length, or the last chunk). */
function isComplete(data: Buffer, method: string): boolean {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = data.subarray(0, end).toString("latin1");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  if (method === "HEAD" || status === 204 || status === 304 || (status >= 100 && status < 200)) return true;
  const body = data.length - end - 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return body >= Number(length[1]);
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head))
    return (
      data.subarray(end + 4).includes("\r\n0\r\n\r\n") || data.subarray(end + 4, end + 9).toString() === "0\r\n\r\n"
    );
  return false;
}

function parseAnswer(data: Buffer): Answer | null {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = data.subarray(0, end).toString("latin1").split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? "");
  if (!status) return null;
  const headers: Record<string, string[]> = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(":");
    if (i < 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(i + 1).trim());
  }
  let body = data.subarray(end + 4);
  if ((headers["transfer-encoding"]?.[0] ?? "").includes("chunked")) body = dechunk(body);
  const encoding = headers["content-encoding"]?.[0];
  try {
    if (encoding === "gzip") body = zlib.gunzipSync(body);
    else if (encoding === "br") body = zlib.brotliDecompressSync(body);
  } catch {
    // A truncated body: check what arrived.
  }
  return { status: Number(status[1]), headers, body: body.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------------------------
// The query and route parameters of the public routes (hostile.spec.ts), as data so the form
// sweep can report the combined count.

export type Check = { url: string; text?: string };

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
const PLAIN_ROUTES = [
  "/",
  "/eras",
  "/crew-page",
  "/about",
  "/help",
  "/privacy-policy",
  "/DPB",
  "/speical-feature",
  "/page",
  "/error",
];

export function queryChecks(): Check[] {
  const checks: Check[] = [];
  for (const p of QUERY_PARAMS) {
    const base = (qs: string) => `${p.path}?${[p.others, qs].filter(Boolean).join("&")}`;
    // Missing parameter, the parameter without a value, and a duplicated valid one.
    checks.push({ url: p.others ? `${p.path}?${p.others}` : p.path });
    checks.push({ url: base(p.name) });
    checks.push({ url: base(`${p.name}=${encodeURIComponent(p.valid)}&${p.name}=${encodeURIComponent(p.valid)}`) });
    // Remix logs every unknown _data route id; a sample of the values is enough there.
    const values = p.few ? TEXT.filter((_, i) => i % 6 === 0) : TEXT;
    values.forEach((v, i) => {
      checks.push({ url: base(`${p.name}=${enc(v)}`), text: textOf(v) });
      // Duplicated: a valid value first and the hostile one second, and the other way round. Which
      // of two values a route reads does not depend on what they hold: every third value is enough.
      if (i % 3 !== 0) return;
      checks.push({ url: base(`${p.name}=${encodeURIComponent(p.valid)}&${p.name}=${enc(v)}`), text: textOf(v) });
      checks.push({ url: base(`${p.name}=${enc(v)}&${p.name}=${encodeURIComponent(p.valid)}`), text: textOf(v) });
    });
  }
  return checks;
}

export function pathChecks(): Check[] {
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
    checks.push(
      { url: `/News/${slug}%00` },
      { url: `/WTFNews/${slug}/extra` },
      { url: `/News/${slug}?x=<script>`, text: "<script>" },
    );
  }
  return checks;
}

export function plainRouteChecks(): Check[] {
  const checks: Check[] = [];
  for (const path of PLAIN_ROUTES) {
    for (const v of TEXT) checks.push({ url: `${path}?q=${enc(v)}&${enc(v)}=1`, text: textOf(v) });
  }
  return checks;
}

/** Bad input with a defined answer: the status and the message that explains it. */
export const CLEAR_4XX: [string, number, RegExp][] = [
  ["/search?term=%00", 400, /search term contains characters that aren't allowed/],
  [`/search?term=${"a".repeat(201)}`, 400, /search term is too long/],
  ["/era?station=MLR&page=abc", 400, /page must be a whole number/],
  ["/era?station=MLR&page=0", 400, /page must be a whole number/],
  ["/News?tab=%3Cscript%3E", 400, /Unknown news tab/],
  ["/rss?era=%00", 400, /era contains characters that aren't allowed/],
  [`/rss?era=${"x".repeat(101)}`, 400, /era is too long/],
  ["/rss?era=EdgeFM", 404, /Unknown era/],
  ["/sitemap.xml?page=abc", 400, /sitemap page must be a whole number/],
  ["/sitemap.xml?page=99", 404, /no such sitemap page/],
  ["/episode?title=%00", 400, /episode title contains characters/],
  ["/crew?name=%00", 400, /crew name contains characters/],
  ["/era?station=nope", 404, /NOT FOUND/],
  ["/episode?title=nope", 404, /NOT FOUND/],
];

/** How many inputs hostile.spec.ts sends: the generated sweeps, the 4xx table and the echo test. */
export const ROUTE_SWEEP_ECHO_INPUTS = 2;
export function routeSweepInputCount(): number {
  return (
    queryChecks().length + pathChecks().length + plainRouteChecks().length + CLEAR_4XX.length + ROUTE_SWEEP_ECHO_INPUTS
  );
}
