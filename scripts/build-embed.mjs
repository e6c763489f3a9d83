// Part of `npm run build`: the embeddable player's script (app/player/embed-player.client.ts) as
// one small file, which the embed page carries inline (app/route-support/embed.server.ts), so a
// page framed by other sites loads none of the site's own code.
import { build } from "esbuild";

await build({
  entryPoints: ["app/player/embed-player.client.ts"],
  outfile: "build/embed-player.js",
  bundle: true,
  minify: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  legalComments: "none",
  logLevel: "warning",
});
