/**
 * One address cannot take the site down: what a single hostile client can make a server hold
 * (unfinished bodies, connections, password checks) and the malformed requests that used to
 * answer 500. Raw sockets and HTTP against a private server with small limits; no browser.
 */
import net from "node:net";
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "./support/app-server";
import { PASSWORD, uniqueEmail } from "./support/auth";

let server: AppServer;
let port: number;
test.describe.configure({ mode: "serial" });
// Password checks are slow on purpose here, and the machine may be busy.
test.setTimeout(120_000);
test.beforeAll(async () => {
  server = await startAppServer(
    {
      // One render at a time, a two-second limit for a request to arrive, three bodies per client.
      RENDER_CONCURRENCY: "1",
      REQUEST_TIMEOUT_MS: "2000",
      BODIES_PER_CLIENT: "3",
      // One hash at a time and three waiting, each slower than a page's render.
      PASSWORD_HASH_ITERATIONS: "100",
      PASSWORD_HASH_THREADS: "1",
      PASSWORD_HASH_QUEUE: "3",
    },
    "one-address",
  );
  port = Number(new URL(server.origin).port);
});
test.afterAll(() => server.stop());

/** Writes `head` (and a body start) on a fresh socket; resolves with the socket and its answer. */
function rawRequest(text: string) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write(text);
  const answer = new Promise<string>((resolve) => {
    let got = "";
    socket.on("data", (d) => (got += String(d)));
    socket.on("close", () => resolve(got));
  });
  return { socket, answer, status: answer.then((a) => a.split(" ")[1] ?? "closed") };
}

const signUpAndIn = async (address: string) => {
  const email = uniqueEmail("one-address");
  const form = (extra: Record<string, string> = {}) => ({
    method: "POST",
    headers: { "X-Forwarded-For": address, Origin: server.origin },
    body: new URLSearchParams({ email, password: PASSWORD, website: "", ...extra }),
    redirect: "manual" as const,
  });
  expect((await fetch(`${server.origin}/signup`, form())).status).toBe(302);
  const signIn = await fetch(`${server.origin}/signin`, form({ redirectTo: "/user" }));
  expect(signIn.status).toBe(302);
  return signIn.headers.getSetCookie()[0]!.split(";")[0]!;
};

test("unfinished bodies from one address hold no render slot: signed-in and uncached pages answer meanwhile", async () => {
  const cookie = await signUpAndIn("203.0.113.10");
  const held = Array.from({ length: 20 }, () =>
    rawRequest(
      `POST /favorites HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: 203.0.113.66\r\nCookie: ${cookie}\r\n` +
        `Origin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nintent=`,
    ),
  );
  // The rest past the per-client bound are refused at once; the first three wait for their bodies.
  const statuses = await Promise.all(held.slice(3).map((h) => h.status));
  expect(statuses).toEqual(Array(17).fill("429"));
  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, {
      headers: { "X-Forwarded-For": "203.0.113.11", ...headers },
      signal: AbortSignal.timeout(1500),
      redirect: "manual",
    });
  // Before the change each of these waited for the bodies (no answer while they were held).
  for (let i = 0; i < 3; i++) {
    expect((await page("/user", { Cookie: cookie })).status).toBe(200);
    expect((await page(`/search?term=slow${i}`)).status).toBe(200);
  }
  // The held ones end with a 408 once the time limit passes.
  expect(await Promise.all(held.slice(0, 3).map((h) => h.status))).toEqual(["408", "408", "408"]);
});

