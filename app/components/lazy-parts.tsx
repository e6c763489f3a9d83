import { lazyPart } from "~/ui/lazy-part";

/** "Play next" and "Add to Up Next" on a card or an episode page. */
export const UpNextButtons = lazyPart(() => import("./UpNextButtons").then((m) => m.UpNextButtons));
/** A signed-in listener's place in an episode and its played mark. */
export const PositionMark = lazyPart(() => import("./PositionMark").then((m) => m.PositionMark));
/** A card's heart: a sign-in link, or the listener's favorite toggle. */
export const FavoriteToggle = lazyPart(() => import("./FavoriteToggle").then((m) => m.FavoriteToggle));
export const SubscribeMenu = lazyPart(() => import("./SubscribeMenu").then((m) => m.SubscribeMenu));
/** A signed-in listener's episodes under way: links to their places; Resume plays once the code is there. */
export const ContinueListening = lazyPart(() => import("./ContinueListening").then((m) => m.ContinueListening));
/** The home page's sponsor: a link and its logo. */
export const SponsorBanner = lazyPart(() => import("./SponsorBanner").then((m) => m.SponsorBanner));
/** "Download for offline": nothing until its code is there (it needs the browser's Cache Storage). */
export const OfflineDownload = lazyPart(() => import("./OfflineDownload").then((m) => m.OfflineDownload));
/** "New since your last visit" on a card, from this browser's memory of its visits. */
export const NewMark = lazyPart(() => import("./NewSince").then((m) => m.NewMark));
/** How many of a list's episodes are new since the listener's previous visit. */
export const NewSince = lazyPart(() => import("./NewSince").then((m) => m.NewSince));
