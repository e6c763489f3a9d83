/**
 * What an operator sees, on the built server in production mode (ADR 061): one JSON line per
 * request, and Prometheus metrics on a port of their own behind a token, never on the site's
 * port. A listener signs up, signs in and saves a position; neither their address nor their uid
 * is in a label or a log line. Runs once (desktop-js):
 *   E2E_PORT=3500 npx playwright test tests/e2e/operator.spec.ts --project=desktop-js
 */
import net from "node:net";
import { expect, test } from "@playwright/test";
import { signedInCookie } from "./support/auth";
import { startAppServer, type AppServer } from "./support/app-server";
import { episodes, newestFirst } from "./support/sample";
import { episodeLink } from "../../app/rules/episodes";

const TOKEN = "operator-metrics-token-0123456789";
let server: AppServer;
let metricsPort: number;
test.beforeAll(async () => {
  metricsPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  server = await startAppServer({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN }, "operator");
});
test.afterAll(async () => {
  await server?.stop();
});

const scrape = (headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers });

test("metrics: on their own port behind the token, never on the site's; per route and status, no personal data; a JSON line per request without it either", async () => {
  const episode = newestFirst(episodes)[0]!;
  const { email, cookie } = await signedInCookie(server.origin, "operator");
  const user = await (await fetch(`${server.origin}/user`, { headers: { Cookie: cookie } })).text();
  const uid = /H\.O\.F: (?:<!-- -->)?([^<\s]+)/.exec(user)?.[1];
  expect(uid, "the uid on /user").toBeTruthy();
  const progress = await fetch(`${server.origin}/api/progress`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.origin, "Content-Type": "application/json" },
    body: JSON.stringify({
      AudioTitle: episode.title,
      AudioSrc: episode.EpisodeUrl,
      Duration: episode.EpisodeDuration,
      currentTime: 42,
      at: Date.now(),
    }),
  });
  expect(progress.status).toBe(200);
  expect((await fetch(`${server.origin}${episodeLink(episode.title, false)}`)).status).toBe(200);

  // The site's port: no metrics, with the token or without.
  for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
    const publicPort = await fetch(`${server.origin}/metrics`, { headers });
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain("hrs_http_request_duration_seconds");
  }
  expect((await scrape()).status).toBe(401);
  expect((await scrape({ Authorization: "Bearer not-the-token-at-all-0123" })).status).toBe(401);
  const answer = await scrape({ Authorization: `Bearer ${TOKEN}` });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toContain("text/plain");
  const text = await answer.text();
  for (const series of [
    'hrs_http_request_duration_seconds_bucket{le="0.25",route="routes/signin",status="302"}',
    'hrs_http_request_duration_seconds_count{route="routes/episode",status="200"}',
    'hrs_http_request_duration_seconds_count{route="healthz",status="200"}',
    'hrs_progress_writes_total{status="200"}',
    // No mail is sent here (no SMTP_URL): the counter is there, at nothing.
    "# TYPE hrs_mails_total counter",
    'hrs_cache_lookups_total{cache="catalog",result="miss"}',
    'hrs_password_hashes{state="running"}',
    'hrs_render_slots{state="waiting"}',
    "hrs_now_playing_streams",
    "process_cpu_user_seconds_total",
  ])
    expect(text, series).toContain(series);
  // Labels are route ids and families, never a URL: the title in /episode?title= is nowhere.
  for (const secret of [email, uid!, episode.title, encodeURIComponent(episode.title), "?title="])
    expect(text, secret).not.toContain(secret);

  // Request lines are written in batches, at least every 250 ms.
  await expect.poll(() => server.output()).toContain('"route":"routes/episode"');
  const lines = server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const requests = lines.filter((l) => "reqId" in l && "status" in l);
  expect(requests.find((l) => l.route === "routes/signin")).toMatchObject({ level: 30, method: "POST", status: 302 });
  for (const line of requests)
    expect(Object.keys(line).sort()).toEqual(["level", "method", "ms", "msg", "reqId", "route", "status", "time"]);
  for (const secret of [email, uid!, episode.title, encodeURIComponent(episode.title)])
    expect(server.output(), secret).not.toContain(secret);
  expect(server.output()).toContain(`Metrics: http://127.0.0.1:${metricsPort}/metrics`);
});
