// Bundle server.ts and server/ into build/server.js for production. App code is not bundled
// here: the server reaches it through the Remix build (build/index.js).
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  platform: "node",
  format: "esm",
  target: "node20",
  bundle: true,
  packages: "external",
  logLevel: "warning",
});
