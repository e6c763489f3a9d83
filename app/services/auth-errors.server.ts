import { AuthorizationError } from "remix-auth";
import { SignInLater } from "./auth.server";

/**
 * The listener-facing message of a sign-in failure raised by remix-auth's strategies, or null
 * for any other error. Kept in a .server module: importing remix-auth (CommonJS) from a route
 * module pulled it, and through it all of @remix-run/server-runtime, into the browser's shared
 * first-load chunk (ADR 008).
 */
export function authorizationMessage(error: unknown): string | null {
  return error instanceof AuthorizationError ? error.message : null;
}

/** The "try again later" of a refused sign-in (throttled or busy), or null. */
export function signInLater(error: unknown): SignInLater | null {
  return error instanceof AuthorizationError && error.cause instanceof SignInLater ? error.cause : null;
}
