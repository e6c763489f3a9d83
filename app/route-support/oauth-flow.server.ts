import { createCookie, redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { z } from "zod";
import { CACHE_POLICY } from "./cache-policy";
import { safeRedirect } from "~/rules/auth";
import type { OAuthProvider } from "~/services/auth.server";

/** Where an OAuth flow started (sign-in or sign-up page) and where to return, for 10 minutes. */
const flowCookie = createCookie("hrs_oauth_flow", { httpOnly: true, sameSite: "lax", path: "/auth", maxAge: 600 });
const flowSchema = z.object({
  from: z.enum(["signin", "signup"]),
  redirectTo: z.string(),
  /** Run in a popup window: the end hands the result back to the page that opened it (/auth/popup). */
  popup: z.boolean().default(false),
});

/** Where a popup flow ends: a page telling its opener the result, so the opener never reloads. */
const popupEnd = (result: string, to: string) => `/auth/popup?${new URLSearchParams({ result, to }).toString()}`;

export const parseProvider = (value: string | undefined): OAuthProvider | null =>
  value === "google" || value === "facebook" ? value : null;

/** POST /auth/:provider: remember the flow, then let the strategy redirect to the provider. */
export async function startOAuth(
  provider: OAuthProvider,
  request: Request,
  form: FormData,
  context: AppLoadContext,
): Promise<never> {
  const from = form.get("from") === "signup" ? "signup" : "signin";
  const flow = await flowCookie.serialize({
    from,
    redirectTo: safeRedirect(form.get("redirectTo"), "/"),
    popup: form.get("popup") === "1",
  });
  try {
    await context.services.auth.oauth(provider, new Request(request.url, { method: "GET", headers: request.headers }));
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
