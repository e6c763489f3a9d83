import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { cacheHeaders } from "~/http/cache-policy";
import { assertSameOrigin } from "~/http/guards.server";

export async function loader() {
  return redirect("/user");
}

/** docs/product.md §2/§4: Log Out revokes the session and returns to /. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  try {
    const cookie = await context.services.auth.endSession(request.headers.get("Cookie"));
    return redirect("/", { headers: { "Set-Cookie": cookie, ...cacheHeaders("private") } });
  } catch (error) {
    console.error(`[logout] failed: ${error instanceof Error ? error.message : "the session store did not answer"}`);
    return redirect("/user?error=logout-failed", { headers: cacheHeaders("private") });
  }
}
