import { Link } from "@remix-run/react";
import { SOCIAL_LINKS } from "~/rules/social";
import { FacebookIcon, InstagramIcon, XIcon } from "./icons";

export function SocialIcon({ network }: { network: string }) {
  if (network === "Facebook") return <FacebookIcon />;
  if (network === "Instagram") return <InstagramIcon />;
  return <XIcon />;
}

/** SPEC §1 "A footer with social links appears on pages." */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <ul className="site-footer__social" aria-label="Follow the show">
        {SOCIAL_LINKS.map((s) => (
          <li key={s.network}>
            <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`The Ham Radio Show on ${s.network}`}>
              <SocialIcon network={s.network} />
            </a>
          </li>
        ))}
      </ul>
      <nav aria-label="Footer" className="site-footer__links">
        <Link to="/about">About</Link>
        <Link to="/DPB">Deadpool Bingo</Link>
        <Link to="/speical-feature">Special Feature</Link>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/help">Help</Link>
      </nav>
      <p className="site-footer__small">© The Ham Radio Show. The Most Dangerous Radio Today.</p>
    </footer>
  );
}
