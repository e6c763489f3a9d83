import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { Honeypot } from "~/components/Honeypot";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, isBot, readForm } from "~/route-support/guards.server";
import { EMAIL_MAX, MAIL_NOT_CONFIGURED, RESET_REQUESTED } from "~/rules/auth";
import { AccountError } from "~/services/accounts.server";

export const meta: MetaFunction = () => [
  { title: "Forgot password — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return json({ available: context.services.accountEmail.available }, { headers: cacheHeaders("private") });
}

/** The same answer whether or not an account has the address; the mail goes out after it. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const headers = cacheHeaders("private");
  if (isBot(form)) return json({ sent: RESET_REQUESTED, error: null }, { headers });
  try {
    await context.services.accountEmail.requestPasswordReset(form);
  } catch (error) {
    if (AccountError.is(error)) return json({ sent: null, error: error.message }, { status: 400, headers });
    throw error;
  }
  return json({ sent: RESET_REQUESTED, error: null }, { headers });
}

export default function ForgotPassword() {
  const { available } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password?</h1>
      {!available ? (
        <AlertMessage message={MAIL_NOT_CONFIGURED} />
      ) : actionData?.sent ? (
        <AlertMessage message={actionData.sent} tone="success" />
      ) : (
        <>
          {actionData?.error ? <AlertMessage message={actionData.error} /> : null}
          <p>Type the email address of your account: we will mail it a link to choose a new password.</p>
          <Form method="post" className="auth-form" replace>
            <Honeypot />
            <label htmlFor="forgot-email">Email</label>
            <input id="forgot-email" name="email" type="email" required autoComplete="email" maxLength={EMAIL_MAX} />
            <button type="submit" className="button" disabled={busy}>
              Send me a link
            </button>
          </Form>
        </>
      )}
      <p className="auth-links">
        <Link to="/signin">Back to sign in</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
