/**
 * Hostile input, the write side (bad input gets a clear 4xx and writes nothing): every form field
 * of every POST route (sign-up, sign-in, favorite add/remove, progress, logout, the SpankBank 18+
 * gate) against the hostile values of support/hostile.ts, plus wrong shapes (duplicated fields,
 * arrays, JSON where a form is expected and the reverse, missing fields, wrong content types, raw
 * NUL bytes, 1 MB and 10 MB bodies, chunked bodies), signed in and anonymous, same-origin (the
 * write guard refuses foreign origins: that is checked too); and hostile session cookies (garbage,
 * 10 KB, NUL, non-Latin-1 bytes, duplicated names, tampered, forged with the real secret, revoked)
 * on public and protected pages.
 *
 * Every answer: never a 5xx, never a stack trace, never markup echoed raw, never a redirect off
 * the site; a clear 4xx or a normal page. And nothing written: the signed-in listener's favorites
 * and progress read back unchanged after the sweep (adds only ever name a source already saved,
 * removes one that is not, progress writes are older than the stored one — so any input that got
 * through to a write would show), the SpankBank gate stays closed until the real confirmation,
 * and no hostile email has an account afterwards (signing in with it fails).
 *
 * HTTP only, over raw sockets (support/hostile.ts rawRequest) so the bytes are exactly what is
 * listed; runs in one project. Each request comes from its own client address (198.19.0.0/16),
 * so the sweep never trips the rate limiter (tested in rate-limits.spec.ts).
 */
import fs from "node:fs";
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./support/auth";
import { dataUrl, favoritesIn, listenerInSync, listenerOf, MY_DATA, ROOT_DATA, routeData } from "./support/route-data";
import type { RootData } from "../../app/services/types";
import {
  addressesFrom,
  enc,
  inBatches,
  problemsOf,
  rawRequest,
  routeSweepInputCount,
  stringOf,
  TEXT,
  textOf,
  type Answer,
  type RawRequest,
  type Value,
} from "./support/hostile";

test.describe.configure({ mode: "serial" });

const SESSION_COOKIE = "__Host-hrs_session";
const address = addressesFrom("198.19");
const base = () => test.info().project.use.baseURL!;

// ---------------------------------------------------------------------------------------------
// Sending

type Pairs = [string, string | Value][];
interface Input {
  label: string;
  method?: string;
  path: string;
  /** A urlencoded form (name/value pairs, hostile values sent as their raw bytes). */
  form?: Pairs;
  /** A JSON body (serialised as given, or a string sent as is with a JSON content type). */
  json?: unknown;
  /** Any other body with its content type (null: no Content-Type header). */
  body?: { data: string | Buffer; type: string | null; chunked?: boolean };
  cookie?: string | Buffer;
  /** Origin header: the site's own by default; null leaves it out. */
  origin?: string | null;
  extraHeaders?: [string, string | Buffer][];
  /** Text that must never come back unescaped in HTML. */
  echo?: string;
  /** A check of this input's answer beyond the common ones: a problem, or null. */
  expect?: (answer: Answer) => string | null;
}

const formBody = (pairs: Pairs) =>
  pairs
    .map(([name, v]) => `${encodeURIComponent(name)}=${typeof v === "string" ? encodeURIComponent(v) : enc(v)}`)
    .join("&");

function toRaw(input: Input): RawRequest {
  const headers: [string, string | Buffer][] = [...Object.entries(address()), ["Accept-Encoding", "identity"]];
  if (input.origin !== null) headers.push(["Origin", input.origin ?? new URL(base()).origin]);
  if (input.cookie !== undefined) headers.push(["Cookie", input.cookie]);
  headers.push(...(input.extraHeaders ?? []));
  let body: string | Buffer | undefined;
  let chunked = false;
  if (input.form) {
    headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
    body = formBody(input.form);
  } else if (input.json !== undefined) {
    headers.push(["Content-Type", "application/json"]);
    body = typeof input.json === "string" ? input.json : JSON.stringify(input.json);
  } else if (input.body) {
    if (input.body.type !== null) headers.push(["Content-Type", input.body.type]);
    body = input.body.data;
    chunked = input.body.chunked ?? false;
  }
  return { method: input.method ?? "POST", path: input.path, headers, body, chunked };
}

let sent = 0;
const send = (input: Input) => rawRequest(base(), toRaw(input));

async function check(input: Input): Promise<string[]> {
  sent++;
  let answer: Answer;
  try {
    answer = await send(input);
  } catch (error) {
    return [`${input.label}: request failed: ${(error as Error).message.split("\n")[0]}`];
  }
  const problems = problemsOf(input.label, answer, input.echo);
  const extra = input.expect?.(answer);
  if (extra) problems.push(`${input.label}: ${extra}`);
  return problems;
}

async function sweep(inputs: Input[]): Promise<void> {
  const problems = await inBatches(inputs, 8, check);
  expect(problems, `${problems.length} problems; first ones:\n${problems.slice(0, 30).join("\n")}`).toEqual([]);
}

const status =
  (...allowed: number[]) =>
  (a: Answer) =>
    allowed.includes(a.status) ? null : `HTTP ${a.status}, expected ${allowed.join(" or ")}`;
const all =
  (...checks: ((a: Answer) => string | null)[]) =>
  (a: Answer) =>
    checks.map((c) => c(a)).find(Boolean) ?? null;
