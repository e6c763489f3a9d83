import { SOCIAL_LINKS } from "~/rules/social";
import { FacebookIcon, InstagramIcon, XIcon } from "~/ui/primitives";

function SocialIcon({ network }: { network: string }) {
  if (network === "Facebook") return <FacebookIcon />;
  if (network === "Instagram") return <InstagramIcon />;
  return <XIcon />;
}

/** The show's social links (docs/product.md §1), in the footer and in the burger menu. */
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
