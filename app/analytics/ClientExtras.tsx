import { useEffect } from "react";
import { SessionSync } from "~/auth/SessionSync";
import { SERVICE_WORKER_PATH } from "~/rules/offline";
import { Analytics } from "./Analytics";
import type { PublicConfig } from "~/services/types";

/**
 * What the page runs once hydrated, outside the first load's JS: the auth-state listener,
 * analytics, and the offline service worker's registration (after the load event, so its install,
 * which fetches the build's files, never competes with the page's own; docs/decisions/063-offline.md).
 */
export default function ClientExtras({ uid, config }: { uid: string | null; config: PublicConfig }) {
  useEffect(() => {
    if ("serviceWorker" in navigator)
      navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch((error) => console.warn("[offline]", error));
  }, []);
  return (
    <>
      <SessionSync uid={uid} />
      <Analytics config={config.analytics} firebase={config.firebase} signedIn={uid !== null} />
    </>
  );
}
