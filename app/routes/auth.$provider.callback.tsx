import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/route-support/responses.server";
import { completeOAuth, parseProvider } from "~/route-support/oauth-flow.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = parseProvider(params.provider);
  if (!provider || !context.services.auth.providers[provider]) throw notFound();
  return completeOAuth(provider, request, context);
}
