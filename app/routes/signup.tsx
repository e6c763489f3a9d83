import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { Honeypot } from "~/components/Honeypot";
import { OAuthButtons } from "~/components/OAuthButtons";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { serviceUnavailableJson } from "~/route-support/responses.server";
import { assertSameOrigin, formText, isBot, readForm } from "~/route-support/guards.server";
import {
  EMAIL_MAX,
  MAIL_NOT_CONFIGURED,
  PASSWORD_BUSY_RETRY_S,
  PASSWORD_MAX,
  PASSWORD_MIN,
  safeRedirect,
  SIGN_UP_BUSY,
  SIGN_UP_CONFIRM_HINT,
  SIGN_UP_UNAVAILABLE,
  signUpError,
} from "~/rules/auth";
import { noticeFor } from "~/rules/notices";
import { AccountError } from "~/services/accounts.server";
import { PasswordsBusy } from "~/services/password.server";
import { pageMeta } from "~/route-support/meta.server";
import { rememberSignedUpEmail } from "~/route-support/signed-up.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  if (await context.user()) throw redirect("/user", { headers: cacheHeaders("private") });
  const url = new URL(request.url);
  return json(
    {
      meta: pageMeta(args, {
        title: "Sign up — The Ham Radio Show",
        description: "Create an account to keep your favorites and pick up where you stopped.",
        path: "/signup",
        noindex: true,
      }),
      providers: context.services.auth.providers,
      mail: context.services.accountEmail.available,
      redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/"),
      notice: noticeFor(url.searchParams.get("error")),
    },
    { headers: cacheHeaders("private") },
  );
}

/**
 * docs/product.md §4 "After sign-up: email sign-up goes to /signin" (with the all-set message); docs/product.md §7
 * "Write at sign-up": the user record, ActiveAudioSync and an empty favorites container.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  if (isBot(form))
    return json({ error: signUpError("please try again.") }, { status: 400, headers: cacheHeaders("private") });
  const { accounts, library, accountEmail } = context.services;
  const email = formText(form, "email");
  try {
    const user = await accounts.signUp(email, formText(form, "password")).catch((error: unknown) => {
      // An address with an account already: answered exactly as a new one (the password was
      // hashed all the same), and its owner is mailed instead.
      if (AccountError.is(error) && error.code === "email-taken") return null;
      throw error;
    });
    if (user) {
      await library.initUser(user.uid);
      // Not awaited: the answer need not wait for the mail server (/user offers the link again).
      accountEmail.sendVerification(user.uid).catch((error: unknown) => {
        console.error(`[signup] no confirmation mail: ${error instanceof Error ? error.message : String(error)}`);
      });
    } else accountEmail.signUpAttempted(email);
    const redirectTo = safeRedirect(form.get("redirectTo"), "/");
    const back = redirectTo === "/" ? "" : `&redirectTo=${encodeURIComponent(redirectTo)}`;
    const headers = new Headers(cacheHeaders("private"));
    for (const cookie of await rememberSignedUpEmail(email)) headers.append("Set-Cookie", cookie);
    return redirect(`/signin?notice=signed-up${back}`, { headers });
  } catch (error) {
    if (AccountError.is(error)) {
      return json({ error: signUpError(error.message) }, { status: 400, headers: cacheHeaders("private") });
    }
    if (PasswordsBusy.is(error))
      return serviceUnavailableJson({ error: signUpError(SIGN_UP_BUSY) }, PASSWORD_BUSY_RETRY_S);
    // The accounts service failed (down, slow, junk): say so, never its raw error.
    console.error("[signup]", error instanceof Error ? error.message : error);
    return serviceUnavailableJson({ error: signUpError(SIGN_UP_UNAVAILABLE) });
  }
}

export default function SignUp() {
  const { providers, redirectTo, notice, mail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      {notice ? <AlertMessage message={notice.text} tone={notice.tone} /> : null}
      {actionData?.error ? <AlertMessage message={actionData.error} /> : null}
      <OAuthButtons providers={providers} from="signup" redirectTo="/" facebook={false} />
      <Form method="post" className="auth-form" replace>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Honeypot />
        <label htmlFor="signup-email">Email</label>
        <input id="signup-email" name="email" type="email" required autoComplete="email" maxLength={EMAIL_MAX} />
        <label htmlFor="signup-password">Password</label>
        <input
          id="signup-password"
          name="password"
          type="password"
          required
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby="password-help"
        />
        <p id="password-help" className="muted small">
          At least {PASSWORD_MIN} characters, and not a common password. Long passphrases are welcome.
        </p>
        <p className="muted small">{mail ? SIGN_UP_CONFIRM_HINT : MAIL_NOT_CONFIGURED}</p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Creating your account…" : "Sign up"}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/signin">Already have an account? Sign in</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
