/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // The news post screen under its second URL (WTF News), beside the file-based routes.
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route("wtfnews/:slug", "routes/news.$slug.tsx", { id: "routes/wtfnews.$slug" });
    }),
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
