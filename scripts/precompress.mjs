// Part of `npm run build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// next to every text asset in public/build (hashed, immutable), so the server sends them
// without compressing anything per request (app/http/precompressed.server.ts, ADR 007).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = "public/build";
const TEXT = /\.(js|mjs|css|map|json|svg|txt)$/;
const MIN_BYTES = 1024;

let count = 0;
let raw = 0;
let br = 0;
for (const rel of fs.readdirSync(ROOT, { recursive: true })) {
  const file = path.join(ROOT, String(rel));
  if (!TEXT.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
  raw += data.length;
  br += brotli.length;
}
console.log(`precompressed ${count} assets: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
