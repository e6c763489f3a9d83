import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  json,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { RootData } from "~/services/types";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import keenSliderStyles from "keen-slider/keen-slider.min.css";
import appStyles from "~/styles/app.css";
import playerStyles from "~/styles/player.css";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { PlayerProvider } from "~/player/PlayerProvider";
import { lazyPart } from "~/ui/lazy-part";
import { GlobalPlayer, SkipToPlayer } from "~/player/GlobalPlayer";
import { useNonce } from "~/ui/nonce";
import { DEFAULT_LIVE_STREAM_URL } from "~/rules/player";
import { LOADING_TEXT } from "~/rules/constants";
import { APP, THEME_COLOR } from "~/rules/brand";
import { errorTitle, SHOW_DESCRIPTION, SITE_NAME } from "~/route-support/meta";
import { takeSessionStale } from "~/player/session-events";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { afterLoad } from "~/ui/after-load";
import { useListener } from "~/auth/listener";
import { refusedWrite } from "~/route-support/revalidation";

/** What this browser kept of the listener (volume, speed, a signed-out listener's episode): read after the load event. */
const ListenerMemory = lazyPart(() => import("~/player/ListenerMemory").then((m) => m.ListenerMemory));
const ClientExtras = lazy(() => import("~/analytics/ClientExtras"));
const SessionPlayerBridge = lazy(() =>
  import("~/player/SessionPlayerBridge").then((m) => ({ default: m.SessionPlayerBridge })),
);

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: keenSliderStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "stylesheet", href: playerStyles },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/media/img/favicon.svg", type: "image/svg+xml" },
];

/**
 * Errors caught here, and any page without a head of its own (each page's loader makes its
 * preview, `route-support/meta.server.ts`): the show's title, no preview or canonical link.
 */
export const meta: MetaFunction = ({ error }) => [
  { title: error ? errorTitle(error) : SITE_NAME },
  { name: "description", content: SHOW_DESCRIPTION },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const { services } = context;
  const base = {
    config: services.publicConfig,
    providers: services.auth.providers,
  };
  let listener;
  try {
    listener = await context.listener();
  } catch (error) {
    // The session or library store is out of reach (a 503 with Retry-After): never a sign-out.
    if (error instanceof Response) throw error;
    // A failing remote accounts backend treats the listener as signed out rather than breaking every page.
    console.error(
      "[root] library unavailable, serving the page signed out:",
      error instanceof Error ? error.message : error,
    );
    return json<RootData>({ ...base, listener: null }, { headers: { "Cache-Control": CACHE_POLICY.private } });
  }
  return json<RootData>(
    { ...base, listener: listener && { user: listener.user, restore: listener.restore, speeds: listener.speeds } },
    listener ? { headers: { "Cache-Control": CACHE_POLICY.private } } : undefined,
  );
}

/** A 503 the root loader threw (the session store is out of reach) keeps its Retry-After on the page. */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter, "Cache-Control": CACHE_POLICY.private } : undefined);
};

/**
 * Revalidate the root (session, player restore) only after actions, not on every link click, or when
 * the session changed outside one (a sign-in popup, another tab).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionStatus, defaultShouldRevalidate }) =>
  takeSessionStale() ||
  (formMethod !== undefined && formMethod !== "GET" && !refusedWrite(actionStatus) ? defaultShouldRevalidate : false);

/**
 * A page framed by other sites (the embeddable player) says so in its route handle: it is shown
 * alone, with its own stylesheet, and none of the site's scripts run in it.
 */
interface BareHandle {
  bare: { stylesheet: string };
}
function useBarePage(): BareHandle["bare"] | null {
  for (const match of useMatches()) {
    const bare = (match.handle as Partial<BareHandle> | undefined)?.bare;
    if (bare) return bare;
  }
  return null;
}

/** The document shell, shared by the app and the last-resort error boundary. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const bare = useBarePage();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Both schemes come from CSS media queries alone: the first paint is already right. */}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLOR.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLOR.dark} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href={APP.icons.appleTouch} />
        <Meta />
        {bare ? <link rel="stylesheet" href={bare.stylesheet} /> : <Links />}
        {/* Without JavaScript, controls that need it are not shown: each has a link or form instead. */}
        <noscript>
          <style>{".js-only{display:none!important}"}</style>
        </noscript>
      </head>
      <body>
        {bare ? null : (
          <a className="skip-link" href="#main">
            Skip to content
          </a>
        )}
        {children}
        {/* Not in a framed page: the router's scroll restoration reads sessionStorage, which a
            third-party frame may be refused (a SecurityError). */}
        {bare ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

function Chrome({ children, signedIn }: { children: ReactNode; signedIn: boolean }) {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === "loading" ? (
        <div className="loading-status" role="status">
          <span className="visually-hidden">{LOADING_TEXT}</span>
        </div>
      ) : null}
      <SiteHeader signedIn={signedIn} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App() {
  const { config } = useLoaderData<typeof loader>();
  const listener = useListener();
  const user = listener?.user;
  const restore = listener?.restore ?? null;
  // The session bridge loads once a listener has signed in during this visit, from an effect
  // (never server-rendered), and stays mounted to see the sign-out.
  const [everSignedIn, setEverSignedIn] = useState(false);
  // The auth-state listener and analytics wait for the load event: no first-load bytes.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => setLoaded(true)), []);
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) setEverSignedIn(true);
  }, [signedIn]);
  if (useBarePage())
    return (
      <main id="main" className="main main--bare">
        <Outlet />
      </main>
    );
  return (
    <PlayerProvider liveStreamUrl={config.liveStreamUrl}>
      <ListenerMemory account={user ? { uid: user.id, speeds: listener?.speeds ?? null } : null} />
      {everSignedIn ? (
        <Suspense fallback={null}>
          <SessionPlayerBridge userId={user?.id ?? null} restore={restore} />
        </Suspense>
      ) : null}
      <SkipToPlayer />
      <Chrome signedIn={Boolean(user)}>
        <Outlet />
      </Chrome>
      <GlobalPlayer />
      {loaded ? (
        <Suspense fallback={null}>
          <ClientExtras uid={user?.id ?? null} config={config} />
        </Suspense>
      ) : null}
    </PlayerProvider>
  );
}

/** Last resort (the root loader itself failed): same chrome, the player starts fresh. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<RootData>("root");
  const listener = useListener();
  return (
    <PlayerProvider liveStreamUrl={data?.config.liveStreamUrl ?? DEFAULT_LIVE_STREAM_URL}>
      <Chrome signedIn={Boolean(listener)}>
        <RouteErrorBoundary />
      </Chrome>
    </PlayerProvider>
  );
}
