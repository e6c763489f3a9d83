import { Form, useLocation, useSearchParams, NavLink, Link } from "@remix-run/react";
import { MenuIcon, SearchIcon, UserIcon } from "~/ui/primitives";
import { useEffect, useRef } from "react";
import { NAV_LINKS } from "~/rules/social";
import { UP_NEXT_PATH } from "~/rules/library";
import { SocialList } from "./SocialLinks";
import { SearchBox } from "./SearchBox";

/** docs/product.md §2 Navigation bar (desktop) and the mobile header with its burger menu. */
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const term = location.pathname.toLowerCase() === "/search" ? (params.get("term") ?? "") : "";
  const burger = useRef<HTMLDetailsElement>(null);

  // The burger is a <details> (works without JS); close it after a navigation.
  useEffect(() => {
    if (burger.current) burger.current.open = false;
  }, [location.key]);

  // Escape closes the menu, as it closes every other menu and dialog, and focus returns to it.
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const menu = burger.current;
      // The search box's own Escape (closing its suggestions, clearing it) comes first.
      if (e.key !== "Escape" || e.defaultPrevented || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="The Ham Radio Show home">
          <picture>
            <source srcSet="/media/img/logo-light.svg" media="(prefers-color-scheme: light)" />
            <img src="/media/img/logo.svg" alt="" width="150" height="40" />
          </picture>
        </Link>

        <nav className="main-nav" aria-label="Main">
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === "/"} prefetch="intent">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <Form method="get" action="/search" role="search" className="search-box" key={term}>
          <SearchBox id="site-search" defaultValue={term} />
          <button type="submit" aria-label="Search">
            <SearchIcon size={20} />
          </button>
        </Form>

        {signedIn ? (
          <>
            <Link to={UP_NEXT_PATH} className="up-next-link">
              Up Next
            </Link>
            <Link to="/user" className="profile-button">
              Profile
            </Link>
          </>
        ) : (
          <Link to="/user" className="profile-icon" aria-label="Your profile and favorites">
            <UserIcon />
          </Link>
        )}

        <details className="burger" ref={burger}>
          <summary aria-label="Menu">
            <MenuIcon />
          </summary>
          <div className="burger__panel">
            <Form
              method="get"
              action="/search"
              role="search"
              className="search-box search-box--burger"
              aria-label="Search episodes (menu)"
            >
              <SearchBox id="menu-search" defaultValue={term} />
              <button type="submit" aria-label="Search">
                <SearchIcon size={20} />
              </button>
            </Form>
            <nav aria-label="Mobile">
              <ul>
                {NAV_LINKS.map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to} end={l.to === "/"}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
                {signedIn ? (
                  <li>
                    <NavLink to={UP_NEXT_PATH}>Up Next</NavLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to="/user">{signedIn ? "Profile" : "Sign in"}</NavLink>
                </li>
              </ul>
            </nav>
            <SocialList className="burger__social" />
          </div>
        </details>
      </div>
    </header>
  );
}
