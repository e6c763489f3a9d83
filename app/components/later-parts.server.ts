// The server's halves of ./later-parts.tsx: rendered in full on the server, left out of the browser build.
import { createElement } from "react";
import { useLocation } from "@remix-run/react";
import { markupOnce, useRouterAround } from "~/ui/later-markup.server";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

export { EpisodePanels } from "./EpisodePanels";
export { RouteError } from "./RouteError";
export { SubscribeMenu } from "./SubscribeMenu";
export { SiteFooter };
export { SiteHeader };
export { UpNextButtons } from "./UpNextButtons";

/** The footer shows the same links on every page: its markup is made once (ADR 057). */
export const useSiteFooterMarkup = () => markupOnce("site-footer", () => createElement(SiteFooter));

/**
 * The header shows the signed-in state and, by the path, which link is the page's (ADR 057); on
 * the search page also the listener's term, so that one is rendered.
 */
export function useSiteHeaderMarkup(props: { signedIn: boolean }): string | null {
  const { pathname } = useLocation();
  const around = useRouterAround();
  if (pathname.toLowerCase() === "/search") return null;
  return markupOnce(`site-header ${props.signedIn} ${pathname}`, () => around(createElement(SiteHeader, props)));
}
