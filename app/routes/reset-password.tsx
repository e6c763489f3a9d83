import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm } from "~/route-support/guards.server";
import { badRequest, serviceUnavailableJson } from "~/route-support/responses.server";
import { CODE_INVALID, PASSWORD_BUSY_RETRY_S, PASSWORD_MAX, PASSWORD_MIN, SIGN_IN_BUSY } from "~/rules/auth";
import { AccountError } from "~/services/accounts.server";
import { PasswordsBusy } from "~/services/password.server";

export const meta: MetaFunction = () => [
  { title: "Choose a new password — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/** The link of a reset mail: the code is checked, not used up, until the new password is sent. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code");
  const email = await context.services.accountEmail.resetAddress(code);
  if (!code || !email) throw badRequest(CODE_INVALID);
  return json({ code, email }, { headers: cacheHeaders("private") });
}

/** Sets the password, confirms the address, signs every device out; then to /signin. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const headers = cacheHeaders("private");
  try {
    await context.services.accountEmail.resetPassword(form);
  } catch (error) {
    if (AccountError.is(error) && error.code === "invalid-code") throw badRequest(error.message);
    if (AccountError.is(error)) return json({ error: error.message }, { status: 400, headers });
    if (PasswordsBusy.is(error)) return serviceUnavailableJson({ error: SIGN_IN_BUSY }, PASSWORD_BUSY_RETRY_S);
    throw error;
  }
  return redirect("/signin?notice=password-reset", { headers });
}

export default function ResetPassword() {
  const { code, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {actionData?.error ? <AlertMessage message={actionData.error} /> : null}
      <Form method="post" className="auth-form" replace>
        <input type="hidden" name="code" value={code} />
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <label htmlFor="reset-password">New password</label>
        <input
          id="reset-password"
          name="password"
          type="password"
          required
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby="reset-help"
        />
        <p id="reset-help" className="muted small">
          For {email}. At least {PASSWORD_MIN} characters, and not a common password. Every device signed in to this
          account will be signed out.
        </p>
        <button type="submit" className="button" disabled={busy}>
          Set new password
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
