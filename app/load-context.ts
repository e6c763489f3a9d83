import type { AppLoadContext } from "@remix-run/node";
import type { Services } from "~/services/services.server";
import type { SessionUser } from "~/services/auth.server";
import type { ListenerData } from "~/services/types";
import { mapFailures, OutageError } from "~/services/outage.server";
import { serviceUnavailable } from "~/route-support/responses.server";
import { SITE_UNAVAILABLE } from "~/rules/constants";
import { log, messageOf } from "~/services/log.server";

declare module "@remix-run/node" {
  /** Loaders' data types as single fetch hands them over (remix.config.js, ADR 037). */
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    services: Services;
    /** Fresh per response; used for every inline script (CSP) of a page that is not shared. */
    cspNonce: string;
    /** The client's address, as Express derives it behind the trusted proxies. */
    clientAddress: string | undefined;
    /**
     * The signed-in user of this request (the session is read at most once per request); a 503
     * Response is thrown when the session store is out of reach.
     */
    user(): Promise<SessionUser | null>;
    /** The signed-in listener, their favorites and resume state, or null (read at most once per request). */
    listener(): Promise<ListenerData | null>;
    /**
     * Sets this response's policy to allow exactly these inline scripts: the nonce's source, or
     * the scripts' hashes on a page every anonymous listener gets byte for byte.
     */
    allowScripts(sources: string[]): void;
  }
}

/**
 * The services as routes see them: a database outage surfaces as a thrown 503 (the shared error
 * boundary says so; actions that catch it answer their own "not available right now").
 */
function asRoutesSeeThem(services: Services): Services {
  const outageAs503 = (error: unknown) => (error instanceof OutageError ? serviceUnavailable(SITE_UNAVAILABLE) : error);
  const { catalog, content, gallery, accounts, library, positions, listening, auth, accountEmail, accountData } =
    services;
  return {
    ...services,
    catalog: mapFailures(catalog, outageAs503),
    content: mapFailures(content, outageAs503),
    gallery: mapFailures(gallery, outageAs503),
    accounts: mapFailures(accounts, outageAs503),
    library: mapFailures(library, outageAs503),
    positions: mapFailures(positions, outageAs503),
    listening: mapFailures(listening, outageAs503),
    auth: mapFailures(auth, outageAs503),
    accountEmail: mapFailures(accountEmail, outageAs503),
    accountData: mapFailures(accountData, outageAs503),
  };
}

/** The load context of one request: the session and the listener's library are read lazily, at most once. */
export function createLoadContext(services: Services) {
  const routeServices = asRoutesSeeThem(services);
  const { library, listening } = routeServices;
  return (
    cookie: string | undefined,
    cspNonce: string,
    clientAddress?: string,
    allowScripts: (sources: string[]) => void = () => {},
  ): AppLoadContext => {
    let user: Promise<SessionUser | null> | undefined;
    let listener: Promise<ListenerData | null> | undefined;
    const session = () => (user ??= cookie ? routeServices.auth.userFromCookie(cookie) : Promise.resolve(null));
    return {
      services: routeServices,
      cspNonce,
      clientAddress,
      allowScripts,
      user: session,
      listener: () =>
        (listener ??= session().then(async (s) => {
          if (!s) return null;
          const [favorites, record, sync, speeds] = await Promise.all([
            library.favorites(s.uid),
            library.userRecord(s.uid),
            library.activeAudioSync(s.uid),
            // The speeds are a convenience: without them the page is this browser's speeds, not a 503.
            listening.speeds(s.uid).catch((error: unknown) => {
              log.error(`[listener] speeds not read: ${messageOf(error)}`);
              return null;
            }),
          ]);
          return {
            user: { id: s.uid, email: s.email },
            favorites: favorites.map((f) => f.audioSrc),
            restore: { user: record, sync },
            speeds,
          };
        })),
    };
  };
}
