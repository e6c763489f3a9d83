/**
 * Business constants of docs/product.md §9 (and the screen constants of docs/product.md §2), each defined once.
 * Player constants live in ./player.ts.
 */

/** docs/product.md §9 "Latest episodes: 8". */
export const LATEST_EPISODES_COUNT = 8;
/** docs/product.md §9 "News cards on home: 4". */
export const HOME_NEWS_COUNT = 4;
/** docs/product.md §9 "Slider autoplay delay: 3,000 ms". */
export const SLIDER_AUTOPLAY_MS = 3_000;
/** docs/product.md §9 "Mobile breakpoint: 550 px" (below it, the mobile layout). */
export const MOBILE_BREAKPOINT_PX = 550;
/** docs/product.md §9 "Mobile spacer: 103 px". */
export const MOBILE_SPACER_PX = 103;
/** docs/product.md §9 "Crew card: 250x250". */
export const CREW_CARD_SIZE_PX = 250;
/** docs/product.md §9 "Description cut: 18 words". */
export const DESCRIPTION_WORD_LIMIT = 18;
/** docs/product.md §9 "News title and subtext cut: 15 characters". */
export const NEWS_TEXT_CHAR_LIMIT = 15;
/** docs/product.md §9 "Default episode image: a fallback picture". */
export const DEFAULT_EPISODE_IMAGE = "/media/img/default-episode.svg";
/** docs/product.md §9 "Default episode subtext: 'Why? Because We Can!'". */
export const DEFAULT_EPISODE_SUBTEXT = "Why? Because We Can!";
/** docs/product.md §2 Episode details: "Default subtitle". */
export const DEFAULT_EPISODE_SUBTITLE = "The Most Dangerous Radio Today...and perhaps even tomorrow";
/** docs/product.md §2 Era page: "The share icon alerts 'Coming Soon!'". */
export const COMING_SOON_ALERT = "Coming Soon!";
/** docs/product.md §2 Not-found page. */
export const NOT_FOUND_TITLE = "NOT FOUND";
export const NOT_FOUND_TEXT = "Don't You Hate it when that happens?";
/** docs/product.md §2 Search placeholder. */
export const SEARCH_PLACEHOLDER = "Search episodes...";
/** docs/product.md §2 Home: sponsor banner label. */
export const SPONSOR_LABEL = "Presented by:";
/** docs/product.md §2 Crew bio: shown until loaded. */
export const LOADING_TEXT = "Loading...";
/** Episodes per page on an era page (eras hold hundreds of episodes; never render them all). */
export const ERA_PAGE_SIZE = 24;
/** Search results shown at most (ranked by relevance). */
export const SEARCH_RESULT_LIMIT = 48;
/** Longest search term accepted; longer input is a 400 with a clear message. */
export const SEARCH_TERM_MAX = 200;

/** A page whose data lives in the app's own database while that database is out of reach (503). */
export const SITE_UNAVAILABLE = "The show's archive can't be reached right now. Please try again in a minute.";
