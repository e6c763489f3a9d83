import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { serviceUnavailableJson } from "~/route-support/responses.server";
import { LIBRARY_UNAVAILABLE } from "~/rules/auth";
import { upNextEntries } from "~/route-support/up-next.server";

/** The signed-in listener's Up Next as JSON, for the player (ADR 034); changes go to POST /up-next. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const user = await context.user();
    if (!user) return json({ items: [] }, { status: 401, headers: cacheHeaders("private") });
    const items = await context.services.upNext.list(user.uid);
    return json({ items: await upNextEntries(context.services, items) }, { headers: cacheHeaders("private") });
  } catch (error) {
    console.error("[up-next] not read:", error instanceof Error ? error.message : error);
    return serviceUnavailableJson({ items: [], error: LIBRARY_UNAVAILABLE });
  }
}
