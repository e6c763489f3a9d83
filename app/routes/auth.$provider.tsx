import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { assertSameOrigin, readForm } from "~/http/guards.server";
import { notFound } from "~/http/responses.server";
import { parseProvider, startOAuth } from "~/http/oauth-flow.server";

/** GET is not how a flow starts: back to the sign-in page. */
export async function loader() {
  return redirect("/signin");
}

/** POST /auth/google | /auth/facebook: server-side OAuth redirect flow. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const provider = parseProvider(params.provider);
  if (!provider || !context.services.auth.providers[provider]) throw notFound();
  return startOAuth(provider, request, await readForm(request), context);
}
