import { isRouteErrorResponse } from "@remix-run/react";
import { truncateWords } from "~/rules/text";
import { LOADING_TEXT, NOT_FOUND_TITLE } from "~/rules/constants";

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
  return `${what} — The Ham Radio Show`;
}

export function episodeMeta(
  episode: { title: string; description: string; image: string } | undefined,
  error?: unknown,
) {
  if (!episode) return [{ title: errorTitle(error) }];
  return [
    { title: `${episode.title} — The Ham Radio Show` },
    { name: "description", content: truncateWords(episode.description, 30) },
    { property: "og:title", content: episode.title },
    { property: "og:type", content: "music.radio_station" },
    { property: "og:image", content: episode.image },
  ];
}
