import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/react";
import { z } from "zod";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm, requireUser } from "~/route-support/guards.server";
import { DELETE_PATH } from "~/route-support/oauth-flow.server";
import { notFound, serviceUnavailableJson } from "~/route-support/responses.server";
import {
  ID_TOKEN_MAX,
  POPUP_SIGN_IN_REFUSED,
  providerLoginError,
  safeRedirect,
  SIGN_IN_UNAVAILABLE,
} from "~/rules/auth";
import { REAUTH_FAILED } from "~/rules/account-data";
import { FreshSignInRefused } from "~/services/account-data.server";
import { IdTokenRefused } from "~/services/auth.server";

export async function loader() {
  return redirect("/signin");
}

const inputSchema = z.object({
  idToken: z.string().min(1).max(ID_TOKEN_MAX),
  provider: z.enum(["google", "facebook"]),
  from: z.enum(["signin", "signup", "reauth"]),
});

/**
 * POST /auth/firebase: the ID token of a popup sign-in (Firebase in the browser) becomes our own
 * session, as a password sign-in does: same cookie, then back where the listener was (a Google
 * sign-up goes to /, docs/product.md §4). The page is not reloaded, so the player keeps playing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { auth } = context.services;
  if (!auth.signInWithIdToken) throw notFound();
  const form = await readForm(request);
  const input = inputSchema.safeParse(Object.fromEntries(form));
  if (!input.success)
    return json({ error: "The sign-in request was incomplete." }, { status: 400, headers: cacheHeaders("private") });
  const { idToken, provider, from } = input.data;
  if (from === "reauth") return confirmDeletion(request, context, idToken, provider);
  try {
    const user = await auth.signInWithIdToken(idToken);
    const cookie = await auth.startSession(user, request.headers.get("Cookie"));
    const to = from === "signup" ? "/" : safeRedirect(form.get("redirectTo"), "/");
    return redirect(to, { headers: { "Set-Cookie": cookie, ...cacheHeaders("private") } });
  } catch (error) {
    if (error instanceof IdTokenRefused) {
      // docs/product.md §8: provider sign-in failures are logged, and said in the provider's alert.
      console.warn(`[oauth:${provider}:popup] ${error.message}`);
      return json(
        { error: providerLoginError(provider, POPUP_SIGN_IN_REFUSED) },
        { status: 401, headers: cacheHeaders("private") },
      );
    }
    console.error(`[oauth:${provider}:popup] unavailable: ${error instanceof Error ? error.message : "failed"}`);
    return serviceUnavailableJson({ error: SIGN_IN_UNAVAILABLE });
  }
}

/**
 * A popup sign-in made to confirm a deletion (ADR 052): kept in this session if the token is
 * this account's and fresh, then back to the delete page; the session is not replaced.
 */
async function confirmDeletion(
  request: Request,
  context: ActionFunctionArgs["context"],
  idToken: string,
  provider: "google" | "facebook",
) {
  const user = await requireUser(request, context);
  const { auth, accountData } = context.services;
  const refused = (error: string) => json({ error }, { status: 401, headers: cacheHeaders("private") });
  try {
    const proof = await auth.freshSignInFromIdToken!(idToken);
    const cookie = await accountData.confirmFreshSignIn(user, proof, request.headers.get("Cookie"));
    return redirect(`${DELETE_PATH}?result=reauthenticated`, {
      headers: { "Set-Cookie": cookie, ...cacheHeaders("private") },
    });
  } catch (error) {
    if (FreshSignInRefused.is(error)) {
      console.warn(`[oauth:${provider}:popup:reauth] refused: ${error.reason}`);
      return refused(REAUTH_FAILED[error.reason]);
    }
    if (error instanceof IdTokenRefused) {
      console.warn(`[oauth:${provider}:popup:reauth] ${error.message}`);
      return refused(REAUTH_FAILED.failed);
    }
    console.error(`[oauth:${provider}:popup:reauth] unavailable: ${error instanceof Error ? error.message : "failed"}`);
    return serviceUnavailableJson({ error: SIGN_IN_UNAVAILABLE });
  }
}
