/**
 * Business constants of SPEC §9 (and the screen constants of SPEC §2), each defined once.
 * Player constants live in ./player.ts.
 */

/** SPEC §9 "Latest episodes: 8". */
export const LATEST_EPISODES_COUNT = 8;
/** SPEC §9 "News cards on home: 4". */
export const HOME_NEWS_COUNT = 4;
/** SPEC §9 "Slider autoplay delay: 3,000 ms". */
export const SLIDER_AUTOPLAY_MS = 3_000;
/** SPEC §9 "Mobile breakpoint: 550 px" (below it, the mobile layout). */
export const MOBILE_BREAKPOINT_PX = 550;
/** SPEC §9 "Mobile spacer: 103 px". */
export const MOBILE_SPACER_PX = 103;
/** SPEC §9 "Crew card: 250x250". */
export const CREW_CARD_SIZE_PX = 250;
/** SPEC §9 "Description cut: 18 words". */
export const DESCRIPTION_WORD_LIMIT = 18;
/** SPEC §9 "News title and subtext cut: 15 characters". */
export const NEWS_TEXT_CHAR_LIMIT = 15;
/** SPEC §9 "Default episode image: a fallback picture". */
export const DEFAULT_EPISODE_IMAGE = "/media/img/default-episode.svg";
/** SPEC §9 "Default episode subtext: 'Why? Because We Can!'". */
export const DEFAULT_EPISODE_SUBTEXT = "Why? Because We Can!";
/** SPEC §2 Episode details: "Default subtitle". */
export const DEFAULT_EPISODE_SUBTITLE = "The Most Dangerous Radio Today...and perhaps even tomorrow";
/** SPEC §2 Era page: "The share icon alerts 'Coming Soon!'". */
export const COMING_SOON_ALERT = "Coming Soon!";
/** SPEC §9 Lightbox: maximum zoom 300, step 100, animation 300 ms, image padding 10. */
export const LIGHTBOX = { maxZoom: 300, zoomStep: 100, animationMs: 300, imagePadding: 10 } as const;
/** SPEC §8 "Lightbox image failure". */
export const LIGHTBOX_IMAGE_ERROR = "This image failed to load";
/** SPEC §2 Not-found page. */
export const NOT_FOUND_TITLE = "NOT FOUND";
export const NOT_FOUND_TEXT = "Don't You Hate it when that happens?";
/** SPEC §2 Search placeholder. */
export const SEARCH_PLACEHOLDER = "Search episodes...";
/** SPEC §2 Home: sponsor banner label. */
export const SPONSOR_LABEL = "Presented by:";
/** SPEC §2 Crew bio: shown until loaded. */
export const LOADING_TEXT = "Loading...";
/** Episodes per page on an era page (eras hold hundreds of episodes; never render them all). */
export const ERA_PAGE_SIZE = 24;
/** Search results shown at most (ranked by relevance). */
export const SEARCH_RESULT_LIMIT = 48;
/** Longest search term accepted; longer input is a 400 with a clear message. */
export const SEARCH_TERM_MAX = 200;
