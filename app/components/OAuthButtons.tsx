import { Form } from "@remix-run/react";

/** Google (and, on sign-in, Facebook) buttons; shown only for configured providers. */
export function OAuthButtons({
  providers,
  from,
  redirectTo,
  facebook,
}: {
  providers: { google: boolean; facebook: boolean };
  from: "signin" | "signup";
  redirectTo: string;
  facebook: boolean;
}) {
  if (!providers.google && !(facebook && providers.facebook)) return null;
  return (
    <div className="oauth">
      {providers.google ? (
        <Form method="post" action="/auth/google" reloadDocument>
          <input type="hidden" name="from" value={from} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="button button--google">
            {from === "signup" ? "Sign up with Google" : "Sign in with Google"}
          </button>
        </Form>
      ) : null}
      {facebook && providers.facebook ? (
        <Form method="post" action="/auth/facebook" reloadDocument>
          <input type="hidden" name="from" value={from} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="button button--facebook">
            Sign in with Facebook
          </button>
        </Form>
      ) : null}
      <p className="oauth__or">
        <span>or</span>
      </p>
    </div>
  );
}
