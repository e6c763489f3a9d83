import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

/**
 * Server-renders `element` as the one route of a static data router at `url` (router hooks,
 * `<Link>`, `<NavLink>` and `<Form>` work as in a document render). Resolves to a function that
 * renders it again, for tests that render the same URL more than once.
 */
export async function staticRenderer(element: ReactElement, url: string): Promise<() => string> {
  const handler = createStaticHandler([{ id: "page", path: "*", element }]);
  const context = await handler.query(new Request(new URL(url, "http://localhost")));
  if (context instanceof Response) throw new Error(`unexpected redirect for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return () => renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
