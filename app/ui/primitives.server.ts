import { createElement, type ReactElement, type SVGProps } from "react";

/** The anchor `<Link>` renders for a path of this site, or null for anything else. */
export function siteAnchor(props: { to: string; target?: string }): ReactElement | null {
  if (!isSitePath(props.to)) return null;
  const attributes: Record<string, unknown> = {};
  for (const key in props)
    if (key !== "to" && key !== "target" && key !== "prefetch") attributes[key] = props[key as keyof typeof props];
  attributes["data-discover"] = "true";
  attributes.href = hrefOf(props.to);
  attributes.target = props.target;
  return createElement("a", attributes);
}

/**
 * The anchor `<NavLink>` renders at `locationPathname` for a plain path of this site (letters,
 * digits, `-`, `_` between single slashes, which neither URL encoding nor path resolution
 * changes), or null for anything else. Active, as by NavLink's default, is case-insensitive: the
 * same path, or (without `end`) one below it.
 */
export function siteNavAnchor(
  props: { to: string; end?: boolean; className?: string; target?: string; style?: unknown },
  locationPathname: string,
): ReactElement | null {
  if (!PLAIN_PATH.test(props.to)) return null;
  const to = props.to.toLowerCase();
  const at = locationPathname.toLowerCase();
  const slashAt = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  const active = at === to || (!props.end && at.startsWith(to) && at.charAt(slashAt) === "/");
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!NAV_LINK_OWN.has(key)) attributes[key] = props[key as keyof typeof props];
  attributes["data-discover"] = "true";
  attributes["aria-current"] = active ? "page" : undefined;
  attributes.className = [props.className, active ? "active" : null].filter(Boolean).join(" ");
  attributes.style = props.style;
  attributes.href = props.to;
  attributes.target = props.target;
  return createElement("a", attributes);
}

const PLAIN_PATH = /^\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]*$/;
/** Props NavLink turns into attributes itself, after the others. */
const NAV_LINK_OWN = new Set(["to", "target", "prefetch", "end", "className", "style"]);

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

/**
 * The server side of `svgIcon` (./primitives.tsx): an icon with nothing but a size (and fixed
 * extras, like the heart's fill) is the same element every time — React elements are immutable —
 * so it is made once rather than on every render; null for any other icon (made afresh).
 */
export function iconOnce(
  name: string,
  props: { size?: number },
  extra: SVGProps<SVGSVGElement> | undefined,
  make: () => ReactElement,
): ReactElement | null {
  for (const key in props) if (key !== "size" && key !== "filled") return null;
  let key = `${name} ${props.size ?? 24}`;
  if (extra) for (const k in extra) key += ` ${k}=${String(extra[k as keyof typeof extra])}`;
  let icon = ICONS.get(key);
  if (!icon) ICONS.set(key, (icon = make()));
  return icon;
}

/** Icons made once, by name, size and extras (a set bounded by the code's own call sites). */
const ICONS = new Map<string, ReactElement>();
