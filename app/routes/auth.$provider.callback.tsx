import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/http/responses.server";
import { completeOAuth, parseProvider } from "~/http/oauth-flow.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = parseProvider(params.provider);
  if (!provider || !context.services.auth.providers[provider]) throw notFound();
  return completeOAuth(provider, request, context);
}
