// Bundle server.ts (and the app code it imports) into build/server.js for production.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  platform: "node",
  format: "esm",
  target: "node20",
  bundle: true,
  packages: "external",
  alias: { "~": "./app" },
  logLevel: "warning",
});
