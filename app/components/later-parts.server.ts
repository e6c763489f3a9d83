// The server's halves of ./later-parts.tsx: rendered in full on the server, left out of the browser build.
import { createElement } from "react";
import { markupOnce } from "~/ui/later-markup.server";
import { SiteFooter } from "./SiteFooter";

export { EpisodePanels } from "./EpisodePanels";
export { RouteError } from "./RouteError";
export { SubscribeMenu } from "./SubscribeMenu";
export { SiteFooter };
export { SiteHeader } from "./SiteHeader";
export { UpNextButtons } from "./UpNextButtons";

/** The footer shows the same links on every page: its markup is made once (ADR 057). */
export const useSiteFooterMarkup = () => markupOnce("site-footer", () => createElement(SiteFooter));
