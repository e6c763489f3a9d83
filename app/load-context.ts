import type { AppLoadContext } from "@remix-run/node";
import type { Services } from "~/services/services.server";
import type { SessionUser } from "~/services/auth.server";
import { timeSession } from "~/services/request-timing.server";
import { mapFailures, OutageError } from "~/services/outage.server";
import { serviceUnavailable } from "~/http/responses.server";
import { SITE_UNAVAILABLE } from "~/rules/constants";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** Fresh per response; used for every inline script (CSP). */
    cspNonce: string;
    /** The client's address, as Express derives it behind the trusted proxies. */
    clientAddress: string | undefined;
    /** The signed-in user of this request (the session is read at most once per request). */
    user(): Promise<SessionUser | null>;
    /** false: render every memoized region afresh (SERVER_MEMO=off); unset or true: memo on. */
    serverMemo?: boolean;
  }
}

/**
 * The services as routes see them: a database outage surfaces as a thrown 503 (the shared error
 * boundary says so; actions that catch it answer their own "not available right now").
 */
function asRoutesSeeThem(services: Services): Services {
  const outageAs503 = (error: unknown) => (error instanceof OutageError ? serviceUnavailable(SITE_UNAVAILABLE) : error);
  const { catalog, content, gallery, accounts, library, auth, accountEmail } = services;
  return {
    ...services,
    catalog: mapFailures(catalog, outageAs503),
    content: mapFailures(content, outageAs503),
    gallery: mapFailures(gallery, outageAs503),
    accounts: mapFailures(accounts, outageAs503),
    library: mapFailures(library, outageAs503),
    auth: mapFailures(auth, outageAs503),
    accountEmail: mapFailures(accountEmail, outageAs503),
  };
}

/** The load context of one request: the session is read lazily, at most once. */
export function createLoadContext(services: Services, serverMemo: boolean) {
  const routeServices = asRoutesSeeThem(services);
  return (cookie: string | undefined, cspNonce: string, clientAddress?: string): AppLoadContext => {
    let user: Promise<SessionUser | null> | undefined;
    return {
      services: routeServices,
      cspNonce,
      clientAddress,
      serverMemo,
      user: () =>
        (user ??= cookie ? timeSession(() => routeServices.auth.userFromCookie(cookie)) : Promise.resolve(null)),
    };
  };
}
