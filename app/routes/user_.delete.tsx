import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { AlertMessage } from "~/components/AlertMessage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm, requireUser } from "~/route-support/guards.server";
import { PASSWORD_MAX, SIGN_IN_UNAVAILABLE } from "~/rules/auth";
import {
  DELETE_ACCOUNT_INTRO,
  DELETE_ACCOUNT_NO_PASSWORD_HINT,
  DELETE_FAILED,
  DELETE_INCOMPLETE,
  DELETE_MY_ACCOUNT,
  DELETE_WRONG_PASSWORD,
} from "~/rules/account-data";
import { LOGOUT_EVENT } from "~/player/session-events";
import { DeletionIncomplete } from "~/services/account-data.server";
import { authorizationMessage, signInLater } from "~/services/auth-errors.server";

const DELETED_PATH = "/account-deleted";

export const meta: MetaFunction = () => [
  { title: `${DELETE_MY_ACCOUNT} — The Ham Radio Show` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return json(null, { headers: cacheHeaders("private") });
}
export const headers = ({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

// Never trimmed: spaces are part of a password.
const passwordField = z
  .string()
  .max(PASSWORD_MAX * 4)
  .catch("");

/** Deletes the account once its password is right (ADR 035); a wrong one changes nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const headers = cacheHeaders("private");
  try {
    const cookie = await context.services.accountData.deleteAccount(user, passwordField.parse(form.get("password")), {
      cookieHeader: request.headers.get("Cookie"),
      clientAddress: context.clientAddress,
    });
    return redirect(DELETED_PATH, { headers: { "Set-Cookie": cookie, ...headers } });
  } catch (error) {
    if (error instanceof Response) throw error;
    const known = authorizationMessage(error);
    const later = signInLater(error);
    if (known !== null && later) {
      return json(
        { error: known },
        { status: later.status, headers: { "Retry-After": String(later.retryAfterS), ...headers } },
      );
    }
    if (known !== null && known !== SIGN_IN_UNAVAILABLE) {
      console.warn(`[delete-account] refused: ${known}`);
      return json({ error: DELETE_WRONG_PASSWORD }, { status: 401, headers });
    }
    console.error(`[delete-account] failed: ${error instanceof Error ? error.message : "a service failed"}`);
    const message = DeletionIncomplete.is(error) ? DELETE_INCOMPLETE : DELETE_FAILED;
    return json({ error: message }, { status: 503, headers: { "Retry-After": "30", ...headers } });
  }
}

export default function DeleteAccount() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const deleted = navigation.state === "loading" && navigation.location.pathname === DELETED_PATH;
  // The account is gone: the player ends as at Log Out, not as a session lost elsewhere.
  useEffect(() => {
    if (deleted) window.dispatchEvent(new Event(LOGOUT_EVENT));
  }, [deleted]);
  return (
    <section className="auth-card" aria-labelledby="delete-title">
      <h1 id="delete-title">{DELETE_MY_ACCOUNT}</h1>
      {actionData?.error ? <AlertMessage message={actionData.error} alert={false} /> : null}
      <p>{DELETE_ACCOUNT_INTRO}</p>
      <Form method="post" className="auth-form" replace>
        <label htmlFor="delete-password">Your password</label>
        <input
          id="delete-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? "Deleting…" : "Delete my account for good"}
        </button>
      </Form>
      <p className="muted">{DELETE_ACCOUNT_NO_PASSWORD_HINT}</p>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to="/user">Keep my account</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
