import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readBody } from "~/route-support/guards.server";
import { writeProgress } from "~/route-support/progress-write.server";
import { PROGRESS_BODY_MAX_BYTES } from "~/rules/library";

export async function loader() {
  return json(
    { error: "POST progress here." },
    { status: 405, headers: { Allow: "POST", ...cacheHeaders("private") } },
  );
}

/**
 * docs/product.md §4 "Progress sync" (route-support/progress-write.server.ts). The server answers
 * the player's writes to this exact path before Remix (server/progress-write.ts) with the same
 * function; this action serves the rest (another spelling of the path, a query string).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // Read at most 8 KB, also when no Content-Length is sent (a chunked body is never buffered whole).
  const bytes = await readBody(request, PROGRESS_BODY_MAX_BYTES);
  const { status, headers, body } = await writeProgress(context, request.headers.get("Content-Type") ?? "", bytes);
  return json(body, { status, headers });
}
