import type { LoaderFunctionArgs } from "@remix-run/node";
import { queryText } from "~/route-support/input.server";
import { plainText } from "~/route-support/responses.server";
import { parseStation, STATIONS } from "~/rules/eras";
import { feedResponse } from "~/route-support/feeds.server";

/**
 * The whole show's podcast feed, or one era's with `?era=<station>` (docs/product.md §2: the era
 * page's RSS icon). An unknown era is a 404, an unreadable one a 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  let raw: string | null;
  try {
    raw = queryText(new URL(request.url), "era", { max: 100, label: "era" });
  } catch (response) {
    return plainText(response instanceof Response ? await response.text() : "Bad request.", 400);
  }
  if (!raw) return feedResponse(request, context, { kind: "show" });
  const station = parseStation(raw);
  if (!station) return plainText(`Unknown era. Use ?era= with one of: ${STATIONS.join(", ")}.`, 404);
  return feedResponse(request, context, { kind: "era", station });
}
