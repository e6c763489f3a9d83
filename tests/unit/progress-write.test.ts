import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../../server/app-contract";
import { progressWrites } from "../../server/progress-write";

describe("the progress write before Remix", () => {
  const calls: Parameters<AppServer["progressWrite"]>[] = [];
  let fail = false;
  let origin = "";
  let server: ReturnType<express.Express["listen"]>;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", 1);
    app.use(express.raw({ type: () => true }));
    app.use(
      progressWrites(async (...args) => {
        calls.push(args);
        if (fail) throw new Error("broken");
        return {
          status: 201,
          headers: { "Cache-Control": "private, no-store", "Retry-After": "7" },
          json: '{"ok":true}',
        };
      }),
    );
    // Stands for Remix: whatever the handler leaves alone ends here.
    app.all("*", (_req, res) => res.status(299).send("remix"));
    app.use(((_error, _req, res, _next) => res.status(500).send("failed")) as express.ErrorRequestHandler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const post = (path: string, body = '{"at":1}') =>
    fetch(origin + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: "hrs_session=abc", "X-Forwarded-For": "203.0.113.7" },
      body,
    });

  it("answers POST /api/progress with the app's answer, given the cookie, address, type and body", async () => {
    calls.length = 0;
    const res = await post("/api/progress", '{"at":42}');
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.headers.get("etag")).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const [cookie, address, type, body] = calls[0]!;
    expect([cookie, address, type]).toEqual(["hrs_session=abc", "203.0.113.7", "application/json"]);
    expect(new TextDecoder().decode(body!)).toBe('{"at":42}');
  });

  it("leaves every other request to Remix", async () => {
    calls.length = 0;
    for (const path of ["/api/progress?x=1", "/API/progress", "/api/progress/", "/favorites"])
      expect(await (await post(path)).text()).toBe("remix");
    expect(await (await fetch(`${origin}/api/progress`)).text()).toBe("remix");
    expect(calls).toHaveLength(0);
  });

  it("passes a failure on to the error handler", async () => {
    fail = true;
    try {
      expect((await post("/api/progress")).status).toBe(500);
    } finally {
      fail = false;
    }
  });
});
