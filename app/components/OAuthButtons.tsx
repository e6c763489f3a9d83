import { Form, useRouteLoaderData } from "@remix-run/react";
import { AlertMessage } from "~/components/AlertMessage";
import { usePopupSignIn } from "~/auth/popup-sign-in";
import { REAUTH_BUTTON } from "~/rules/account-data";
import type { RootData } from "~/services/types";

/**
 * Google (and, on sign-in, Facebook) buttons; shown for providers the server can sign in with,
 * or any when Firebase's popup sign-in is configured; on the delete page, to sign in again (ADR 052). With JavaScript they sign in in a popup
 * (the page, and the player, stay); without, they start the server's redirect flow.
 */
export function OAuthButtons({
  providers,
  from,
  redirectTo,
  facebook,
}: {
  providers: { google: boolean; facebook: boolean };
  from: "signin" | "signup" | "reauth";
  redirectTo: string;
  facebook: boolean;
}) {
  const popup = Boolean(useRouteLoaderData<RootData>("root")?.config.firebase?.authDomain);
  const google = providers.google || popup;
  const withFacebook = facebook && (providers.facebook || popup);
  if (!google && !withFacebook) return null;
  return (
    <div className="oauth">
      {google ? (
        <ProviderButton provider="google" from={from} redirectTo={redirectTo}>
          {from === "signup"
            ? "Sign up with Google"
            : from === "reauth"
              ? REAUTH_BUTTON("Google")
              : "Sign in with Google"}
        </ProviderButton>
      ) : null}
      {withFacebook ? (
        <ProviderButton provider="facebook" from={from} redirectTo={redirectTo}>
          {from === "reauth" ? REAUTH_BUTTON("Facebook") : "Sign in with Facebook"}
        </ProviderButton>
      ) : null}
      {from === "reauth" ? null : (
        <p className="oauth__or">
          <span>or</span>
        </p>
      )}
    </div>
  );
}

function ProviderButton({
  provider,
  from,
  redirectTo,
  children,
}: {
  provider: "google" | "facebook";
  from: "signin" | "signup" | "reauth";
  redirectTo: string;
  children: string;
}) {
  const { onSubmit, prefetch, error, busy } = usePopupSignIn(provider, from, redirectTo);
  return (
    <>
      {/* Signing in again shows its outcome on the page only, as the delete page does. */}
      {error ? <AlertMessage message={error} /> : null}
      <Form method="post" action={`/auth/${provider}`} reloadDocument onSubmit={onSubmit}>
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          className={`button button--${provider}`}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          disabled={busy}
        >
          {children}
        </button>
      </Form>
    </>
  );
}
