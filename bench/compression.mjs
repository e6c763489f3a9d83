// Per-response cost of compressing a page (what the `compression` middleware does for a client
// that takes gzip, at zlib's default level 6; ADR 019): gzip level 1/6/9 and brotli quality 4.
// Used by `npm run bench` on the home page's HTML; alone: node bench/compression.mjs <file.html>
import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";

export async function compressionCosts(html, { iterations = 300 } = {}) {
  const nonce = /nonce="([^"]+)"/.exec(html.toString())?.[1] ?? crypto.randomBytes(16).toString("base64");
  const segments = Buffer.from(html).toString("latin1").split(nonce);
  const page = () => Buffer.from(segments.join(crypto.randomBytes(16).toString("base64")), "latin1");
  const time = (fn) => {
    for (let i = 0; i < 20; i++) fn();
    const start = process.hrtime.bigint();
    let bytes = 0;
    for (let i = 0; i < iterations; i++) bytes = fn().length;
    return { usPerResponse: Math.round(Number(process.hrtime.bigint() - start) / 1000 / iterations), bytes };
  };
  return {
    rawBytes: Buffer.byteLength(html),
    nonceOccurrences: segments.length - 1,
    "identity (nonce spliced)": time(page),
    "gzip level 1 per response": time(() => zlib.gzipSync(page(), { level: 1 })),
    "gzip level 6 per response": time(() => zlib.gzipSync(page(), { level: 6 })),
    "gzip level 9 per response": time(() => zlib.gzipSync(page(), { level: 9 })),
    "brotli q4 per response": time(() =>
      zlib.brotliCompressSync(page(), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
    ),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node bench/compression.mjs <page.html>");
    process.exit(1);
  }
  console.log(await compressionCosts(fs.readFileSync(file)));
}
