import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm } from "~/route-support/guards.server";

export async function loader() {
  return redirect("/user");
}

/**
 * docs/product.md §2/§4: Log Out revokes the session and returns to /. "Sign out everywhere"
 * (`scope=everywhere`, from /user) revokes every session of the account, this one included.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // Any body at all still logs out (at least this session): only a readable form can ask for more.
  const form = await readForm(request).catch(() => null);
  const everywhere = form?.get("scope") === "everywhere";
  try {
    const cookieHeader = request.headers.get("Cookie");
    const { auth } = context.services;
    const cookie = await (everywhere ? auth.endAllSessions(cookieHeader) : auth.endSession(cookieHeader));
    const to = everywhere ? "/signin?notice=signed-out-everywhere" : "/";
    return redirect(to, { headers: { "Set-Cookie": cookie, ...cacheHeaders("private") } });
  } catch (error) {
    // The session store is out of reach: a 503 with Retry-After, the cookie kept (nothing ended).
    if (error instanceof Response) throw error;
    console.error(`[logout] failed: ${error instanceof Error ? error.message : "the session store did not answer"}`);
    return redirect("/user?error=logout-failed", { headers: cacheHeaders("private") });
  }
}
