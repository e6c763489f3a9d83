import { later } from "~/ui/later";
import * as server from "./later-parts.server";

/*
 * Parts of pages whose code comes after the first load (ADR 051): the server renders them in
 * full, so they read and work as without JavaScript until their code is there.
 */

/** The episode page's subscribe menu, share buttons, clip form, soundbites, chapters and transcript. */
export const EpisodePanels = /* @__PURE__ */ later(server.EpisodePanels, () =>
  import("./EpisodePanels").then((m) => m.EpisodePanels),
);

/** The error view of every route (./RouteError.tsx). */
export const RouteErrorBoundary = /* @__PURE__ */ later(server.RouteError, () =>
  import("./RouteError").then((m) => m.RouteError),
);

export const SubscribeMenu = /* @__PURE__ */ later(server.SubscribeMenu, () =>
  import("./SubscribeMenu").then((m) => m.SubscribeMenu),
);

/** The header: brand, navigation, search, profile and the burger menu. */
export const SiteHeader = /* @__PURE__ */ later(
  server.SiteHeader,
  () => import("./SiteHeader").then((m) => m.SiteHeader),
  server.useSiteHeaderMarkup,
);

export const SiteFooter = /* @__PURE__ */ later(
  server.SiteFooter,
  () => import("./SiteFooter").then((m) => m.SiteFooter),
  server.useSiteFooterMarkup,
);

/** "Play next" and "Add to Up Next" on a card or an episode page (real forms until their code is there). */
export const UpNextButtons = /* @__PURE__ */ later(
  server.UpNextButtons,
  () => import("./UpNextButtons").then((m) => m.UpNextButtons),
  server.useUpNextButtonsMarkup,
);
