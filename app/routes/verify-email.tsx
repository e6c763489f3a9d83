import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, Form, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm, requireUser } from "~/route-support/guards.server";
import { badRequest, serviceUnavailable } from "~/route-support/responses.server";
import { CODE_INVALID, EMAIL_FLOW_UNAVAILABLE } from "~/rules/auth";
import { AccountError } from "~/services/accounts.server";

export const meta: MetaFunction = () => [
  { title: "Confirm your email address — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/**
 * The link of a confirmation mail. Opening it uses nothing up (mail scanners fetch links): the
 * page asks for a button press, whose POST confirms the address.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code");
  if (!code) throw badRequest(CODE_INVALID);
  return json({ code }, { headers: cacheHeaders("private") });
}

/** POST: the code of the link (confirm), or `intent=resend` from /user (a new link, at most one a minute). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const { accountEmail } = context.services;
  const headers = cacheHeaders("private");
  if (form.get("intent") === "resend") {
    const user = await requireUser(request, context);
    const sent = await accountEmail.sendVerification(user.uid).catch((error: unknown) => {
      console.error(`[verify-email] resend failed: ${error instanceof Error ? error.message : String(error)}`);
      throw serviceUnavailable(EMAIL_FLOW_UNAVAILABLE);
    });
    return redirect(sent === "wait" ? "/user?error=mail-too-soon" : "/user?notice=verification-sent", { headers });
  }
  try {
    await accountEmail.verifyEmail(form);
  } catch (error) {
    if (AccountError.is(error)) throw badRequest(error.message);
    throw error;
  }
  return redirect((await context.user()) ? "/user?notice=email-verified" : "/signin?notice=email-verified", {
    headers,
  });
}

export default function VerifyEmail() {
  const { code } = useLoaderData<typeof loader>();
  return (
    <section className="auth-card" aria-labelledby="verify-title">
      <h1 id="verify-title">Confirm your email address</h1>
      <p>Only confirm if you signed up for The Ham Radio Show with this address.</p>
      <Form method="post" className="auth-form" replace>
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="button">
          Confirm my email address
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
