import type { Services } from "~/services/context.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** Fresh per response; used for every inline script (CSP). */
    cspNonce: string;
  }
}

export {};
