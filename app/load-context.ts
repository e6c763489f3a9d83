import type { AppLoadContext } from "@remix-run/node";
import type { Services } from "~/services/services.server";
import type { SessionUser } from "~/services/auth.server";
import { timeSession } from "~/services/request-timing.server";

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

/** The load context of one request: the session is read lazily, at most once. */
export function createLoadContext(services: Services, serverMemo: boolean) {
  return (cookie: string | undefined, cspNonce: string, clientAddress?: string): AppLoadContext => {
    let user: Promise<SessionUser | null> | undefined;
    return {
      services,
      cspNonce,
      clientAddress,
      serverMemo,
      user: () => (user ??= cookie ? timeSession(() => services.auth.userFromCookie(cookie)) : Promise.resolve(null)),
    };
  };
}
