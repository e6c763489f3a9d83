import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressed } from "../../server/precompressed";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-precompressed-"));
const js = Buffer.from("export const a = 1;\n".repeat(200));
let origin = "";
let server: http.Server;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared/a.js"), js);
  fs.writeFileSync(path.join(dir, "_shared/a.js.br"), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, "_shared/a.js.gz"), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, "b.css"), "body{}");
  const app = express();
  app.use("/build", precompressed(dir), express.static(dir, { immutable: true, maxAge: "1y" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(p: string, encoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${p}`, { headers: encoding ? { "Accept-Encoding": encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("precompressed build assets", () => {
  it("reads Accept-Encoding", async () => {
    const encoding = async (header?: string) => (await get("/build/_shared/a.js", header)).headers["content-encoding"];
    expect(await encoding("gzip, deflate, br, zstd")).toBe("br");
    expect(await encoding("gzip")).toBe("gzip");
    expect(await encoding("br;q=0, gzip")).toBe("gzip");
    expect(await encoding("*")).toBe("br");
    expect(await encoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(await encoding(undefined)).toBeUndefined();
  });

  it("sends the brotli copy, else the gzip copy, else the file, with the file's type", async () => {
    const br = await get("/build/_shared/a.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).equals(js)).toBe(true);

    const gz = await get("/build/_shared/a.js?v=1", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(js)).toBe(true);

    const plain = await get("/build/_shared/a.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(js)).toBe(true);
  });

  it("leaves files without copies and unknown paths to the static handler", async () => {
    const css = await get("/build/b.css", "br");
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body.toString()).toBe("body{}");
  });
});
