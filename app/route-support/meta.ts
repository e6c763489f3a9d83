import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { LOADING_TEXT, NOT_FOUND_TITLE } from "~/rules/constants";

export const SITE_NAME = "The Ham Radio Show";
export const SHOW_DESCRIPTION =
  "The Most Dangerous Radio Today: the live stream and 15+ years of episodes of The Ham Radio Show.";

/**
 * The tab title of a page that threw: NOT FOUND for a 404, 'Loading...' for the page a failing
 * source left without data (docs/product.md §8, the 200 `stillLoading()` response), else a plain error.
 */
export function errorTitle(error: unknown): string {
  const what =
    isRouteErrorResponse(error) && error.status === 200
      ? LOADING_TEXT
      : !error || (isRouteErrorResponse(error) && error.status === 404)
        ? NOT_FOUND_TITLE
        : "Error";
  return `${what} — ${SITE_NAME}`;
}

/**
 * The `meta` of a page whose loader made its head (`route-support/meta.server.ts`) and returns it
 * as `meta`; a page that threw has no data and takes the error's title.
 */
export const loaderMeta: MetaFunction = ({ data, error }) =>
  (data as { meta?: MetaDescriptor[] } | undefined)?.meta ?? [{ title: errorTitle(error) }];
