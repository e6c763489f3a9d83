/**
 * Hostile requests, below the forms: request lines (absolute-form, `*`, junk methods, odd paths),
 * headers (Host and forwarded headers, lengths and encodings, junk values) and bodies, against
 * every page and every action. Each answer: never a 5xx, never a stack trace, never a redirect
 * off the site (problemsOf). HTTP over raw sockets, one project; each request from an address of
 * its own, so the rate limiter never answers instead.
 */
import { expect, test } from "@playwright/test";
import { addressesFrom, inBatches, problemsOf, rawRequest, type RawRequest } from "./support/hostile";

const ACTIONS = [
  "/api/progress",
  "/auth/google",
  "/auth/firebase",
  "/favorites",
  "/played",
  "/forgot-password",
  "/logout",
  "/reset-password",
  "/signin",
  "/signup",
  "/up-next",
  "/SpankBank",
  "/SpankBank/Post/x?id=1",
  "/verify-email",
];
const PAGES = [
  "/",
  "/eras",
  "/episode?title=x",
  "/search?term=radio",
  "/News",
  "/user",
  "/up-next",
  "/api/up-next",
  "/api/now-playing",
  "/rss",
];

const TARGETS = [
  "http://evil.example/",
  "https://evil.example/signin",
  "http://127.0.0.1/",
  "ftp://x/",
  "*",
  "?",
  "/%",
  "/%zz",
  "/%00",
  "//evil.example/",
  "/\\evil.example",
  "/..%2f..%2fetc/passwd",
  `/${"a".repeat(6000)}`,
  "/é",
  "/%E2%80%AE",
  "/search?term=%ff%fe",
  "/episode?title=%",
  "/#frag",
];
const METHODS = ["GET", "HEAD", "POST", "get", "G3T", "PROPFIND", "CONNECT", "OPTIONS"];

/** Host and forwarded-header variants: [label, host (null = none), extra header lines]. */
const HEADERS: [string, string | null | undefined, [string, string][]][] = [
  ["plain", undefined, []],
  ["no Host", null, []],
  ["Host port 99999", "127.0.0.1:99999", []],
  ["Host port 0", "127.0.0.1:0", []],
  ["Host with a path", "evil.example/x", []],
  ["Host with userinfo", "a@evil.example", []],
  ["Host empty", "", []],
  ["Host IPv6 junk", "[::g]:80", []],
  ["Host very long", "a".repeat(3000), []],
  ["X-Forwarded-Host port 99999", undefined, [["X-Forwarded-Host", "evil.example:99999"]]],
  ["X-Forwarded-Host list", undefined, [["X-Forwarded-Host", "evil.example, other.example"]]],
  ["X-Forwarded-Host junk", undefined, [["X-Forwarded-Host", "<script>"]]],
  ["X-Forwarded-Host empty", undefined, [["X-Forwarded-Host", ""]]],
  ["X-Forwarded-Proto junk", undefined, [["X-Forwarded-Proto", "javascript"]]],
  ["X-Forwarded-Proto list", undefined, [["X-Forwarded-Proto", "https, http"]]],
  ["X-Forwarded-For junk", undefined, [["X-Forwarded-For", "not-an-address, ::zz"]]],
  ["Origin junk", undefined, [["Origin", "null"]]],
  ["Origin other", undefined, [["Origin", "https://evil.example"]]],
  ["Sec-Fetch-Site cross", undefined, [["Sec-Fetch-Site", "cross-site"]]],
  ["Content-Type junk", undefined, [["Content-Type", ";;;=\u0001"]]],
  ["Content-Type multipart no boundary", undefined, [["Content-Type", "multipart/form-data"]]],
  ["Content-Encoding gzip", undefined, [["Content-Encoding", "gzip"]]],
  ["Content-Encoding junk", undefined, [["Content-Encoding", "x-junk"]]],
  ["Accept-Encoding junk", undefined, [["Accept-Encoding", "br;q=x, *;q=-1"]]],
  ["Accept junk", undefined, [["Accept", "*/*;q=zz"]]],
  ["If-None-Match junk", undefined, [["If-None-Match", '"a", W/"b", *']]],
  ["Range junk", undefined, [["Range", "bytes=9-1,-"]]],
  ["Cookie junk", undefined, [["Cookie", "__Host-hrs_session=%zz; ;=;hrs_x"]]],
  ["Authorization junk", undefined, [["Authorization", "Bearer \u00ff"]]],
  ["Expect 100-continue", undefined, [["Expect", "100-continue"]]],
];

const address = addressesFrom("198.20");

/** Only the status matters for requests the HTTP parser itself refuses (no answer body of ours). */
async function check(label: string, req: RawRequest): Promise<string[]> {
  const headers: [string, string][] = [
    ...(req.headers as [string, string][]),
    ["X-Forwarded-For", address()["X-Forwarded-For"]!],
  ];
  try {
    return problemsOf(label, await rawRequest(test.info().project.use.baseURL!, { ...req, headers }, 20_000));
  } catch (error) {
    // The parser may close on bytes it refuses before any answer: that is not a 5xx.
    return /no HTTP answer \(0 bytes\)|ECONNRESET|socket hang up/.test((error as Error).message)
      ? []
      : [`${label}: ${(error as Error).message.split("\n")[0]}`];
  }
}

test("request lines, headers and bodies of every page and action: never a 5xx", async () => {
  test.setTimeout(300_000);
  const form = "email=a%40b.c&password=x&intent=add&title=x&redirectTo=%2F";
  const requests: [string, RawRequest][] = [
    ...TARGETS.flatMap((path) =>
      METHODS.map((method): [string, RawRequest] => [
        `${method} ${path.slice(0, 40)}`,
        { method, path, headers: [], body: method === "POST" ? form : undefined },
      ]),
    ),
    ...[...ACTIONS, ...PAGES].flatMap((path) =>
      HEADERS.map(([label, host, headers]): [string, RawRequest] => {
        const post = ACTIONS.includes(path);
        const type: [string, string][] = headers.some(([n]) => n === "Content-Type")
          ? []
          : [["Content-Type", "application/x-www-form-urlencoded"]];
        return [
          `${post ? "POST" : "GET"} ${path} (${label})`,
          post
            ? { method: "POST", path, host, headers: [...headers, ...type], body: form }
            : { method: "GET", path, host, headers },
        ];
      }),
    ),
    ...ACTIONS.flatMap((path) =>
      (
        [
          ["empty", ""],
          ["JSON", '{"a":[1,{"b":null}]}'],
          ["JSON array", "[1,2,3]"],
          ["NUL bytes", "a=\u0000\u0000&b=\u0000"],
          ["deep brackets", "a" + "[a]".repeat(500) + "=1"],
          ["many fields", Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join("&")],
          ["bad escapes", "email=%zz&password=%"],
          ["multipart junk", "--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--"],
        ] as const
      ).flatMap(([label, body]) =>
        (["application/x-www-form-urlencoded", "application/json", "text/plain"] as const).map(
          (type): [string, RawRequest] => [
            `POST ${path} ${label} as ${type}`,
            { method: "POST", path, headers: [["Content-Type", type]], body },
          ],
        ),
      ),
    ),
  ];
  expect(requests.length).toBeGreaterThanOrEqual(1000);
  const problems = await inBatches(requests, 8, ([label, req]) => check(label, req));
  console.log(`hostile request lines, headers and bodies checked: ${requests.length}`);
  expect(problems, problems.slice(0, 30).join("\n")).toEqual([]);
});
