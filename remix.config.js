import path from "node:path";
import { fileURLToPath } from "node:url";
// Remix's own flat-routes convention (the function its compiler runs on app/routes), as the
// package exports it.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";

const appDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "app");
const ignoredRouteFiles = ["**/.*", "**/*.test.{ts,tsx}"];

/**
 * The pages listeners open most, in that order. The router tries routes of equal rank in the
 * order they are defined, and the convention defines them longest file name first. Only the
 * order of equal ranks changes, never which route a URL matches.
 */
const HOT_ROUTES = [
  "routes/episode",
  "routes/era",
  "routes/search",
  "routes/eras",
  "routes/news._index",
  "routes/news.$slug",
];

/** Second URLs of a screen: [path, route module, id]. */
const ALIASES = [["wtfnews/:slug", "routes/news.$slug.tsx", "routes/wtfnews.$slug"]];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The convention runs in `routes` below, so that the hot routes can be defined first.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => {
    const byConvention = flatRoutes(appDirectory, ignoredRouteFiles);
    const hot = HOT_ROUTES.map((id) => {
      if (!byConvention[id]) throw new Error(`remix.config.js: no route ${id} in app/routes`);
      return [id, byConvention[id]];
    });
    const aliases = defineRoutes((route) => {
      for (const [urlPath, file, id] of ALIASES) route(urlPath, file, { id });
    });
    return Object.fromEntries([
      ...hot,
      ...Object.entries(byConvention).filter(([id]) => !HOT_ROUTES.includes(id)),
      ...Object.entries(aliases),
    ]);
  },
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
