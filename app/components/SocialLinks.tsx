import { SOCIAL_LINKS } from "~/rules/social";
import { AppLink, FacebookIcon, InstagramIcon, XIcon } from "~/components/primitives";
import { ServerMemo } from "~/utils/server-memo";

function SocialIcon({ network }: { network: string }) {
  if (network === "Facebook") return <FacebookIcon />;
  if (network === "Instagram") return <InstagramIcon />;
  return <XIcon />;
}

/** The show's social links (SPEC §1), in the footer and in the burger menu. */
export function SocialList({ className }: { className: string }) {
  return (
    <ul className={className} aria-label="Follow the show">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.network}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`The Ham Radio Show on ${s.network}`}>
            <SocialIcon network={s.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §1 "A footer with social links appears on pages." */
export function SiteFooter() {
  return (
    // The same markup on every page.
    <ServerMemo as="footer" id="footer" deps="" className="site-footer">
      {() => (
        <>
          <SocialList className="site-footer__social" />
          <nav aria-label="Footer" className="site-footer__links">
            <AppLink to="/about">About</AppLink>
            <AppLink to="/DPB">Deadpool Bingo</AppLink>
            <AppLink to="/speical-feature">Special Feature</AppLink>
            <AppLink to="/privacy-policy">Privacy Policy</AppLink>
            <AppLink to="/help">Help</AppLink>
          </nav>
          <p className="site-footer__small">© The Ham Radio Show. The Most Dangerous Radio Today.</p>
        </>
      )}
    </ServerMemo>
  );
}