const clientError = (a: Answer) => (a.status >= 400 && a.status < 500 ? null : `HTTP ${a.status}, expected a 4xx`);
const bodyMatches = (re: RegExp) => (a: Answer) => (re.test(a.body) ? null : `body does not match ${re}`);
const redirectsTo = (re: RegExp) => (a: Answer) => {
  const to = a.headers["location"]?.[0];
  return a.status >= 300 && a.status < 400 && to !== undefined && re.test(to)
    ? null
    : `HTTP ${a.status} to ${to ?? "nowhere"}, expected a redirect to ${re}`;
};
const json = (a: Answer): Record<string, unknown> | null => {
  try {
    return JSON.parse(a.body) as Record<string, unknown>;
  } catch {
    return null;
  }
};
const setsSession = (a: Answer) =>
  (a.headers["set-cookie"] ?? []).some(
    (c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
  );

// ---------------------------------------------------------------------------------------------
// Variants of a body: every field with every hostile value, and the wrong shapes.

/** The pairs with `name` set to `v` (added when absent). */
function withField(pairs: Pairs, name: string, v: string | Value): Pairs {
  return pairs.some(([n]) => n === name) ? pairs.map(([n, old]) => [n, n === name ? v : old]) : [...pairs, [name, v]];
}

function fieldSweep(
  label: string,
  pairs: Pairs,
  fields: string[],
  make: (pairs: Pairs, v: Value) => Omit<Input, "label">,
  values = TEXT,
): Input[] {
  const inputs: Input[] = [];
  for (const field of fields) {
    for (const v of values)
      inputs.push({
        ...make(withField(pairs, field, v), v),
        label: `${label} ${field}=${v.label}`,
        echo: textOf(v) || undefined,
      });
  }
  return inputs;
}

const MB = 1024 * 1024;
const huge = (bytes: number) => `filler=${"a".repeat(bytes)}`;

/**
 * The wrong shapes of a form: missing fields, an empty body, duplicated and array-style fields
 * (`hostileDup` must be a value that makes the request invalid or harmless whichever copy wins),
 * JSON, text/plain, no content type, multipart (valid, with a file, without or with a broken
 * boundary), raw NUL and 0xFF bytes, a UTF-16 charset, 1 MB and 10 MB bodies (declared and
 * chunked).
 */
function formShapes(
  label: string,
  path: string,
  pairs: Pairs,
  hostileDup: string,
  extra: Partial<Input> = {},
  tooLarge: Input["expect"] = status(413),
): Input[] {
  const at = (suffix: string, input: Omit<Input, "label" | "path">): Input => ({
    label: `${label} ${suffix}`,
    path,
    ...extra,
    ...input,
  });
  const body = formBody(pairs);
  const inputs: Input[] = [at("empty body", { body: { data: "", type: "application/x-www-form-urlencoded" } })];
  for (const [name] of pairs) {
    inputs.push(at(`without ${name}`, { form: pairs.filter(([n]) => n !== name) }));
    inputs.push(at(`${name} twice (hostile second)`, { form: [...pairs, [name, hostileDup]] }));
    inputs.push(at(`${name} twice (hostile first)`, { form: [[name, hostileDup], ...pairs] }));
    inputs.push(
      at(`${name}[] array`, {
        form: [...pairs.filter(([n]) => n !== name), [`${name}[]`, hostileDup], [`${name}[]`, hostileDup]],
      }),
    );
    inputs.push(at(`${name}[key] object`, { form: [...pairs.filter(([n]) => n !== name), [`${name}[$ne]`, ""]] }));
    inputs.push(
      at(`${name} NUL bytes`, {
        body: {
          data: Buffer.from(formBody(withField(pairs, name, `${hostileDup}\u0000\u0000`)), "utf8"),
          type: "application/x-www-form-urlencoded",
        },
      }),
    );
  }
  inputs.push(
    at("JSON instead of a form", {
      json: Object.fromEntries(pairs.map(([n, v]) => [n, typeof v === "string" ? v : stringOf(v)])),
    }),
    at("JSON array", { json: [pairs] }),
    at("broken JSON", { body: { data: '{"email": ', type: "application/json" } }),
    at("text/plain form", { body: { data: body, type: "text/plain" } }),
    at("no content type", { body: { data: body, type: null } }),
    at("unknown content type", { body: { data: body, type: "application/x-hostile" } }),
    at("UTF-16 charset", {
      body: { data: Buffer.from(body, "utf16le"), type: "application/x-www-form-urlencoded; charset=utf-16" },
    }),
    at("multipart without boundary", { body: { data: body, type: "multipart/form-data" } }),
    at("multipart with a broken boundary", {
      body: {
        data: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb`,
        type: "multipart/form-data; boundary=x",
      },
    }),
    at("multipart with a file in every field", {
      body: {
        data: [
          ...pairs.map(
            ([n]) =>
              `--B\r\nContent-Disposition: form-data; name="${n}"; filename="../../etc/passwd"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001${hostileDup}\r\n`,
          ),
          "--B--\r\n",
        ].join(""),
        type: "multipart/form-data; boundary=B",
      },
    }),
    at("raw 0xFF bytes", {
      body: {
        data: Buffer.concat([Buffer.from(`${body}&x=`), Buffer.from([0xff, 0xfe, 0x00, 0xc0, 0xaf])]),
        type: "application/x-www-form-urlencoded",
      },
    }),
    // Too large, declared or not: refused before it is read whole.
    at("1 MB body", {
      body: { data: `${body}&${huge(MB)}`, type: "application/x-www-form-urlencoded" },
      expect: tooLarge,
    }),
    at("10 MB body", {
      body: { data: `${body}&${huge(10 * MB)}`, type: "application/x-www-form-urlencoded" },
      expect: tooLarge,
    }),
    at("10 MB chunked body", {
      body: { data: `${body}&${huge(10 * MB)}`, type: "application/x-www-form-urlencoded", chunked: true },
      expect: tooLarge,
    }),
  );
  return inputs;
}

// ---------------------------------------------------------------------------------------------
// The listener under attack, and what the site says about them.

interface Listener {
  email: string;
  password: string;
  cookie: string;
  uid: string;
}
interface Episode {
  title: string;
  audioUrl: string;
  image: string;
  duration: number;
}

/** A route's data as a client navigation reads it. */
async function readData<T>(path: string, routeId: string, cookie?: string): Promise<T> {
  const url = dataUrl(path, routeId);
  const a = await send({ label: url, method: "GET", path: url, cookie, origin: null });
  expect(a.status, `GET ${url}`).toBe(200);
  return routeData<T>(a.body, routeId);
}

/** Everything the site shows of a listener's library: the root data, their data export and the favorites page. */
async function library(cookie: string) {
  const listener = listenerOf(await readData<RootData>("/", "root", cookie));
  // (Signed out, /user redirects to sign-in.)
  const page = listener ? (await readData<{ episodes: unknown[] }>("/user", "routes/user", cookie)).episodes : null;
  return {
    user: listener?.user ?? null,
    favorites: listener
      ? favoritesIn((await send({ label: MY_DATA, method: "GET", path: MY_DATA, cookie, origin: null })).body)
      : [],
    restore: listener?.restore ?? null,
    page,
  };
}

function sessionCookieOf(a: Answer): string | undefined {
  return (a.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

async function signUp(email: string, password = PASSWORD): Promise<void> {
  const a = await send({
    label: "sign-up",
    path: "/signup",
    form: [
      ["email", email],
      ["password", password],
      ["website", ""],
    ],
  });
  expect(a.status, `sign-up of ${email}`).toBe(302);
}
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const a = await send({
    label: "sign-in",
    path: "/signin",
    form: [
      ["email", email],
      ["password", password],
      ["website", ""],
      ["redirectTo", "/"],
    ],
  });
  const cookie = sessionCookieOf(a);
  expect(cookie, `sign-in of ${email} (HTTP ${a.status})`).toBeTruthy();
  return cookie!;
}

async function post(path: string, cookie: string, input: Omit<Input, "label" | "path" | "cookie">): Promise<Answer> {
  return send({ label: path, path, cookie, ...input });
}

interface World {
  v: Listener;
  /** Sources: S1, S2 saved as favorites; S3 never saved; S4 only ever added by refused writes. */
  eps: [Episode, Episode, Episode, Episode];
  before: Awaited<ReturnType<typeof library>>;
  /** A second session of the listener, logged out in the logout sweep (then: revoked). */
  second: string;
  /** The SpankBank gate was still closed when the sweep began. */
  gated: boolean;
}

let world: Promise<World> | null = null;
const setup = () => (world ??= makeWorld());

async function makeWorld(): Promise<World> {
  const home = await readData<{ latest: Episode[] }>("/", "routes/_index");
  const era = await readData<{ episodes: { items: Episode[] } }>("/era?station=MLR", "routes/era");
  const bySource = new Map<string, Episode>();
  for (const e of [...home.latest, ...era.episodes.items]) if (!bySource.has(e.audioUrl)) bySource.set(e.audioUrl, e);
  const eps = [...bySource.values()].slice(0, 4);
  expect(eps.length, "four episodes with distinct audio sources").toBe(4);

  const email = uniqueEmail("hostile-forms");
  await signUp(email);
  const cookie = await signIn(email);
  const uid = listenerOf(await readData<RootData>("/", "root", cookie))!.user.id;
  const v: Listener = { email, password: PASSWORD, cookie, uid };
  for (const e of eps.slice(0, 2)) {
    const a = await post("/favorites", cookie, {
      form: [
        ["intent", "add"],
        ["audioSrc", e.audioUrl],
        ["title", e.title],
        ["duration", String(e.duration)],
        ["js", "1"],
      ],
    });
    expect(a.status, `favorite ${e.title}`).toBe(200);
  }
  const progress = await post("/api/progress", cookie, {
    json: {
      AudioTitle: eps[0]!.title,
      Duration: eps[0]!.duration,
      AudioImg: eps[0]!.image,
      AudioSrc: eps[0]!.audioUrl,
      currentTime: 12.5,
      at: Date.now(),
    },
  });
  expect(json(progress)).toEqual({ ok: true, result: "written" });
  const before = await library(cookie);
  expect(before.favorites).toEqual([eps[1]!.audioUrl, eps[0]!.audioUrl]);
  const gate = await readData<{ gate: unknown }>("/SpankBank", "routes/spankbank._index", cookie);
  const second = await signIn(email);
  return { v, eps: eps as World["eps"], before, second, gated: gate.gate !== null };
}

// ---------------------------------------------------------------------------------------------
// Hostile emails: never valid addresses, so no account may exist for any of them afterwards.

const CRAFTED_EMAILS: Value[] = [
  "listener@example.com\u0000",
  "list\u0000ener@example.com",
  "listener@example.com' OR '1'='1",
  "listener@example.com\r\nBcc: victim@example.com",
  "<script>alert(1)</script>@example.com",
  "listener@exa mple.com",
  "listener@@example.com",
  "@example.com",
  "listener@",
  `${"a".repeat(250)}@example.com`,
  `listener@${"a".repeat(300)}.com`,
  "listener@example.com; DROP TABLE users; --",
  "listener@example..com",
  ".listener@example.com",
  "listener@localhost",
  "listener@[127.0.0.1]",
  '"quoted local"@example.com',
  "listener@example.com,other@example.com",
  "listener%40example.com",
  "listener@exam_ple.com",
  "listener@-example.com",
  "listener@example.com\u202e",
  "listener\u200b@example.com",
].map((text, i) => ({ label: `crafted email ${i + 1}`, text }));
const HOSTILE_EMAILS = [...TEXT, ...CRAFTED_EMAILS];
/**
 * Sign-in with an unknown email spends a full password check (timing-equalised, and waiting its turn
 * for a hashing thread at the lowest priority), so sign-in takes a sample: every fourth crafted email
 * and every sixteenth plain hostile value (the sign-up sweep takes them all).
 */
const SIGN_IN_EMAILS = [...TEXT.filter((_, i) => i % 16 === 0), ...CRAFTED_EMAILS.filter((_, i) => i % 4 === 0)];

/** The values for redirect targets: the ones that try to leave the site (cheap: the gate). */
const REDIRECTS: Value[] = [
  ...TEXT.filter((v) => /URL|relative|slash|traversal|CRLF|NUL|control|10k letters/.test(v.label)),
  { label: "https without slashes", text: "https:evil.example" },
  { label: "backslash host", text: "/\\evil.example" },
  { label: "encoded backslash host", raw: "%2F%5Cevil.example" },
  { label: "slash tab slash", raw: "/%09/evil.example" },
  { label: "path with markup", text: "/user?x=<script>alert(1)</script>" },
];
/** A successful sign-in costs a password check too: the sign-in sweep takes the sharpest ones. */
const SIGN_IN_REDIRECTS = REDIRECTS.filter((v) =>
  /javascript URL|protocol-relative|^backslash host|slash tab slash/.test(v.label),
);

// ---------------------------------------------------------------------------------------------

test("sign-up: every field hostile, every wrong shape → a clear 4xx, no account for a hostile email", async () => {
  test.setTimeout(180_000);
  const { v } = await setup();
  const valid: Pairs = [
    ["email", "x@example.com"],
    ["password", PASSWORD],
    ["website", ""],
    ["redirectTo", "/"],
  ];
  // A body over the form limit (16 KB) is refused before it is read: 413.
  const refused = (a: Answer) => (a.status === 413 ? null : all(status(400), bodyMatches(/Error signing up/))(a));
  const inputs: Input[] = [
    // Emails that are not addresses: refused as badly formatted, nothing created.
    ...fieldSweep("sign-up", valid, ["email"], (form) => ({ path: "/signup", form, expect: refused }), HOSTILE_EMAILS),
    // The other fields with an email already taken: whatever the value, no account is created. A
    // password the rules accept is answered as for a new address (the owner is mailed instead).
    ...fieldSweep("sign-up (taken email)", withField(valid, "email", v.email), ["password", "redirectTo"], (form) => ({
      path: "/signup",
      form,
      expect: (a: Answer) =>
        a.status === 302 ? redirectsTo(/^\/signin\?notice=signed-up(&redirectTo=%2F|$)/)(a) : status(400, 413)(a),
    })),
    // A filled-in honeypot is a bot: refused.
    ...fieldSweep("sign-up", withField(valid, "email", uniqueEmail("bot")), ["website"], (form) => ({
      path: "/signup",
      form,
      expect: status(400, 413),
    })).filter((i) => !i.label.endsWith("website=empty")),
    ...formShapes("sign-up", "/signup", withField(valid, "email", v.email), "<script>x</script>"),
  ];
  // The success path with hostile return paths: the redirect stays on the site (three accounts).
  for (const r of REDIRECTS.filter((x) => /javascript|^backslash host/.test(x.label))) {
    inputs.push({
      label: `sign-up redirectTo=${r.label}`,
      path: "/signup",
      form: [
        ["email", uniqueEmail("redirect")],
        ["password", PASSWORD],
        ["website", ""],
        ["redirectTo", r],
      ],
      expect: redirectsTo(/^\/signin\?notice=signed-up(&redirectTo=%2F[^%]|$)/),
    });
  }
  await sweep(inputs);
});

test("sign-in: every field hostile, every wrong shape → refused with the generic message or a safe redirect", async () => {
  test.setTimeout(180_000);
  const { v } = await setup();
  const valid: Pairs = [
    ["email", v.email],
    ["password", v.password],
    ["website", ""],
    ["redirectTo", "/"],
  ];
  const refused = (a: Answer) =>
    a.status === 413
      ? null
      : all(
          status(401),
          (x) => (setsSession(x) ? "a session cookie was set" : null),
          bodyMatches(/Invalid email or password/),
        )(a);
  // Hostile passwords go to one unknown address, each attempt from an address of its own (so
  // none is throttled: that is per account and address, tested in rate-limits.spec.ts).
  const nobody = uniqueEmail("hostile-password");
  const inputs: Input[] = [
    // The hostile emails of the sign-up sweep, with the password used there: no account exists.
    ...fieldSweep("sign-in", valid, ["email"], (form) => ({ path: "/signin", form, expect: refused }), SIGN_IN_EMAILS),
    ...fieldSweep("sign-in", withField(valid, "email", nobody), ["password"], (form) => ({
      path: "/signin",
      form,
      expect: refused,
    })),
    // The honeypot filled in: refused even with the right password.
    ...fieldSweep("sign-in", valid, ["website"], (form) => ({ path: "/signin", form, expect: refused })).filter(
      (i) => !i.label.endsWith("website=empty"),
    ),
    // Hostile return paths with the right password: signed in, and the redirect stays on the site.
    ...fieldSweep(
      "sign-in",
      valid,
      ["redirectTo"],
      (form) => ({
        path: "/signin",
        form,
        expect: (a) => (a.status === 302 && setsSession(a) ? null : `HTTP ${a.status}, expected a signed-in redirect`),
      }),
      SIGN_IN_REDIRECTS,
    ),
    // Wrong shapes with an unknown address (nothing to sign in to).
    ...formShapes("sign-in", "/signin", withField(valid, "email", nobody), "<script>x</script>", {
      expect: (a) => (setsSession(a) ? "a session cookie was set" : clientError(a)),
    }),
  ];
  await sweep(inputs);
});

test("favorites: every field hostile, signed in and anonymous, every wrong shape → nothing added or removed", async () => {
  test.setTimeout(180_000);
  const { v, eps } = await setup();
  const [s1, , s3, s4] = eps;
  const fav = (e: Episode, intent: string): Pairs => [
    ["intent", intent],
    ["audioSrc", e.audioUrl],
    ["title", e.title],
    ["duration", String(e.duration)],
    ["redirectTo", "/"],
    ["js", "1"],
  ];
  // Adds only ever name a source that is already saved (a no-op), removes one that is not.
  const addSaved = fav(s1, "add");
  const removeAbsent = fav(s3, "remove");
  const answer = (a: Answer) => (a.status === 200 || (a.status >= 300 && a.status < 500) ? null : `HTTP ${a.status}`);
  const signedIn = (form: Pairs): Omit<Input, "label"> => ({
    path: "/favorites",
    form,
    cookie: v.cookie,
    expect: answer,
  });
  // Sources a remove would match too much with if anything were built by pasting strings.
  const sources: Value[] = [
    ...TEXT,
    { label: "path with SQL", text: "/' OR '1'='1" },
    { label: "path wildcard", text: "/%" },
    { label: "saved source with SQL", text: `${s1.audioUrl}' OR '1'='1` },
    { label: "saved source upper-cased", text: s1.audioUrl.toUpperCase() },
    { label: "saved source with NUL", raw: `${encodeURIComponent(s1.audioUrl)}%00` },
    { label: "saved source with a glob", text: `${s1.audioUrl.slice(0, -5)}*` },
  ];
  const anonymous = (form: Pairs): Omit<Input, "label"> => ({
    path: "/favorites",
    form,
    expect: (a) =>
      a.status === 401 ||
      (a.status === 302 && /^\/signin/.test(a.headers["location"]?.[0] ?? "")) ||
      a.status === 400 ||
      a.status === 413
        ? null
        : `HTTP ${a.status}, expected a refusal`,
  });
  const inputs: Input[] = [
    ...fieldSweep("favorite add (saved)", addSaved, ["intent", "title", "duration", "redirectTo", "js"], signedIn),
    ...fieldSweep("favorite remove (absent)", removeAbsent, ["audioSrc"], signedIn, sources),
    ...formShapes("favorite (signed in)", "/favorites", removeAbsent, "<script>x</script>", {
      cookie: v.cookie,
      expect: answer,
    }),
    // The fetcher's own URL (what the heart posts with JavaScript).
    ...fieldSweep(
      "favorite via fetcher",
      addSaved,
      ["title"],
      (form) => ({ ...signedIn(form), path: "/favorites.data" }),
      TEXT.filter((_, i) => i % 4 === 0),
    ),
    // Anonymous: an add of a new source with hostile fields is refused (sign in first).
    ...fieldSweep(
      "favorite add (anonymous)",
      fav(s4, "add"),
      ["audioSrc", "title"],
      anonymous,
      TEXT.filter((_, i) => i % 2 === 0),
    ),
    ...formShapes("favorite (anonymous)", "/favorites", fav(s4, "add"), "<script>x</script>", {
      expect: anonymous([]).expect,
    }),
  ];
  await sweep(inputs);
});

test("progress: every field hostile and mistyped, JSON and form, signed in and anonymous → an older write never lands", async () => {
  test.setTimeout(180_000);
  const { v, eps } = await setup();
  const s1 = eps[0];
  // Older than the stored position: accepted writes answer "stale" and change nothing.
  const old = {
    AudioTitle: s1.title,
    Duration: s1.duration,
    AudioImg: s1.image,
    AudioSrc: s1.audioUrl,
    currentTime: 5,
    at: 1_000,
  };
  const stale = (a: Answer) => {
    if (a.status === 200) return json(a)?.result === "stale" ? null : `accepted and ${JSON.stringify(json(a))}`;
    return clientError(a);
  };
  const fields = Object.keys(old);
  const oldPairs: Pairs = Object.entries(old).map(([k, x]) => [k, String(x)]);
  const inputs: Input[] = [];
  for (const field of fields) {
    for (const value of TEXT) {
      inputs.push({
        label: `progress JSON ${field}=${value.label}`,
        path: "/api/progress",
        cookie: v.cookie,
        json: { ...old, [field]: stringOf(value) },
        expect: stale,
      });
    }
    // The same as a form (the route reads both), a third of the values.
    for (const value of TEXT.filter((_, i) => i % 3 === 0)) {
      inputs.push({
        label: `progress form ${field}=${value.label}`,
        path: "/api/progress",
        cookie: v.cookie,
        form: withField(oldPairs, field, value),
        expect: stale,
      });
    }
    for (const [label, value] of [
      ["null", null],
      ["true", true],
      ["array", [1, 2]],
      ["object", { $gt: 0 }],
      ["huge number", 1e308],
      ["negative", -1],
      ["unsafe integer", 2 ** 60],
      ["exponent string", "1e999"],
    ] as [string, unknown][]) {
      inputs.push({
        label: `progress JSON ${field} as ${label}`,
        path: "/api/progress",
        cookie: v.cookie,
        json: { ...old, [field]: value },
        expect: stale,
      });
    }
    const without: Record<string, unknown> = { ...old };
    delete without[field];
    inputs.push({
      label: `progress JSON without ${field}`,
      path: "/api/progress",
      cookie: v.cookie,
      json: without,
      expect: stale,
    });
  }
  const body = JSON.stringify(old);
  inputs.push(
    // What the player sends on page hide (sendBeacon: text/plain JSON).
    {
      label: "progress beacon",
      path: "/api/progress",
      cookie: v.cookie,
      body: { data: body, type: "text/plain;charset=UTF-8" },
      expect: stale,
    },
    {
      label: "progress JSON duplicate keys",
      path: "/api/progress",
      cookie: v.cookie,
      json: body.replace(/}$/, ',"at":"x","currentTime":"<script>"}'),
      expect: stale,
    },
    {
      label: "progress JSON __proto__",
      path: "/api/progress",
      cookie: v.cookie,
      json: `{"__proto__":{"at":${Date.now() + 1e9}},${body.slice(1)}`,
      expect: stale,
    },
    {
      label: "progress JSON constructor",
      path: "/api/progress",
      cookie: v.cookie,
      json: { ...old, constructor: { prototype: { at: 1 } } },
      expect: stale,
    },
    {
      label: "progress uid in the body",
      path: "/api/progress",
      cookie: v.cookie,
      json: { ...old, uid: "someone-else", at: 2_000 },
      expect: stale,
    },
    ...["[]", '"text"', "42", "null", "true", "{", '{"at":', "\u0000", ""].map((data): Input => ({
      label: `progress body ${JSON.stringify(data)}`,
      path: "/api/progress",
      cookie: v.cookie,
      body: { data, type: "application/json" },
      expect: stale,
    })),
    {
      label: "progress no content type",
      path: "/api/progress",
      cookie: v.cookie,
      body: { data: body, type: null },
      expect: stale,
    },
    {
      label: "progress multipart broken",
      path: "/api/progress",
      cookie: v.cookie,
      body: { data: body, type: "multipart/form-data; boundary=zz" },
      expect: stale,
    },
    {
      label: "progress NUL bytes",
      path: "/api/progress",
      cookie: v.cookie,
      body: { data: Buffer.from(`${body.slice(0, -1)},"x":"\u0000\u0000"}`), type: "application/json" },
      expect: stale,
    },
    {
      label: "progress 1 MB",
      path: "/api/progress",
      cookie: v.cookie,
      json: { ...old, filler: "a".repeat(MB) },
      expect: status(413),
    },
    {
      label: "progress 10 MB",
      path: "/api/progress",
      cookie: v.cookie,
      json: { ...old, filler: "a".repeat(10 * MB) },
      expect: status(413),
    },
    {
      label: "progress 10 MB chunked",
      path: "/api/progress",
      cookie: v.cookie,
      body: { data: JSON.stringify({ ...old, filler: "a".repeat(10 * MB) }), type: "application/json", chunked: true },
      expect: status(413),
    },
  );
  // Anonymous, with a NEWER position: refused (no session, no write anywhere).
  for (const value of TEXT.filter((_, i) => i % 3 === 0)) {
    inputs.push({
      label: `progress anonymous AudioTitle=${value.label}`,
      path: "/api/progress",
      json: { ...old, AudioTitle: stringOf(value), at: Date.now() + 60_000 },
      expect: clientError,
    });
  }
  await sweep(inputs);
});

test("writes from another site are refused with a clear 403, whatever the session", async () => {
  const { v, eps, second } = await setup();
  const s4 = eps[3];
  const origin = new URL(base());
  const foreign: [string, Partial<Input>][] = [
    ["foreign Origin", { origin: "https://evil.example" }],
    ["opaque Origin null", { origin: "null" }],
    ["look-alike Origin", { origin: `http://${origin.hostname}.evil.example:${origin.port}` }],
    ["other port", { origin: `http://${origin.hostname}:${Number(origin.port) + 9}` }],
    ["garbage Origin", { origin: "::not a url::" }],
    ["Sec-Fetch-Site cross-site", { origin: null, extraHeaders: [["Sec-Fetch-Site", "cross-site"]] }],
  ];
  const refused = all(status(403), bodyMatches(/sent from another site, so nothing was changed/));
  const inputs: Input[] = [];
  for (const [label, how] of foreign) {
    inputs.push(
      {
        label: `${label}: favorite add`,
        path: "/favorites",
        cookie: v.cookie,
        form: [
          ["intent", "add"],
          ["audioSrc", s4.audioUrl],
          ["title", s4.title],
          ["js", "1"],
        ],
        expect: refused,
        ...how,
      },
      {
        label: `${label}: progress`,
        path: "/api/progress",
        cookie: v.cookie,
        json: { AudioTitle: "x", AudioSrc: s4.audioUrl, currentTime: 99, at: Date.now() + 60_000 },
        expect: refused,
        ...how,
      },
      {
        label: `${label}: 18+ gate`,
        path: "/SpankBank",
        cookie: v.cookie,
        form: [
          ["intent", "confirm-adult"],
          ["redirectTo", "/SpankBank"],
        ],
        expect: refused,
        ...how,
      },
      { label: `${label}: logout`, path: "/logout", cookie: second, expect: refused, ...how },
      {
        label: `${label}: sign-in`,
        path: "/signin",
        form: [
          ["email", v.email],
          ["password", v.password],
          ["website", ""],
        ],
        expect: refused,
        ...how,
      },
    );
  }
  await sweep(inputs);
  // The refused logout did not end the session.
  expect((await library(second)).user?.id).toBe(v.uid);
});

test("the 18+ gate: hostile intents are refused and change nothing; hostile return paths stay in the gallery", async () => {
  test.setTimeout(120_000);
  const { v, gated } = await setup();
  expect(gated, "the new listener starts at the gate").toBe(true);
  const gate = (cookie: string) => readData<{ gate: unknown }>("/SpankBank", "routes/spankbank._index", cookie);
  const valid: Pairs = [
    ["intent", "confirm-adult"],
    ["redirectTo", "/SpankBank"],
  ];
  const refused = (a: Answer) => (a.status === 413 ? null : all(status(400), bodyMatches(/can't be handled here/))(a));
  await sweep([
    ...fieldSweep("gate", valid, ["intent"], (form) => ({
      path: "/SpankBank",
      form,
      cookie: v.cookie,
      expect: refused,
    })),
    ...formShapes("gate", "/SpankBank", withField(valid, "intent", "confirm-adult-not"), "nope", {
      cookie: v.cookie,
      expect: clientError,
    }),
    // Anonymous: to sign-in, whatever the fields.
    ...fieldSweep(
      "gate (anonymous)",
      valid,
      ["intent", "redirectTo"],
      (form) => ({ path: "/SpankBank", form, expect: redirectsTo(/^\/signin\?redirectTo=/) }),
      TEXT.filter((_, i) => i % 3 === 0),
    ),
  ]);
  expect((await gate(v.cookie)).gate, "no hostile input confirmed the gate").not.toBeNull();

  // The real confirmation, with hostile return paths: always back into the gallery.
  // (The gate's form is on every SpankBank page; the action does not need the post to exist.)
  const inGallery = (a: Answer) => (a.status === 413 ? null : redirectsTo(/^\/spankbank(?:[/?]|$)/i)(a));
  await sweep(
    [...TEXT, ...REDIRECTS]
      .flatMap((r): Input[] => [
        {
          label: `gate redirectTo=${r.label}`,
          path: "/SpankBank",
          form: withField(valid, "redirectTo", r),
          cookie: v.cookie,
          expect: inGallery,
        },
        ...["/SpankBank/Post?id=1", "/SpankBank/Post/some-post"].map((path) => ({
          label: `gate on ${path}, redirectTo=${r.label}`,
          path,
          form: withField(valid, "redirectTo", r),
          cookie: v.cookie,
          expect: inGallery,
        })),
      ])
      .filter((i) => !i.path.startsWith("/SpankBank/Post") || /URL|relative|slash/.test(i.label)),
  );
  expect((await gate(v.cookie)).gate, "the real confirmation opened the gate").toBeNull();
});

test("logout: hostile bodies never break it; it ends only the session it is sent with", async () => {
  const { v, second } = await setup();
  const back = redirectsTo(/^\/(\?|$|user\?error=logout-failed)/);
  await sweep([
    ...fieldSweep("logout (anonymous)", [], ["intent"], (form) => ({ path: "/logout", form, expect: back })).filter(
      (_, i) => i % 2 === 0,
    ),
    // Every POST body is read within the server's size limit before the route runs: too large is a 413.
    ...formShapes("logout (anonymous)", "/logout", [["x", "1"]], "<script>x</script>", { expect: back }),
    // The second session of the listener, logged out with a hostile body just within the limit.
    {
      label: "logout (second session) with a 60 KB body",
      path: "/logout",
      cookie: second,
      body: { data: huge(60 * 1024), type: "application/x-www-form-urlencoded" },
      expect: back,
    },
  ]);
  expect((await library(second)).user, "the logged-out session is revoked").toBeNull();
  expect((await library(v.cookie)).user?.id, "the other session is untouched").toBe(v.uid);
});

test("hostile session cookies: garbage, huge, NUL, duplicated, tampered, forged, revoked → signed out, never a 5xx", async () => {
  test.setTimeout(120_000);
  const { v, eps, second } = await setup();
  const s4 = eps[3];
  // The e2e server's session secret (scripts/app-server.mjs): used to forge cookies that are
  // correctly signed but name sessions that do not exist. Checked first: re-signing the
  // listener's own session id must give the listener's own cookie.
  const secret = /SESSION_SECRET: "([^"]+)"/.exec(fs.readFileSync("scripts/app-server.mjs", "utf8"))?.[1];
  expect(secret, "the e2e session secret").toBeTruthy();
  const value = v.cookie.slice(SESSION_COOKIE.length + 1);
  const signed = decodeURIComponent(value);
  const payload = signed.slice(0, signed.lastIndexOf("."));
  const sessionId = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as string;
  const sign = async (id: unknown, secrets = [secret!]) =>
    (await createCookie(SESSION_COOKIE, { secrets }).serialize(id)).split(";")[0]!;
  expect(await sign(sessionId), "the forging works (same secret, same cookie)").toBe(v.cookie);

  const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
  type Expect = "out" | "in" | "either";
  const N = SESSION_COOKIE;
  const cookies: [string, string | Buffer, Expect][] = [
    ["control: the listener's own cookie", v.cookie, "in"],
    ["garbage", `${N}=garbage`, "out"],
    ["empty value", `${N}=`, "out"],
    ["name only", N, "out"],
    ["10 KB value", `${N}=${"a".repeat(10 * 1024)}`, "out"],
    ["10 KB of other cookies before the session", `junk=${"x".repeat(10 * 1024)}; ${v.cookie}`, "in"],
    ["500 cookies", Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join("; "), "out"],
    ["20 KB cookie (over the header limit)", `${N}=${"a".repeat(20 * 1024)}`, "out"],
    ["NUL in the value", Buffer.from(`${N}=abc\u0000def`, "latin1"), "out"],
    ["NUL after a valid cookie", Buffer.concat([Buffer.from(v.cookie, "latin1"), Buffer.from([0])]), "out"],
    ["non-Latin-1 bytes", Buffer.from(`${N}=📻\u202e`, "utf8"), "out"],
    ["0xFF bytes", Buffer.concat([Buffer.from(`${N}=`), Buffer.from([0xff, 0xfe, 0xc0, 0xaf])]), "out"],
    ["bad percent-encoding", `${N}=%E0%A4%A%zz`, "out"],
    ["SQL", `${N}=' OR '1'='1`, "out"],
    ["JSON", `${N}={"user":{"uid":"${v.uid}"}}`, "out"],
    ["garbage then the real cookie", `${N}=garbage; ${v.cookie}`, "either"],
    ["the real cookie then garbage", `${v.cookie}; ${N}=garbage`, "either"],
    ["quoted", `${N}="${value}"`, "either"],
    ["the development cookie name", `hrs_session=${value}`, "out"],
    ["tampered signature", `${N}=${encodeURIComponent(flip(signed, signed.length - 2))}`, "out"],
    ["tampered payload", `${N}=${encodeURIComponent(flip(signed, 3))}`, "out"],
    ["signature stripped", `${N}=${encodeURIComponent(payload)}`, "out"],
    [
      "unsigned session id",
      `${N}=${encodeURIComponent(Buffer.from(JSON.stringify(sessionId)).toString("base64"))}`,
      "out",
    ],
    [
      "the real session id signed with another secret",
      await sign(sessionId, [crypto.randomBytes(24).toString("hex")]),
      "out",
    ],
    ["revoked (logged out)", second, "out"],
  ];
  for (const [label, id] of [
    ["unknown id", "no-such-session"],
    ["SQL id", "' OR '1'='1"],
    ["traversal id", "../../../etc/passwd"],
    ["5 KB id", "a".repeat(5_000)],
    ["NUL id", "abc\u0000"],
    ["object id", { $ne: null }],
    ["number id", 12345],
    ["null id", null],
    ["array id", ["no-such-session"]],
  ] as [string, unknown][]) {
    cookies.push([`forged with the real secret: ${label}`, await sign(id), "out"]);
  }
  // Two Cookie header lines (Node joins them): sent as extra headers below.
  const twoLines: [string, string][] = [
    ["Cookie", `${N}=garbage`],
    ["Cookie", v.cookie],
  ];

  const rootUser = (a: Answer) => listenerInSync(a.body)?.user.id ?? null;
  const refusedByParser = (a: Answer) => a.status === 400 || a.status === 431;
  const inputs: Input[] = [];
  for (const [label, cookie, expected] of cookies) {
    const isIn = (a: Answer) => rootUser(a) === v.uid;
    const signedInCheck = (a: Answer) => {
      if (refusedByParser(a) && expected !== "in") return null;
      if (a.status !== 200) return `HTTP ${a.status}`;
      if (expected === "in" && !isIn(a)) return "the listener's cookie did not sign in";
      if (expected === "out" && rootUser(a) !== null) return `signed in as ${rootUser(a)}`;
      if (expected === "either" && rootUser(a) !== null && !isIn(a)) return `signed in as ${rootUser(a)}`;
      return null;
    };
    const protectedPage = (a: Answer) => {
      if (refusedByParser(a) && expected !== "in") return null;
      if (expected === "out") return redirectsTo(/^\/signin\?redirectTo=/)(a);
      if (expected === "in") return a.status === 200 ? null : `HTTP ${a.status}`;
      return a.status === 200 || a.status === 302 ? null : `HTTP ${a.status}`;
    };
    const publicPage = (a: Answer) =>
      (refusedByParser(a) && expected !== "in") || a.status === 200 ? null : `HTTP ${a.status}`;
    const get = (path: string, check: (a: Answer) => string | null): Input => ({
      label: `cookie ${label}: GET ${path}`,
      method: "GET",
      path,
      cookie,
      origin: null,
      expect: check,
    });
    inputs.push(
      get(ROOT_DATA, signedInCheck),
      get("/", publicPage),
      get("/search?term=antenna", publicPage),
      get("/user", protectedPage),
      get("/SpankBank", protectedPage),
      get("/signin", (a) =>
        expected === "out" ? publicPage(a) : a.status === 200 || a.status === 302 ? null : `HTTP ${a.status}`,
      ),
    );
    if (expected === "out") {
      // Writes with a cookie that is not a session: refused, nothing written (checked at the end).
      const refused = (a: Answer) => (refusedByParser(a) || a.status === 401 ? null : `HTTP ${a.status}, expected 401`);
      inputs.push(
        {
          label: `cookie ${label}: favorite add`,
          path: "/favorites",
          cookie,
          form: [
            ["intent", "add"],
            ["audioSrc", s4.audioUrl],
            ["title", s4.title],
            ["js", "1"],
          ],
          expect: refused,
        },
        {
          label: `cookie ${label}: favorite remove`,
          path: "/favorites",
          cookie,
          form: [
            ["intent", "remove"],
            ["audioSrc", eps[0].audioUrl],
            ["js", "1"],
          ],
          expect: refused,
        },
        {
          label: `cookie ${label}: progress`,
          path: "/api/progress",
          cookie,
          json: { AudioTitle: "x", AudioSrc: s4.audioUrl, currentTime: 99, at: Date.now() + 60_000 },
          expect: refused,
        },
        {
          label: `cookie ${label}: logout`,
          path: "/logout",
          cookie,
          expect: (a) => (refusedByParser(a) ? null : redirectsTo(/^\/(\?|$|user\?error=logout-failed)/)(a)),
        },
      );
    }
  }
  inputs.push({
    label: `two Cookie lines: GET ${ROOT_DATA}`,
    method: "GET",
    path: ROOT_DATA,
    origin: null,
    extraHeaders: twoLines,
    expect: (a) => (a.status === 200 ? null : `HTTP ${a.status}`),
  });
  await sweep(inputs);
  // The listener's own session survived every forged and tampered copy and every logout.
  expect((await library(v.cookie)).user?.id).toBe(v.uid);
});

test("nothing written: the listener's favorites and progress read back unchanged", async () => {
  const { v, before } = await setup();
  const after = await library(v.cookie);
  expect(after).toEqual(before);
});

test.afterAll(() => {
  if (sent === 0) return;
  const routes = routeSweepInputCount();
  console.log(
    `hostile sweep: ${routes + sent} inputs (query and route parameters in hostile.spec.ts: ${routes}; form fields, bodies, cookies and origins here: ${sent})`,
  );
});
