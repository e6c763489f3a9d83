import { Analytics } from "~/analytics/Analytics";
import type { PublicConfig } from "~/services/types";
import { SessionSync } from "./SessionSync";

/** What the page runs once hydrated, outside the first load's JS: the auth-state listener and analytics. */
export default function ClientExtras({ uid, config }: { uid: string | null; config: PublicConfig }) {
  return (
    <>
      <SessionSync uid={uid} />
      <Analytics config={config.analytics} firebase={config.firebase} signedIn={uid !== null} />
    </>
  );
}
