import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EpisodeGrid } from "~/components/Cards";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/http/cache-policy";
import { queryText } from "~/http/input.server";
import { SEARCH_RESULT_LIMIT, SEARCH_TERM_MAX } from "~/rules/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Search: ${data?.term ?? ""} — The Ham Radio Show` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const term = queryText(url, "term", { max: SEARCH_TERM_MAX, label: "search term" }) ?? "";
  const episodes = term ? await context.services.catalog.searchEpisodes(term, SEARCH_RESULT_LIMIT) : [];
  return json({ term, episodes }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** SPEC §2 Search: 'Search: <term>' and episode cards, or 'No Results for "<term>"'. */
export default function Search() {
  const { term, episodes } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="search-title">
      <h1 id="search-title">Search: {term}</h1>
      {episodes.length ? (
        <>
          <p className="muted" aria-live="polite">
            {episodes.length === 1 ? "1 episode" : `${episodes.length} episodes`}
          </p>
          <EpisodeGrid episodes={episodes} label="Search results" />
        </>
      ) : (
        <p className="no-results" aria-live="polite">
          No Results for "{term}"
        </p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
