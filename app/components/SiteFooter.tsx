import { AppLink } from "~/ui/primitives";
import { SocialList } from "./SocialLinks";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <SocialList className="site-footer__social" />
      <nav aria-label="Footer" className="site-footer__links">
        <AppLink to="/about">About</AppLink>
        <AppLink to="/DPB">Deadpool Bingo</AppLink>
        <AppLink to="/speical-feature">Special Feature</AppLink>
        <AppLink to="/privacy-policy">Privacy Policy</AppLink>
        <AppLink to="/help">Help</AppLink>
      </nav>
      <p className="site-footer__small">© The Ham Radio Show. The Most Dangerous Radio Today.</p>
    </footer>
  );
}
