import path from "node:path";
import { fileURLToPath } from "node:url";
// Remix's own flat-routes convention (the function its compiler runs on app/routes); Remix 2.17.5.
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";

const appDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "app");
const ignoredRouteFiles = ["**/.*", "**/*.test.{ts,tsx}"];

/**
 * The pages listeners open most, in that order. The router tries routes of equal rank in the
 * order they are defined, and the convention defines them longest file name first, which put
 * /era 27th of 33 tries, four times per request. Only the order of equal ranks changes: which
 * route a URL matches does not (docs/decisions/007-performance.md §3b).
 */
const HOT_ROUTES = ["routes/episode", "routes/era", "routes/search", "routes/eras", "routes/news._index", "routes/news.$slug"];

/**
 * Remix classic compiler configuration (the user's design card: Remix v2, classic compiler).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // The file convention runs in `routes` below (the same files, the same routes), so that the
  // hot routes can be defined first; here it would define every route itself, in its own order.
  ignoredRouteFiles: ["**/*"],
  routes: async () => {
    const byConvention = flatRoutes(appDirectory, ignoredRouteFiles);
    const hot = HOT_ROUTES.map((id) => {
      if (!byConvention[id]) throw new Error(`remix.config.js: no route ${id} in app/routes`);
      return [id, byConvention[id]];
    });
    return Object.fromEntries([...hot, ...Object.entries(byConvention).filter(([id]) => !HOT_ROUTES.includes(id))]);
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
  },
};
