// The server's halves of ./later-parts.tsx: rendered in full on the server, left out of the browser build.
export { EpisodePanels } from "./EpisodePanels";
export { RouteError } from "./RouteError";
export { SubscribeMenu } from "./SubscribeMenu";
export { SiteFooter } from "./SiteFooter";
export { SiteHeader } from "./SiteHeader";
export { UpNextButtons } from "./UpNextButtons";
