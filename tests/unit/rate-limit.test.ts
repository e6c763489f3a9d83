import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAuthPost, rateLimits, routedPath } from "../../server/rate-limit";

describe("routedPath", () => {
  it.each([
    ["/signin", "/signin"],
    ["/%73ignin", "/signin"],
    ["/./signin", "/signin"],
    ["/x/../signin", "/signin"],
    ["/%2e/signin", "/signin"],
    ["//signin", "/signin"],
    ["/%E0%A4%A", "/%E0%A4%A"],
  ])("%s → %s", (raw, routed) => expect(routedPath(raw)).toBe(routed));
});

describe("isAuthPost", () => {
  it("puts every form that checks a password in the sign-in tier, the account deletion too", () => {
    for (const path of ["/signin", "/signup", "/reset-password", "/user/delete", "/User/Delete", "/%75ser/delete"]) {
      expect(isAuthPost("POST", path), path).toBe(true);
    }
    for (const path of ["/user", "/user/data", "/user/deleted-things"])
      expect(isAuthPost("POST", path), path).toBe(false);
  });
});

describe("the sign-in tier", () => {
  let server: ReturnType<express.Express["listen"]>;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", 1);
    app.use(rateLimits({ auth: 2, post: 100, get: 100 }, "private, no-store"));
    app.post("*", (_req, res) => res.send("ok"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => server.close());

  it("counts every spelling of the sign-in path against one limit", async () => {
    const { port } = server.address() as AddressInfo;
    // node:http sends the path as written (fetch would resolve the dot segments itself).
    const post = (path: string) =>
      new Promise<number>((resolve, reject) =>
        http
          .request(
            { host: "127.0.0.1", port, path, method: "POST", headers: { "X-Forwarded-For": "203.0.113.9" } },
            (res) => {
              res.resume();
              resolve(res.statusCode!);
            },
          )
          .on("error", reject)
          .end(),
      );
    const statuses: number[] = [];
    for (const path of ["/signin", "/%73ignin", "/./signin", "/x/../signin", "/SignUp"])
      statuses.push(await post(path));
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(await post("/favorites")).toBe(200);
  });
});
