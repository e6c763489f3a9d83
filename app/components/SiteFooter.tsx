import { Link } from "@remix-run/react";
import { SocialList } from "./SocialLinks";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <SocialList className="site-footer__social" />
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
