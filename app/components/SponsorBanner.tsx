import { useEffect, useState } from "react";
import type { Sponsor } from "~/services/types";
import { pickSponsor } from "~/rules/sponsor";
import { SPONSOR_LABEL } from "~/rules/constants";

/**
 * docs/product.md §2 Home "A sponsor banner labelled 'Presented by:'", docs/product.md §5 "chosen at random".
 * The server renders the first sponsor (so cached pages stay identical); the browser picks one
 * at random after hydration. Without JS the server's choice stands.
 */
export function SponsorBanner({ sponsors }: { sponsors: Sponsor[] }) {
  const [sponsor, setSponsor] = useState<Sponsor | null>(sponsors[0] ?? null);
  useEffect(() => {
    setSponsor(pickSponsor(sponsors));
  }, [sponsors]);
  if (!sponsor) return null;
  return (
    <aside
      className="sponsor-banner"
      aria-label="Sponsor"
      style={{ background: sponsor.style.bannerBg, color: sponsor.style.bannerTextColor }}
    >
      <span className="sponsor-banner__label">{SPONSOR_LABEL}</span>
      <a
        href={sponsor.link}
        target="_blank"
        rel="noopener noreferrer sponsored"
        style={{ background: sponsor.style.bgColor }}
      >
        <img src={sponsor.logo} alt={sponsor.name} width="180" height="60" />
      </a>
    </aside>
  );
}
