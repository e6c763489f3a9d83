// Part of `npm run build`: writes a brotli (.br, quality 11) and a gzip (.gz) copy next to every
// text asset in public/build (hashed, immutable), so the server sends them without compressing
// anything per request (server/precompressed.ts, ADR 007); each copy is written only when it is
// smaller than the file itself. zlib's own encoders at their best levels: a few seconds for the
// whole build, so a first start is not held up.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = "public/build";
const TEXT = /\.(js|mjs|css|json|svg|txt)$/;
// Below this the server sends the file as it is (see the compression threshold in server.ts);
// a copy is still written when it is smaller, so first-load chunks of a few hundred bytes shrink too.
const MIN_BYTES = 200;

let count = 0;
let raw = 0;
let br = 0;
let gz = 0;
const started = Date.now();
for (const rel of fs.readdirSync(ROOT, { recursive: true })) {
  const file = path.join(ROOT, String(rel));
  if (!TEXT.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  for (const ext of [".br", ".gz"]) fs.rmSync(file + ext, { force: true });
  if (data.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gzip = zlib.gzipSync(data, { level: 9 });
  if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
  count++;
  raw += data.length;
  br += Math.min(brotli.length, data.length);
  gz += Math.min(gzip.length, data.length);
}
const kb = (n) => (n / 1024).toFixed(0);
console.log(
  `precompressed ${count} assets in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kb(raw)} KB → ${kb(br)} KB brotli, ${kb(gz)} KB gzip`,
);
