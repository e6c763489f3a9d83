import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { methodGuard, requestGuard } from "../../server/path-guard";

let server: http.Server;
beforeAll(async () => {
  const app = express();
  app.use(requestGuard("private, no-store"));
  app.use(methodGuard("private, no-store"));
  app.all("*", (_req, res) => res.send("ok"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
});
afterAll(() => server.close());

function send(method: string, host?: string) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; allow?: string }>((resolve, reject) =>
    http
      .request({ host: "127.0.0.1", port, path: "/", method, headers: host ? { Host: host } : {} }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, allow: res.headers.allow });
      })
      .on("error", reject)
      .end(),
  );
}

it.each(["GET", "HEAD", "POST"])("%s is served", async (method) => {
  expect((await send(method)).status).toBe(200);
});

it.each(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS"])("%s is 405 with Allow", async (method) => {
  expect(await send(method)).toEqual({ status: 405, allow: "GET, HEAD, POST" });
});

it.each(["localhost:3000", "listen.hamradioshow.net", "127.0.0.1", "[::1]:8080", "LISTEN.Example"])(
  "Host %s is served",
  async (host) => expect((await send("GET", host)).status).toBe(200),
);

it.each(["a b", "evil.example/path", "user@evil.example", "a<b", "example.net:99999", "example.net:0"])(
  "Host %s is a 400",
  async (host) => {
    expect((await send("GET", host)).status).toBe(400);
  },
);
