/**
 * The remix-serve "framework floor" (bench/remix-serve-floor.mjs): a stand-alone Remix v2
 * classic-compiler app, built on its own (`remix build` with this folder as the project dir), so
 * nothing here is written into the project's build/ or public/build/. Same future flags as the
 * project's remix.config.js.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  cacheDirectory: ".cache",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
