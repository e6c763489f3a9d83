// @vitest-environment node
/**
 * The patches under patches/ (ADR 010), in the CommonJS files the server loads: a server build's
 * routes become route objects, data routes and ranked branches once, and every request still
 * renders its own page.
 */
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server.js");
const { RemixServer } = require("@remix-run/react/dist/server.js");
const remixRoutes = require("@remix-run/react/dist/routes.js");
const { matchRoutes } = require("@remix-run/router/dist/router.cjs.js");

const manifestRoutes = {
  root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
  "routes/a": { id: "routes/a", parentId: "root", path: "a", hasLoader: false, hasAction: false, module: "/a.js" },
  "routes/b": { id: "routes/b", parentId: "root", path: "b", hasLoader: false, hasAction: false, module: "/b.js" },
};
const routeModules = {
  root: { default: () => createElement("main", null, createElement(require("@remix-run/react").Outlet)) },
  "routes/a": { default: () => createElement("p", null, "page a") },
  "routes/b": { default: () => createElement("p", null, "page b") },
};
const manifest = { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/m.js", version: "1" };
const future = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_lazyRouteDiscovery: true };

async function render(path: string) {
  const routes = remixRoutes.createServerRoutes(manifestRoutes, routeModules, future, false);
  const staticHandlerContext = await createStaticHandler(routes).query(new Request(`http://localhost${path}`));
  const context = { manifest, routeModules, staticHandlerContext, future, isSpaMode: false, serverHandoffString: "{}" };
  return renderToString(createElement(RemixServer, { context, url: `http://localhost${path}` }));
}

describe("patched framework files", () => {
  it("RemixServer makes a build's route objects once, and each request still gets its own page", async () => {
    const create = vi.spyOn(remixRoutes, "createServerRoutes");
    expect(await render("/a")).toContain("page a");
    create.mockClear();
    expect(await render("/b")).toContain("page b");
    expect(await render("/a")).toContain("page a");
    // Only the test's own calls (one per render, for its static handler): none from RemixServer.
    expect(create).toHaveBeenCalledTimes(2);
    create.mockRestore();
  });

  it("createStaticRouter converts the same routes array once; matches and location stay per request", async () => {
    const routes = [{ id: "x", path: "/x/:n", element: null }];
    const handler = createStaticHandler(routes);
    const one = createStaticRouter(routes, await handler.query(new Request("http://localhost/x/1")));
    const two = createStaticRouter(routes, await handler.query(new Request("http://localhost/x/2")));
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches[0].params).toEqual({ n: "1" });
    expect(two.state.matches[0].params).toEqual({ n: "2" });
    expect(two.state.matches[0].route).toBe(one.routes[0]);
    expect(two.state.location.pathname).toBe("/x/2");
  });

  it("matchRoutes gives every caller its own matches, however often a pathname repeats", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "post", path: "news/:slug" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const first = matchRoutes(routes, "/news/a");
    first[1].params.slug = "changed";
    first.pop();
    const again = matchRoutes(routes, "/news/a");
    expect(again.map((m: { route: { id: string } }) => m.route.id)).toEqual(["root", "post"]);
    expect(again[1].params).toEqual({ slug: "a" });
    expect(again[1].route).toBe(first[0].route.children[0]);
    expect(matchRoutes(routes, "/news/b")[1].params).toEqual({ slug: "b" });
    expect(matchRoutes(routes, "/nope/x")[1].params).toEqual({ "*": "nope/x" });
    for (let n = 0; n < 1500; n++) matchRoutes(routes, `/news/${n}`);
    expect(matchRoutes(routes, "/news/a")[1].params).toEqual({ slug: "a" });
  });
});
