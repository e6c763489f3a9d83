import { createCookie, redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { z } from "zod";
import { CACHE_POLICY } from "./cache-policy";
import { requireUser } from "./guards.server";
import { safeRedirect } from "~/rules/auth";
import { FreshSignInRefused } from "~/services/account-data.server";
import type { OAuthProvider } from "~/services/auth.server";

/**
 * Where an OAuth flow started (sign-in or sign-up page, or signing in again to confirm a deletion:
 * ADR 052) and where to return, for 10 minutes.
 */
const flowCookie = createCookie("hrs_oauth_flow", { httpOnly: true, sameSite: "lax", path: "/auth", maxAge: 600 });
const flowSchema = z.object({
  from: z.enum(["signin", "signup", "reauth"]),
  redirectTo: z.string(),
  /** Run in a popup window: the end hands the result back to the page that opened it (/auth/popup). */
  popup: z.boolean().default(false),
});

/** Where a popup flow ends: a page telling its opener the result, so the opener never reloads. */
const popupEnd = (result: string, to: string) => `/auth/popup?${new URLSearchParams({ result, to }).toString()}`;

export const parseProvider = (value: string | undefined): OAuthProvider | null =>
  value === "google" || value === "facebook" ? value : null;

/** The page a deletion is confirmed on: where signing in again starts and ends. */
export const DELETE_PATH = "/user/delete";

/** POST /auth/:provider: remember the flow, then let the strategy redirect to the provider. */
export async function startOAuth(
  provider: OAuthProvider,
  request: Request,
  form: FormData,
  context: AppLoadContext,
): Promise<never> {
  const asked = form.get("from");
  const from = asked === "signup" || asked === "reauth" ? asked : "signin";
  const flow = await flowCookie.serialize({
    from,
    redirectTo: from === "reauth" ? DELETE_PATH : safeRedirect(form.get("redirectTo"), "/"),
    popup: form.get("popup") === "1",
  });
  const get = new Request(request.url, { method: "GET", headers: request.headers });
  try {
    if (from === "reauth") {
      await requireUser(new Request(new URL(DELETE_PATH, request.url)), context);
      await context.services.auth.reauthenticate(provider, get);
    } else await context.services.auth.oauth(provider, get);
  } catch (response) {
    if (response instanceof Response && response.status >= 300 && response.status < 400) {
      const headers = new Headers(response.headers);
      headers.append("Set-Cookie", flow);
      headers.set("Cache-Control", CACHE_POLICY.private);
      throw new Response(null, { status: response.status, headers });
    }
    throw response;
  }
  // Already signed in: nothing to do.
  throw redirect("/user");
}

/** GET /auth/:provider/callback: verify state, exchange the code, start OUR session. */
export async function completeOAuth(
  provider: OAuthProvider,
  request: Request,
  context: AppLoadContext,
): Promise<never> {
  const parsedFlow = flowSchema.safeParse(await flowCookie.parse(request.headers.get("Cookie")).catch(() => null));
  const flow = parsedFlow.success ? parsedFlow.data : { from: "signin" as const, redirectTo: "/", popup: false };
  const clearFlow = await flowCookie.serialize("", { maxAge: 0 });
  if (flow.from === "reauth") return completeReauth(provider, request, context, flow.popup, clearFlow);
  try {
    const user = await context.services.auth.oauth(provider, request);
    const session = await context.services.auth.startSession(user, request.headers.get("Cookie"));
    const headers = new Headers({ "Cache-Control": CACHE_POLICY.private });
    headers.append("Set-Cookie", session);
    headers.append("Set-Cookie", clearFlow);
    // docs/product.md §4: "Google sign-up goes to /".
    const to = flow.from === "signup" ? "/" : safeRedirect(flow.redirectTo, "/");
    throw redirect(flow.popup ? popupEnd("signed-in", to) : to, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // docs/product.md §8: provider sign-in failures are logged; sign-up shows 'Error during Google login: …'.
    console.warn(`[oauth:${provider}] ${message}`);
    const exists = error instanceof AuthorizationError && /already exists/.test(message);
    const code = `${provider}-${exists ? "account-exists" : "failed"}`;
    throw redirect(flow.popup ? popupEnd(code, `/${flow.from}`) : `/${flow.from}?error=${code}`, {
      headers: { "Set-Cookie": clearFlow, "Cache-Control": CACHE_POLICY.private },
    });
  }
}

/**
 * The end of signing in again (ADR 052): the session it was started from keeps the proof, if the
 * identity is this account's, and the listener is back on the delete page; the session is not
 * replaced. Every other end goes back there saying why, nothing kept.
 */
async function completeReauth(
  provider: OAuthProvider,
  request: Request,
  context: AppLoadContext,
  popup: boolean,
  clearFlow: string,
): Promise<never> {
  const user = await requireUser(new Request(new URL(DELETE_PATH, request.url)), context);
  const headers = new Headers({ "Cache-Control": CACHE_POLICY.private });
  headers.append("Set-Cookie", clearFlow);
  const end = (result: string) =>
    redirect(popup ? popupEnd(result, DELETE_PATH) : `${DELETE_PATH}?${new URLSearchParams({ result })}`, { headers });
  // The listener said no at the provider (OAuth's error=access_denied).
  if (new URL(request.url).searchParams.get("error") === "access_denied") throw end("reauth-cancelled");
  try {
    const proof = await context.services.auth.reauthenticate(provider, request);
    const cookieHeader = request.headers.get("Cookie");
    headers.append("Set-Cookie", await context.services.accountData.confirmFreshSignIn(user, proof, cookieHeader));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (FreshSignInRefused.is(error)) {
      console.warn(`[oauth:${provider}:reauth] refused: ${error.reason}`);
      throw end(`reauth-${error.reason}`);
    }
    console.warn(`[oauth:${provider}:reauth] ${error instanceof Error ? error.message : String(error)}`);
    throw end("reauth-failed");
  }
  throw end("reauthenticated");
}
