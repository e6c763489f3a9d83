import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { assertSameOrigin, readForm } from "~/route-support/guards.server";
import { notFound } from "~/route-support/responses.server";
import { DELETE_PATH, parseProvider, startOAuth } from "~/route-support/oauth-flow.server";

/** GET is not how a flow starts: back to the sign-in page. */
export async function loader() {
  return redirect("/signin");
}

/** POST /auth/google | /auth/facebook: server-side OAuth redirect flow. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const provider = parseProvider(params.provider);
  if (!provider) throw notFound();
  const form = await readForm(request);
  if (!context.services.auth.providers[provider]) {
    // Only Firebase's popup signs in with this provider: a blocked popup (or no JavaScript) lands here.
    if (!context.services.publicConfig.firebase?.authDomain) throw notFound();
    const from = form.get("from");
    throw redirect(
      from === "reauth"
        ? `${DELETE_PATH}?result=popup-needed`
        : `/${from === "signup" ? "signup" : "signin"}?error=popup-needed`,
    );
  }
  return startOAuth(provider, request, form, context);
}
