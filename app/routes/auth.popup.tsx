import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AlertMessage } from "~/components/AlertMessage";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { SESSION_CHANNEL, type SessionMessage } from "~/player/session-events";
import { safeRedirect } from "~/rules/auth";
import { noticeFor } from "~/rules/notices";

export const meta: MetaFunction = () => [
  { title: "Sign in — The Ham Radio Show" },
  { name: "robots", content: "noindex" },
];

/** The last page of a sign-in run in a popup window: only known result codes, only paths of this site. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("result") ?? "";
  const result = code === "signed-in" || noticeFor(code) ? code : "google-failed";
  return json({ result, to: safeRedirect(url.searchParams.get("to"), "/") }, { headers: cacheHeaders("private") });
}

export default function PopupEnd() {
  const { result, to } = useLoaderData<typeof loader>();
  useEffect(() => {
    const message: SessionMessage = { type: "popup-result", result, to };
    const opener = window.opener as Window | null;
    if (opener) opener.postMessage(message, window.location.origin);
    else {
      // The provider's pages cut the opener link (Cross-Origin-Opener-Policy): same-origin channel.
      const channel = new BroadcastChannel(SESSION_CHANNEL);
      channel.postMessage(message);
      channel.close();
    }
    window.close();
  }, [result, to]);
  const signedIn = result === "signed-in";
  return (
    <section className="auth-card" aria-labelledby="popup-title">
      <h1 id="popup-title">{signedIn ? "You are signed in" : "Sign in"}</h1>
      {signedIn ? null : <AlertMessage message={noticeFor(result)?.text} />}
      <p>
        This window can be closed. <Link to={to}>Continue</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
