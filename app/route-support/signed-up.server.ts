import { createCookie } from "@remix-run/node";
import { EMAIL_MAX } from "~/rules/auth";

/**
 * The address just signed up with, for the sign-in form to start from (with or without JS). A
 * cookie rather than the query string keeps the address out of the URL, the history and request
 * logs; only /signin reads it, for 10 minutes, and a sign-in clears it. Never the password.
 * Set for two paths: a page load asks /signin, a client navigation its data at /signin.data, and a
 * cookie's path matches neither's of the other. Scoped so, it never rides on the public pages.
 */
const PATHS = ["/signin", "/signin.data"] as const;
const signedUpCookie = createCookie("hrs_signed_up", { httpOnly: true, sameSite: "lax", maxAge: 600 });

/** The Set-Cookie values that keep `email` for the sign-in form. */
export const rememberSignedUpEmail = (email: string) =>
  Promise.all(PATHS.map((path) => signedUpCookie.serialize(email, { path })));

/** The Set-Cookie values that forget it. */
export const forgetSignedUpEmail = () =>
  Promise.all(PATHS.map((path) => signedUpCookie.serialize("", { path, maxAge: 0 })));

export async function signedUpEmail(request: Request): Promise<string | null> {
  const value: unknown = await signedUpCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.includes("@") && value.length <= EMAIL_MAX ? value : null;
}
