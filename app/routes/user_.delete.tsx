import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { AlertMessage } from "~/components/AlertMessage";
import { OAuthButtons } from "~/components/OAuthButtons";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm, requireUser } from "~/route-support/guards.server";
import { PASSWORD_MAX, SIGN_IN_UNAVAILABLE } from "~/rules/auth";
import {
  DELETE_ACCOUNT_INTRO,
  DELETE_ACCOUNT_NO_PASSWORD_HINT,
  DELETE_ACCOUNT_REAUTH_HINT,
  DELETE_FAILED,
  DELETE_INCOMPLETE,
  DELETE_MY_ACCOUNT,
  DELETE_WRONG_PASSWORD,
  REAUTH_DONE,
  REAUTH_FAILED,
} from "~/rules/account-data";
import { noticeFor } from "~/rules/notices";
import { LOGOUT_EVENT } from "~/player/session-events";
import { DeletionIncomplete, FreshSignInRefused } from "~/services/account-data.server";
import { authorizationMessage, signInLater } from "~/services/auth-errors.server";

const DELETED_PATH = "/account-deleted";

export const meta: MetaFunction = () => [
  { title: `${DELETE_MY_ACCOUNT} — The Ham Radio Show` },
  { name: "robots", content: "noindex" },
];

/**
 * The page says whether this session may delete without the password (a fresh provider sign-in
 * into this account: ADR 052) and how signing in again ended (`?result=`, a notice code).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { auth, accountData, publicConfig } = context.services;
  const verdict = await accountData.freshSignInVerdict(user, request.headers.get("Cookie"));
  const result = new URL(request.url).searchParams.get("result");
  const said = result === "reauthenticated" ? null : noticeFor(result);
  const notice =
    verdict === "ok"
      ? { tone: "success" as const, text: REAUTH_DONE }
      : result === "reauthenticated" && verdict === "expired"
        ? { tone: "error" as const, text: REAUTH_FAILED.expired }
        : said;
  const popup = Boolean(publicConfig.firebase?.authDomain);
  return json(
    {
      fresh: verdict === "ok",
      notice,
      providers: { google: auth.providers.google || popup, facebook: auth.providers.facebook || popup },
    },
    { headers: cacheHeaders("private") },
  );
}
export const headers = ({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

// Never trimmed: spaces are part of a password.
const passwordField = z
  .string()
  .max(PASSWORD_MAX * 4)
  .catch("");

/**
 * Deletes the account once its password is right (ADR 035), or, asked with `intent=fresh-sign-in`,
 * while this session holds a fresh sign-in into it (ADR 052); anything less changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const headers = cacheHeaders("private");
  const confirmation =
    form.get("intent") === "fresh-sign-in"
      ? { freshSignIn: true as const }
      : { password: passwordField.parse(form.get("password")) };
  try {
    const cookie = await context.services.accountData.deleteAccount(user, confirmation, {
      cookieHeader: request.headers.get("Cookie"),
      clientAddress: context.clientAddress,
    });
    return redirect(DELETED_PATH, { headers: { "Set-Cookie": cookie, ...headers } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (FreshSignInRefused.is(error)) return json({ error: REAUTH_FAILED[error.reason] }, { status: 401, headers });
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
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused delete (the window passed) offers the other ways again, even where the loader did not run again.
  const fresh = loaded.fresh && !actionData?.error;
  const { notice, providers } = loaded;
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
      {actionData?.error ? (
        <AlertMessage message={actionData.error} />
      ) : notice ? (
        <AlertMessage message={notice.text} tone={notice.tone} />
      ) : null}
      <p>{DELETE_ACCOUNT_INTRO}</p>
      <Form method="post" className="auth-form" replace>
        {fresh ? (
          <input type="hidden" name="intent" value="fresh-sign-in" />
        ) : (
          <>
            <label htmlFor="delete-password">Your password</label>
            <input
              id="delete-password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
            />
          </>
        )}
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? "Deleting…" : "Delete my account for good"}
        </button>
      </Form>
      {fresh ? null : providers.google || providers.facebook ? (
        <div className="reauth">
          <p className="oauth__or">
            <span>or</span>
          </p>
          <p className="muted">{DELETE_ACCOUNT_REAUTH_HINT}</p>
          <OAuthButtons providers={providers} from="reauth" redirectTo="/user/delete" facebook />
        </div>
      ) : (
        <p className="muted">{DELETE_ACCOUNT_NO_PASSWORD_HINT}</p>
      )}
      <p className="auth-links">
        {fresh ? null : <Link to="/forgot-password">Forgot password?</Link>}
        <Link to="/user">Keep my account</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
