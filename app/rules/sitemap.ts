/**
 * docs/product.md §2 route table: the pages everyone may open that stand on their own. Left out:
 * search results, the sign-in and sign-up forms, the empty /page, content-site pages embedded by
 * path (/Page/:url), and everything behind sign-in (/SpankBank…, /user).
 */
export const PUBLIC_PAGES = [
  "/",
  "/eras",
  "/coldcut",
  "/live",
  "/about",
  "/crew-page",
  "/News",
  "/News?tab=wtfnews",
  "/DPB",
  "/help",
  "/privacy-policy",
  "/speical-feature",
] as const;

/** What crawlers are asked to leave alone: personal pages, actions, forms and search results. */
export const ROBOTS_DISALLOW = [
  "/api/",
  "/auth/",
  "/user",
  "/favorites",
  "/logout",
  "/signin",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/search",
  "/SpankBank",
  "/spankbank",
] as const;
