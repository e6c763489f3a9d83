import type { PublicConfig } from "~/services/types";

export type AnalyticsConfig = NonNullable<PublicConfig["analytics"]>;
export type Props = Record<string, string | number>;
export type Send = (name: string, props?: Props) => void;

/** Google Analytics' recommended names for the events it has one for. */
const GA4_NAMES: Record<string, string> = {
  pageview: "page_view",
  "sign-up": "sign_up",
  "sign-in": "login",
  share: "share",
  download: "file_download",
};

/**
 * A Plausible-compatible endpoint: one POST per event, no cookie, no identifier (the endpoint
 * counts visitors from a daily salted hash of its own). text/plain keeps it a simple request.
 */
export function plausibleSender(config: AnalyticsConfig): Send {
  const endpoint = config.endpoint!;
  const domain = config.domain ?? window.location.host;
  return (name, props) => {
    const body = JSON.stringify({
      name,
      url: window.location.href,
      domain,
      referrer: document.referrer || null,
      ...(props ? { props } : {}),
    });
    fetch(endpoint, { method: "POST", headers: { "Content-Type": "text/plain" }, body, keepalive: true }).catch(
      () => undefined,
    );
  };
}

/** Firebase Analytics (GA4), started only after consent: it sets cookies and an identifier. */
export async function firebaseSender(firebase: NonNullable<PublicConfig["firebase"]>): Promise<Send> {
  const [{ firebaseApp }, { initializeAnalytics, logEvent }] = await Promise.all([
    import("~/auth/firebase-app.client"),
    import("firebase/analytics"),
  ]);
  // Page views are sent by us on every client navigation, never by gtag on its own.
  const analytics = initializeAnalytics(firebaseApp(firebase), { config: { send_page_view: false } });
  return (name, props) =>
    logEvent(analytics, GA4_NAMES[name] ?? name.replace(/-/g, "_"), {
      ...props,
      ...(name === "pageview" ? { page_location: window.location.href, page_title: document.title } : {}),
    });
}
