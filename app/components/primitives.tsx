/**
 * The smallest building blocks, used on nearly every page: icons and in-app links. One module,
 * so the browser gets them in one shared chunk (the first load has a 100 KB budget, ADR 007).
 *
 * Icons — decorative: the control around them carries the accessible name. The shapes live once
 * in the sprite app/assets/icons.svg (a hashed, immutable build asset); each icon is an <svg>
 * that <use>s its symbol, so neither the JS bundle nor every card's HTML carries path data.
 * Fill and stroke are set here (currentColor) and inherited by the symbol.
 */
import { Link } from "@remix-run/react";
import { createElement, forwardRef, type AnchorHTMLAttributes, type ReactNode, type SVGProps } from "react";
import sprite from "~/assets/icons.svg";
import { iconOnce, siteAnchor } from "./primitives.server";

// The server memo's component is as common as these (site chrome, episode cards): one chunk with them.
export { ServerMemo } from "~/utils/server-memo";

const ON_SERVER = typeof document === "undefined";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Props of the icon components that are not <svg> attributes. */
const NOT_ATTRIBUTES = new Set(["size", "children", "filled", "seconds"]);

/**
 * The <svg> of icon `name`. Attributes are copied key by key rather than spread: on the server
 * a JSX spread of props cost ~2 µs per element, and cards render dozens of icons (ADR 007).
 * Later keys win, in the order defaults, `props`, `extra` (the same as the spreads were).
 */
export function svgIcon(name: string, props: IconProps, extra?: SVGProps<SVGSVGElement>, children: ReactNode = props.children): JSX.Element {
  // On the server, an icon with nothing but a size (and fixed extras) is made once (./primitives.server).
  return (ON_SERVER && children === undefined && iconOnce(name, props, extra, () => makeIcon(name, props, extra, undefined))) || makeIcon(name, props, extra, children);
}

function makeIcon(name: string, props: IconProps, extra: SVGProps<SVGSVGElement> | undefined, children: ReactNode): JSX.Element {
  const size = props.size ?? 24;
  const attributes: Record<string, unknown> = { width: size, height: size, viewBox: "0 0 24 24", fill: "currentColor", "aria-hidden": "true", focusable: "false" };
  for (const key in props) if (!NOT_ATTRIBUTES.has(key)) attributes[key] = props[key as keyof IconProps];
  if (extra) for (const key in extra) attributes[key] = extra[key as keyof typeof extra];
  // One <use> element per icon, made once (elements are immutable); no children array unless needed.
  let use = USES.get(name);
  if (!use) USES.set(name, (use = <use href={`${sprite}#${name}`} />));
  return children === undefined ? createElement("svg", attributes, use) : createElement("svg", attributes, use, children);
}

const USES = new Map<string, JSX.Element>();

const icon = (name: string) => {
  const Named = (p: IconProps) => svgIcon(name, p);
  return Named;
};

export const PlayIcon = icon("play");
export const PauseIcon = icon("pause");
export const SearchIcon = icon("search");
export const UserIcon = icon("user");
export const MenuIcon = icon("menu");
export const CloseIcon = icon("close");
export const HeartIcon = (p: IconProps & { filled?: boolean }) =>
  svgIcon("heart", p, { fill: p.filled ? "currentColor" : "none", stroke: "currentColor", strokeWidth: 2 });
export const ShareIcon = icon("share");
export const RssIcon = icon("rss");
export const DownloadIcon = icon("download");
export const CastIcon = icon("cast");
export const LiveIcon = icon("live");
export const DotsIcon = icon("dots");
export const MicIcon = icon("mic");
export const FacebookIcon = icon("facebook");
export const XIcon = icon("x");
export const InstagramIcon = icon("instagram");

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of this site ("/episode?title=…"); anything else is handed to `<Link>` as is. */
  to: string;
  /** Remix's prefetching, which only ever starts in the browser (hover, focus, viewport). */
  prefetch?: "none" | "intent" | "render" | "viewport";
}

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
 * `<Link>` directly. The server part is ./primitives.server.ts (not in the browser bundle).
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  return (ON_SERVER && siteAnchor(props)) || createElement(Link, { ...props, ref });
});
