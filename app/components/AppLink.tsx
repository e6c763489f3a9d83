import { Link } from "@remix-run/react";
import { createElement, forwardRef, type AnchorHTMLAttributes } from "react";

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of this site ("/episode?title=…"); anything else is handed to `<Link>` as is. */
  to: string;
  /** Remix's prefetching, which only ever starts in the browser (hover, focus, viewport). */
  prefetch?: "none" | "intent" | "render" | "viewport";
}

const ON_SERVER = typeof document === "undefined";

/**
 * An in-app link. In the browser it is Remix's `<Link>` (client-side navigation, route
 * discovery). On the server it is the plain anchor that `<Link>` renders for an absolute path
 * and default options — the same attributes in the same order (`data-discover`, `href`,
 * `target`), so hydration finds exactly the markup it expects — without the router hooks each
 * `<Link>` runs (href resolution, click handler, prefetch state). Lists render dozens of links,
 * and those hooks were a measurable part of a render-cache miss (ADR 007).
 *
 * Prefetching starts only in the browser, so it changes nothing here. For options that change
 * the markup or the navigation (replace, state, reloadDocument, relative paths) use Remix's
 * `<Link>` directly.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  if (!ON_SERVER || !isSitePath(props.to)) {
    const { to, target, prefetch, ...anchor } = props;
    return <Link ref={ref} to={to} target={target} prefetch={prefetch} {...anchor} />;
  }
  // Copied key by key, not spread: a JSX spread of props cost ~2 µs per link on the server.
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (key !== "to" && key !== "target" && key !== "prefetch") attributes[key] = props[key as keyof AppLinkProps];
  attributes["data-discover"] = "true";
  attributes.href = hrefOf(props.to);
  attributes.target = props.target;
  return createElement("a", attributes);
});

/** "/…" but not "//host…" (a protocol-relative URL). */
const isSitePath = (to: string) => to.startsWith("/") && !to.startsWith("//");

/** What the router's `useHref` makes of an absolute path: an empty `?` or `#` is dropped. */
export function hrefOf(to: string): string {
  const hashAt = to.indexOf("#");
  let hash = hashAt >= 0 ? to.slice(hashAt) : "";
  let rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf("?");
  let search = searchAt >= 0 ? rest.slice(searchAt) : "";
  rest = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  if (search === "?") search = "";
  if (hash === "#") hash = "";
  return rest + search + hash;
}
