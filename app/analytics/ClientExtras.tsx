import { SessionSync } from "~/auth/SessionSync";
import { Analytics } from "./Analytics";
import type { PublicConfig } from "~/services/types";

/** What the page runs once hydrated, outside the first load's JS: the auth-state listener and analytics. */
export default function ClientExtras({ uid, config }: { uid: string | null; config: PublicConfig }) {
  return (
    <>
      <SessionSync uid={uid} />
      <Analytics config={config.analytics} firebase={config.firebase} signedIn={uid !== null} />
    </>
  );
}
