import type { Services } from "~/services/context.server";
import type { SessionUser } from "~/services/auth.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** Fresh per response; used for every inline script (CSP). */
    cspNonce: string;
    /** The signed-in user of this request (the session is read at most once per request). */
    user(): Promise<SessionUser | null>;
    /** false: render every memoized region afresh (SERVER_MEMO=off); unset or true: memo on. */
    serverMemo?: boolean;
  }
}

export {};
