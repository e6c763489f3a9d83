// The server's halves of ./later-parts.tsx: rendered in full on the server, left out of the browser build.
import { createElement } from "react";
import { useLocation } from "@remix-run/react";
import { useListener } from "~/auth/listener";
import { markupOnce, useRouterAround } from "~/ui/later-markup.server";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { UpNextButtons, UpNextSignIn } from "./UpNextButtons";

export { EpisodePanels } from "./EpisodePanels";
export { RouteError } from "./RouteError";
export { SubscribeMenu } from "./SubscribeMenu";
export { SiteFooter };
export { SiteHeader };
export { UpNextButtons };

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

/**
 * A signed-out visitor's Up Next buttons, on every card: their markup is made once per layout with
 * holes for the title and the page to come back to, which are filled per card (ADR 057).
 */
export function useUpNextButtonsMarkup(props: { title: string; withText?: boolean }): string | null {
  const listener = useListener();
  const { pathname, search } = useLocation();
  return listener?.user ? null : upNextSignInMarkup(props.title, `${pathname}${search}`, props.withText ?? false);
}

const TITLE_HOLE = "\u0001title\u0001";
const HERE_HOLE = "\u0001here\u0001";
/** The holes as they come out of the render: the page's address is URL-encoded into the link. */
const HOLES = new RegExp(`${TITLE_HOLE}|${encodeURIComponent(HERE_HOLE)}`, "g");

/** `<UpNextSignIn>`'s markup, the same bytes as rendering it (tests/unit/later-markup.test.tsx). */
export function upNextSignInMarkup(title: string, here: string, withText: boolean): string | null {
  const template = markupOnce(`up-next-sign-in ${withText}`, () =>
    createElement(UpNextSignIn, { title: TITLE_HOLE, here: HERE_HOLE, withText }),
  );
  // One pass: a value filled in is never read again as a hole.
  return (
    template?.replace(HOLES, (hole) => escapeLikeReact(hole === TITLE_HOLE ? title : encodeURIComponent(here))) ?? null
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** React's escaping of text and attribute values. */
const escapeLikeReact = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
