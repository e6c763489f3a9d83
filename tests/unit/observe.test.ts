/**
 * server/observe.ts on a plain HTTP server: bounded route labels whatever the URL, one JSON line
 * per request, and the metrics port behind its token.
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { observe } from "../../server/observe";
import { metrics } from "~/services/metrics.server";

const routes = {
  root: { id: "root", path: "" },
  "routes/episode": { id: "routes/episode", parentId: "root", path: "episode" },
  "routes/news.$slug": { id: "routes/news.$slug", parentId: "root", path: "news/:slug" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];
const TOKEN = "a-metrics-token-0123456789";
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

let site: http.Server;
let origin: string;
let metricsAt: string;
let observed: ReturnType<typeof observe>;
const written: string[] = [];
beforeAll(async () => {
  const port = await freePort();
  metricsAt = `http://127.0.0.1:${port}/metrics`;
  observed = observe(
    {
      NODE_ENV: "production",
      TRUST_PROXY_HOPS: 1,
      LOG_LEVEL: "info",
      logFormat: "json",
      metricsPort: port,
      METRICS_TOKEN: TOKEN,
    },
    {
      routes,
      paths: { "/healthz": "healthz" },
      renders: () => ({ running: 2, waiting: 5, shed: 7 }),
      streams: () => 3,
    },
    { write: (line: string) => void written.push(line) },
  );
  site = http.createServer((req, res) => {
    observed.request(req, res);
    res.statusCode = req.url?.startsWith("/news/") ? 404 : 200;
    res.end("ok");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;
  await new Promise<void>((resolve) => observed.metricsServer!.once("listening", resolve).listening && resolve());
});
afterAll(async () => {
  site.close();
  observed.metricsServer?.close();
});

describe("observe", () => {
  it("labels a request by its route id or family, never its URL; one JSON line each with its id, route, status and time", async () => {
    const paths = [
      "/episode?title=Someone%27s%20listener%20title",
      "/EPISODE",
      "/news/a-post",
      "/media/audio/x.mp3",
      "/build/entry-ABC.js",
      "/healthz",
      "/nowhere/at/all",
      "/%E0%A4%A",
    ];
    for (const path of paths)
      await fetch(origin + path, { headers: { "X-Request-Id": "0123456789abcdef0123456789abcdef" } });
    const text = await (await fetch(metricsAt, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    const routesSeen = [...text.matchAll(/hrs_http_request_duration_seconds_count\{route="([^"]+)",status="(\d+)"\}/g)]
      .map((m) => `${m[1]} ${m[2]}`)
      .sort();
    expect(routesSeen).toEqual([
      "build 200",
      "healthz 200",
      "malformed 200",
      "routes/$ 200",
      "routes/episode 200",
      "routes/news.$slug 404",
      "static 200",
    ]);
    expect(text).toContain('hrs_http_request_duration_seconds_count{route="routes/episode",status="200"} 2');
    expect(text).not.toMatch(/title|Someone|a-post|nowhere/);

    const lines = written.filter((l) => l.startsWith("{") && l.includes('"reqId"')).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(paths.length);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: "0123456789abcdef0123456789abcdef",
      method: "GET",
      route: "routes/episode",
      status: 200,
    });
    expect(typeof lines[0].ms).toBe("number");
    expect(lines[2]).toMatchObject({ route: "routes/news.$slug", status: 404 });
    expect(written.join("")).not.toMatch(/Someone|listener%20title/);
  });

  it("serves the metrics only with the token, the render queue, streams, page cache and the app's counters in one text", async () => {
    expect((await fetch(metricsAt)).status).toBe(401);
    expect((await fetch(metricsAt, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect(
      (await fetch(metricsAt.replace("/metrics", "/other"), { headers: { Authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    metrics.cache.inc({ cache: "catalog", result: "hit" });
    const answer = await fetch(metricsAt, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    for (const series of [
      'hrs_render_slots{state="running"} 2',
      'hrs_render_slots{state="waiting"} 5',
      "hrs_render_shed_total 7",
      "hrs_now_playing_streams 3",
      'hrs_cache_lookups_total{cache="catalog",result="hit"} 1',
      "process_resident_memory_bytes",
    ])
      expect(text).toContain(series);
    expect(written.join("")).toContain(`Metrics: ${metricsAt} (Authorization: Bearer $METRICS_TOKEN)`);
  });

  it("every series the shipped Grafana dashboard plots is one the metrics port serves", async () => {
    const text = await (await fetch(metricsAt, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    const plotted = new Set(
      [...fs.readFileSync("deploy/grafana-dashboard.json", "utf8").matchAll(/\b((?:hrs|process)_\w+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|count|sum)$/, ""),
      ),
    );
    expect(plotted.size).toBeGreaterThan(10);
    for (const name of plotted) expect(text, name).toContain(`# TYPE ${name} `);
  });
});
