import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/route-support/feeds.server";

/** Cold Cut's podcast feed: the second series, apart from the show's. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return feedResponse(request, context, { kind: "coldcut" });
}
