import type { AppLoadContext } from "@remix-run/node";
import type { Services } from "~/services/services.server";
import type { SessionUser } from "~/services/auth.server";
import { timeSession } from "~/services/request-timing.server";
import { mapFailures, OutageError } from "~/services/outage.server";
import { serviceUnavailable } from "~/route-support/responses.server";
import { TEMPLATE_LISTENER, type ListenerData } from "~/render/listener-page.server";
import { SITE_UNAVAILABLE } from "~/rules/constants";

/** The signed-in listener's part of the root data (the rest is the same for everyone). */

declare module "@remix-run/node" {
  /** Loaders' data types as single fetch hands them over (remix.config.js, ADR 037). */
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    services: Services;
    /** Fresh per response; used for every inline script (CSP). */
    cspNonce: string;
    /** The client's address, as Express derives it behind the trusted proxies. */
    clientAddress: string | undefined;
    /**
     * The signed-in user of this request (the session is read at most once per request); a 503
     * Response is thrown when the session store is out of reach. In a template render it is null,
     * and the render counts as read the session (`readSession`).
     */
    user(): Promise<SessionUser | null>;
    /** The root loader's personal part: the listener, their favorites and resume state, or null. */
    listener(): Promise<ListenerData | null>;
    /** Rendering the page every signed-in listener shares (ADR 019), not one listener's. */
    template: boolean;
    /** Some loader asked for the session (`user()`): the render is that visitor's alone. */
    readSession: boolean;
  }
}

/**
 * The services as routes see them: a database outage surfaces as a thrown 503 (the shared error
 * boundary says so; actions that catch it answer their own "not available right now").
 */
function asRoutesSeeThem(services: Services): Services {
  const outageAs503 = (error: unknown) => (error instanceof OutageError ? serviceUnavailable(SITE_UNAVAILABLE) : error);
  const { catalog, content, gallery, accounts, library, positions, auth, accountEmail, accountData } = services;
  return {
    ...services,
    catalog: mapFailures(catalog, outageAs503),
    content: mapFailures(content, outageAs503),
    gallery: mapFailures(gallery, outageAs503),
    accounts: mapFailures(accounts, outageAs503),
    library: mapFailures(library, outageAs503),
    positions: mapFailures(positions, outageAs503),
    auth: mapFailures(auth, outageAs503),
    accountEmail: mapFailures(accountEmail, outageAs503),
    accountData: mapFailures(accountData, outageAs503),
  };
}

/**
 * A listener's data as last made from what their library answered: where the library answers with
 * the very same objects while nothing changed (SQLite keeps them, ADR 056), the same data, so
 * what a page's fill makes of it is made once too (`listenerOf`).
 */
const listenerData = new WeakMap<readonly unknown[], ListenerData>();

/**
 * The load context of one request: the session is read lazily, at most once. `template`: the
 * render every signed-in listener's page is filled from (no cookie is ever read for it).
 */
export function createLoadContext(services: Services) {
  const routeServices = asRoutesSeeThem(services);
  const { library } = routeServices;
  return (cookie: string | undefined, cspNonce: string, clientAddress?: string, template = false): AppLoadContext => {
    let user: Promise<SessionUser | null> | undefined;
    let listener: Promise<ListenerData | null> | undefined;
    const session = () =>
      (user ??=
        cookie && !template ? timeSession(() => routeServices.auth.userFromCookie(cookie)) : Promise.resolve(null));
    const context: AppLoadContext = {
      services: routeServices,
      cspNonce,
      clientAddress,
      template,
      readSession: false,
      user: () => {
        context.readSession = true;
        return session();
      },
      listener: () =>
        (listener ??= template
          ? Promise.resolve(TEMPLATE_LISTENER)
          : session().then(async (s) => {
              if (!s) return null;
              const [favorites, record, sync] = await Promise.all([
                library.favorites(s.uid),
                library.userRecord(s.uid),
                library.activeAudioSync(s.uid),
              ]);
              const known = listenerData.get(favorites);
              if (
                known?.user.id === s.uid &&
                known.user.email === s.email &&
                known.restore?.user === record &&
                known.restore?.sync === sync
              )
                return known;
              const data = {
                user: { id: s.uid, email: s.email },
                favorites: favorites.map((f) => f.audioSrc),
                restore: { user: record, sync },
              };
              listenerData.set(favorites, data);
              return data;
            })),
    };
    return context;
  };
}