test("a header that trickles in is cut off at the time limit", async () => {
  const { socket, answer } = rawRequest(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: a`);
  const drip = setInterval(() => socket.write("a"), 500);
  try {
    // Node answers 408 (or closes) once the headers are late; before, the default was a minute.
    const got = await Promise.race([answer, new Promise<string>((r) => setTimeout(() => r("still open"), 8000))]);
    expect(got).not.toBe("still open");
  } finally {
    clearInterval(drip);
    socket.destroy();
  }
});

test("a body past the size limit is a 413; an encoded one a 415", async () => {
  const big = await fetch(`${server.origin}/signin`, {
    method: "POST",
    headers: { "X-Forwarded-For": "203.0.113.12", "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=" + "a".repeat(100_000),
  });
  expect(big.status).toBe(413);
  expect(await big.text()).toBe("The request is too large.");
  const gzip = await fetch(`${server.origin}/api/progress`, {
    method: "POST",
    headers: { "X-Forwarded-For": "203.0.113.12", "Content-Encoding": "gzip", "Content-Type": "application/json" },
    body: "{}",
  });
  expect(gzip.status).toBe(415);
});

test("malformed request lines and hosts are a 400, never a 500", async () => {
  const cases = [
    "GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n",
    "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\n",
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n`,
    // One trusted proxy hop: its X-Forwarded-Host is read, and must be a host.
    `POST /signin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-Host: evil.example:99999\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n`,
    `POST /forgot-password HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-Host: evil.example:70000\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n`,
  ];
  for (const head of cases) {
    const body = head.startsWith("POST") ? "a=b" : "";
    const { status } = rawRequest(`${head}X-Forwarded-For: 203.0.113.13\r\nConnection: close\r\n\r\n${body}`);
    expect(await status, head.split("\r\n")[0]).toBe("400");
  }
  expect(server.output()).not.toMatch(/Failed to parse URL|Invalid URL|\n\s+at /);
});

test("a 405 page names no route", async () => {
  const res = await fetch(`${server.origin}/about`, {
    method: "POST",
    headers: { "X-Forwarded-For": "203.0.113.14", Origin: server.origin },
    body: new URLSearchParams({ a: "b" }),
  });
  expect(res.status).toBe(405);
  expect(await res.text()).toBe("This page doesn't take form submissions.");
});

test("sign-ins waiting for password checks hold no render slot: a signed-in page is answered before them", async () => {
  const cookie = await signUpAndIn("203.0.113.15");
  const email = uniqueEmail("waiting");
  const order: string[] = [];
  const signIns = [1, 2, 3, 4].map((n) =>
    fetch(`${server.origin}/signin`, {
      method: "POST",
      headers: { "X-Forwarded-For": `203.0.113.${15 + n}`, Origin: server.origin },
      body: new URLSearchParams({ email, password: PASSWORD, website: "" }),
      redirect: "manual",
    }).then((r) => order.push(`sign-in ${r.status}`)),
  );
  // Before, the four held the one render slot in turn while their hashes ran, and the page waited.
  await new Promise((r) => setTimeout(r, 50));
  const page = await fetch(`${server.origin}/user`, { headers: { Cookie: cookie, "X-Forwarded-For": "203.0.113.15" } });
  order.push(`page ${page.status}`);
  await Promise.all(signIns);
  expect(order.indexOf("page 200")).toBeLessThan(order.length - 1);
  expect(order.filter((o) => o.startsWith("sign-in"))).toEqual(Array(4).fill("sign-in 401"));
});

test("while password checks queue, /healthz says not ready and sign-ins past the queue get 503 with Retry-After", async () => {
  const email = uniqueEmail("hash-queue");
  const post = (path: string, address: string) =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": address, Origin: server.origin },
      body: new URLSearchParams({ email, password: PASSWORD, website: "" }),
      redirect: "manual",
    });
  expect((await post("/signup", "203.0.113.20")).status).toBe(302);
  let readiness: number[] = [];
  const busy: Response[] = [];
  let running = true;
  const signIns = (async () => {
    for (let i = 0; i < 3; i++) {
      const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => post("/signin", `203.0.113.${30 + i * 6 + n}`)));
      busy.push(...answers.filter((a) => a.status === 503));
    }
    running = false;
  })();
  while (running) {
    const health = await fetch(`${server.origin}/healthz`);
    readiness.push(health.status);
    if (health.status === 503) expect((await health.json()).checks.passwords).toBe("full");
    await new Promise((r) => setTimeout(r, 20));
  }
  await signIns;
  expect(readiness).toContain(503);
  expect(busy.length).toBeGreaterThan(0);
  expect(busy[0]!.headers.get("retry-after")).toMatch(/^\d+$/);
  // Liveness never changes, and readiness comes back.
  expect((await fetch(`${server.origin}/healthz/live`)).status).toBe(200);
  readiness = [];
  expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
});
