import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { Honeypot } from "~/components/Honeypot";
import { OAuthButtons } from "~/components/OAuthButtons";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { ACCOUNT_UNAVAILABLE_NOTICE, assertSameOrigin, isBot, readForm } from "~/route-support/guards.server";
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  SIGN_IN_FAILED,
  SIGN_IN_UNAVAILABLE,
  SIGN_UP_SUCCESS_CHECK_INBOX,
  safeRedirect,
} from "~/rules/auth";
import { serviceUnavailableJson } from "~/route-support/responses.server";
import { noticeFor } from "~/rules/notices";
import { authorizationMessage, signInLater } from "~/services/auth-errors.server";
import { pageMeta } from "~/route-support/meta.server";
import { forgetSignedUpEmail, signedUpEmail } from "~/route-support/signed-up.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const code = url.searchParams.get("notice") ?? url.searchParams.get("error");
  // Signed in → on to the page, unless that page just found the account unreachable (orSignedOut).
  if (code !== ACCOUNT_UNAVAILABLE_NOTICE && (await context.user())) {
    throw redirect(redirectTo === "/" ? "/user" : redirectTo, { headers: cacheHeaders("private") });
  }
  const signedUp = code === "signed-up";
  const notice =
    signedUp && context.services.accountEmail.available
      ? { tone: "success" as const, text: SIGN_UP_SUCCESS_CHECK_INBOX }
      : noticeFor(code);
  const meta = pageMeta(args, {
    title: "Sign in — The Ham Radio Show",
    description: "Sign in to keep your favorites and pick up where you stopped.",
    path: "/signin",
    noindex: true,
  });
  return json(
    {
      redirectTo,
      notice,
      providers: context.services.auth.providers,
      meta,
      email: signedUp ? await signedUpEmail(request) : null,
    },
    { headers: cacheHeaders("private") },
  );
}
export const headers = ({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/** docs/product.md §2 Sign in (email + password); success → a new session and back where the listener was. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const redirectTo = safeRedirect(form.get("redirectTo"), "/");
  if (isBot(form)) return json({ error: SIGN_IN_FAILED }, { status: 401, headers: cacheHeaders("private") });
  try {
    const user = await context.services.auth.signInWithPassword(form, context.clientAddress);
    const cookie = await context.services.auth.startSession(user, request.headers.get("Cookie"));
    const headers = new Headers(cacheHeaders("private"));
    headers.append("Set-Cookie", cookie);
    for (const forget of await forgetSignedUpEmail()) headers.append("Set-Cookie", forget);
    return redirect(redirectTo, { headers });
  } catch (error) {
    // docs/product.md §8: sign-in failures are logged; the listener sees one generic message,
    // or that sign-in is unavailable (a service failed; never its raw error).
    const known = authorizationMessage(error);
    // Throttled or busy: the password was not checked; say when to try again.
    const later = signInLater(error);
    if (known !== null && later) {
      console.warn(`[signin] refused for now: ${known}`);
      const headers = { "Retry-After": String(later.retryAfterS), ...cacheHeaders("private") };
      return json({ error: known }, { status: later.status, headers });
    }
    if (known === null || known === SIGN_IN_UNAVAILABLE) {
      console.error(`[signin] unavailable: ${error instanceof Error ? error.message : "service failed"}`);
      return serviceUnavailableJson({ error: SIGN_IN_UNAVAILABLE });
    }
    console.warn(`[signin] failed: ${known}`);
    return json({ error: known }, { status: 401, headers: cacheHeaders("private") });
  }
}

export default function SignIn() {
  const { redirectTo, notice, providers, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-card" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in</h1>
      {notice ? <AlertMessage message={notice.text} tone={notice.tone} /> : null}
      {actionData?.error ? <AlertMessage message={actionData.error} /> : null}
      <OAuthButtons providers={providers} from="signin" redirectTo={redirectTo} facebook />
      <Form method="post" className="auth-form" replace>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Honeypot />
        <label htmlFor="signin-email">Email</label>
        <input
          id="signin-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={EMAIL_MAX}
          defaultValue={email ?? undefined}
        />
        <label htmlFor="signin-password">Password</label>
        <input
          id="signin-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to={redirectTo === "/" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(redirectTo)}`}>
          Sign Up
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
