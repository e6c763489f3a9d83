/** docs/product.md §1 footer social links and §2 burger menu "social icons for three networks". */
export const SOCIAL_LINKS = [
  { network: "Facebook", href: "https://www.facebook.com/hamradioshow" },
  { network: "X", href: "https://x.com/hamradioshow" },
  { network: "Instagram", href: "https://www.instagram.com/hamradioshow" },
] as const;

/** docs/product.md §2 "Navigation bar" links, in order. */
export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/eras", label: "Episodes" },
  { to: "/about", label: "About" },
  { to: "/crew-page", label: "Crew" },
  { to: "/News", label: "News" },
  { to: "/help", label: "Help" },
] as const;
