// Per-response cost of compressing a page, for the choice in ADR 006: gzip level 1/6/9 and
// brotli quality 4 (what the `compression` middleware would do per response) against the render
// cache's gzip splice (compressed once per entry, a fresh nonce spliced in per response).
// Used by `npm run bench` on the home page's HTML; alone: node bench/compression.mjs <file.html>
import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import { tsImport } from "tsx/esm/api";

export async function compressionCosts(html, { iterations = 300 } = {}) {
  const { gzipSegments, gzipWithNonce, splitOnNonce, joinWithNonce } = await tsImport(
    "../server/gzip-splice.ts",
    import.meta.url,
  );
  const nonce = /nonce="([^"]+)"/.exec(html.toString())?.[1] ?? crypto.randomBytes(16).toString("base64");
  const body = Buffer.from(html);
  const segments = splitOnNonce(body, nonce);
  const g = gzipSegments(segments, Buffer.byteLength(nonce), 9);
  const fresh = () => crypto.randomBytes(16).toString("base64");
  const time = (fn) => {
    for (let i = 0; i < 20; i++) fn();
    const start = process.hrtime.bigint();
    let bytes = 0;
    for (let i = 0; i < iterations; i++) bytes = fn().length;
    return { usPerResponse: Math.round(Number(process.hrtime.bigint() - start) / 1000 / iterations), bytes };
  };
  return {
    rawBytes: body.length,
    nonceOccurrences: segments.length - 1,
    "identity (nonce spliced)": time(() => joinWithNonce(segments, fresh())),
    "gzip level 1 per response": time(() => zlib.gzipSync(joinWithNonce(segments, fresh()), { level: 1 })),
    "gzip level 6 per response": time(() => zlib.gzipSync(joinWithNonce(segments, fresh()), { level: 6 })),
    "gzip level 9 per response": time(() => zlib.gzipSync(joinWithNonce(segments, fresh()), { level: 9 })),
    "brotli q4 per response": time(() =>
      zlib.brotliCompressSync(joinWithNonce(segments, fresh()), {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      }),
    ),
    "gzip-9 copy, nonce spliced (render cache)": time(() => gzipWithNonce(g, fresh())),
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
