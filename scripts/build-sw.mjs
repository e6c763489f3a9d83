// Part of `npm run build`, after Remix's: the service worker (sw/service-worker.ts, Workbox's
// modules) bundled into public/sw.js, with the build's scripts and styles as its precache list.
// Their names carry their content's hash, so no entry needs a revision of its own, and a new build
// is a new list, so a new sw.js the browser installs (docs/decisions/063-offline.md).
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const ROOT = "public/build";
const manifest = fs
  .readdirSync(ROOT, { recursive: true })
  .map((rel) => String(rel).split(path.sep).join("/"))
  .filter((rel) => /\.(js|css)$/.test(rel))
  .sort()
  .map((rel) => ({ url: `/build/${rel}`, revision: null }));

await build({
  entryPoints: ["sw/service-worker.ts"],
  outfile: "public/sw.js",
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  // Workbox's development logging is left out.
  define: { "process.env.NODE_ENV": '"production"', "self.__WB_MANIFEST": JSON.stringify(manifest) },
  logLevel: "warning",
});
const kb = (fs.statSync("public/sw.js").size / 1024).toFixed(0);
console.log(`service worker: public/sw.js (${kb} KB), precaching ${manifest.length} build files`);
