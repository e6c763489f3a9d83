/**
 * SPEC §2 Slider: "A click goes to /Page/<path> when the link points at the content site.
 * Other links open in a new tab."
 */
export type SlideTarget = { kind: "internal"; href: string } | { kind: "external"; href: string } | { kind: "none" };

export function slideTarget(url: string | null | undefined, contentSiteUrl: string): SlideTarget {
  if (!url) return { kind: "none" };
  let target: URL;
  let site: URL;
  try {
    target = new URL(url);
    site = new URL(contentSiteUrl);
  } catch {
    return { kind: "none" };
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return { kind: "none" };
  const sameSite = target.hostname.replace(/^www\./, "") === site.hostname.replace(/^www\./, "");
  if (sameSite) {
    const path = target.pathname.replace(/^\/+|\/+$/g, "");
    return path ? { kind: "internal", href: `/Page/${encodeURIComponent(path)}` } : { kind: "external", href: target.href };
  }
  return { kind: "external", href: target.href };
}

/** The content-site path a /Page/:url param names, or null when it is not a safe path. */
export function contentPagePath(param: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(param);
  } catch {
    return null;
  }
  path = path.replace(/^\/+|\/+$/g, "");
  if (!path || path.length > 200) return null;
  if (!/^[A-Za-z0-9._~\-/]+$/.test(path)) return null;
  if (path.split("/").some((seg) => seg === "" || seg === "." || seg === "..")) return null;
  return path;
}

export function contentPageUrl(path: string, contentSiteUrl: string): string {
  return new URL(`/${path}/`, contentSiteUrl).href;
}
