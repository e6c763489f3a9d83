import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import keenSliderStyles from "keen-slider/keen-slider.min.css";
import appStyles from "~/styles/app.css";
import { SiteHeader } from "~/components/SiteHeader";
import { SiteFooter } from "~/components/SocialLinks";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { PlayerProvider } from "~/player/PlayerProvider";
import { GlobalPlayer } from "~/player/GlobalPlayer";
import { useNonce } from "~/utils/nonce";
import { DEFAULT_LIVE_STREAM_URL } from "~/rules/player";
import { LOADING_TEXT } from "~/rules/constants";
import type { PublicConfig } from "~/services/context.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: keenSliderStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/media/img/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "The Ham Radio Show" },
  { name: "description", content: "The Most Dangerous Radio Today: the live stream and 15+ years of episodes of The Ham Radio Show." },
  { name: "theme-color", content: "#0d0d10" },
];

export interface RootData {
  user: { id: string; email: string | null } | null;
  config: PublicConfig;
}

export async function loader({ context }: LoaderFunctionArgs) {
  const data: RootData = { user: null, config: context.services.publicConfig };
  return data;
}

/** The document shell, shared by the app and the last-resort error boundary. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
  const { user, config } = useLoaderData<typeof loader>();
  return (
    <PlayerProvider liveStreamUrl={config.liveStreamUrl}>
      <Chrome signedIn={Boolean(user)}>
        <Outlet />
      </Chrome>
      <GlobalPlayer />
    </PlayerProvider>
  );
}

/** Last resort (the root loader itself failed): same chrome, the player starts fresh. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<RootData>("root");
  return (
    <PlayerProvider liveStreamUrl={data?.config.liveStreamUrl ?? DEFAULT_LIVE_STREAM_URL}>
      <Chrome signedIn={Boolean(data?.user)}>
        <RouteErrorBoundary />
      </Chrome>
    </PlayerProvider>
  );
}
