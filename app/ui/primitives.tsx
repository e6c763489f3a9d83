/**
 * Icons and in-app links, used on nearly every page: one module, so one shared chunk.
 * Icons are decorative (the control around them carries the name) and <use> a symbol of the
 * sprite app/assets/icons.svg, so neither the JS nor the HTML carries path data.
 */
import { Link, NavLink, useLocation } from "@remix-run/react";
import { createElement, forwardRef, type AnchorHTMLAttributes, type ReactNode, type SVGProps } from "react";
import sprite from "~/assets/icons.svg";
import { iconOnce, siteAnchor, siteNavAnchor } from "./primitives.server";

const ON_SERVER = typeof document === "undefined";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Props of the icon components that are not <svg> attributes. */
const NOT_ATTRIBUTES = new Set(["size", "children", "filled", "seconds"]);

/**
 * The <svg> of icon `name`; later keys win: defaults, `props`, `extra`. Attributes are copied
 * key by key: a JSX spread is measurably slower on the server, and cards render dozens of icons.
 */
export function svgIcon(
  name: string,
  props: IconProps,
  extra?: SVGProps<SVGSVGElement>,
  children: ReactNode = props.children,
): JSX.Element {
  return (
    (ON_SERVER &&
      children === undefined &&
      iconOnce(name, props, extra, () => makeIcon(name, props, extra, undefined))) ||
    makeIcon(name, props, extra, children)
  );
}

function makeIcon(
  name: string,
  props: IconProps,
  extra: SVGProps<SVGSVGElement> | undefined,
  children: ReactNode,
): JSX.Element {
  const size = props.size ?? 24;
  const attributes: Record<string, unknown> = {
    width: size,
    height: size,
    viewBox: "0 0 24 24",
    fill: "currentColor",
    "aria-hidden": "true",
    focusable: "false",
  };
  for (const key in props) if (!NOT_ATTRIBUTES.has(key)) attributes[key] = props[key as keyof IconProps];
  if (extra) for (const key in extra) attributes[key] = extra[key as keyof typeof extra];
  if (ON_SERVER && children === undefined) {
    // The same bytes as the <use> element, one element fewer for the server's renderer: a page
    // shows dozens to hundreds of icons. The browser renders the element, which hydration matches.
    attributes.dangerouslySetInnerHTML = { __html: `<use href="${sprite}#${name}"></use>` };
    return createElement("svg", attributes);
  }
  let use = USES.get(name);
  if (!use) USES.set(name, (use = <use href={`${sprite}#${name}`} />));
  return children === undefined
    ? createElement("svg", attributes, use)
    : createElement("svg", attributes, use, children);
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
export const QueueNextIcon = icon("queue-next");
export const QueueAddIcon = icon("queue-add");
export const GripIcon = icon("grip");
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
 * An in-app link: Remix's `<Link>` in the browser; on the server, the same anchor `<Link>`
 * renders for an absolute path (same attributes, same order, so hydration matches) without
 * its router hooks, which were a measurable part of a render-cache miss (ADR 010). For
 * replace, state, reloadDocument or relative paths, use `<Link>` itself.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  return (ON_SERVER && siteAnchor(props)) || createElement(Link, { ...props, ref });
});

export interface AppNavLinkProps extends AppLinkProps {
  /** Active only on this exact path, not below it too (as `<NavLink end>`). */
  end?: boolean;
}

/**
 * A navigation link: Remix's `<NavLink>` in the browser; on the server, the anchor it renders
 * for an absolute path, with `class="active"` and `aria-current="page"` where the page is at or
 * below the link's path. The header's thirteen NavLinks were 13% of a render-cache miss.
 */
export const AppNavLink = forwardRef<HTMLAnchorElement, AppNavLinkProps>(function AppNavLink(props, ref) {
  const { pathname } = useLocation();
  return (ON_SERVER && siteNavAnchor(props, pathname)) || createElement(NavLink, { ...props, ref });
});
