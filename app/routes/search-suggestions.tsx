import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { queryText } from "~/route-support/input.server";
import { SEARCH_TERM_MAX } from "~/rules/constants";
import { episodeLink } from "~/rules/episodes";
import { SUGGESTIONS_MAX, SUGGEST_MIN_LENGTH } from "~/rules/search";
import { marked } from "~/route-support/search.server";
import type { Suggestion } from "~/services/types";
import { orElse } from "~/route-support/or-else";

/** The search box's suggestions while a listener types: the first results, the same for everyone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const term = queryText(url, "term", { max: SEARCH_TERM_MAX, label: "search term" }) ?? "";
  const results =
    term.length >= SUGGEST_MIN_LENGTH
      ? await orElse("suggestions", context.services.catalog.search(term, 1, SUGGESTIONS_MAX), () => null)
      : { items: [], highlight: { words: [], prefixes: [] } };
  if (!results) return json({ term, suggestions: [] as Suggestion[] }, { headers: cacheHeaders("error") });
  const suggestions: Suggestion[] = results.items.map((e) => ({
    title: marked(e.title, results.highlight),
    href: episodeLink(e.title, e.coldcut),
    coldcut: e.coldcut,
  }));
  return json({ term, suggestions }, { headers: cacheHeaders("suggestions") });
}
