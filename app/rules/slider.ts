/**
 * docs/product.md §2 Slider: "A click goes to /Page/<path> when the link points at the content site.
 * Other links open in a new tab."
 */
export type SlideTarget = { kind: "internal"; href: string } | { kind: "external"; href: string } | { kind: "none" };

export function slideTarget(url: string | null | undefined, contentSiteUrl: string): SlideTarget {
  if (!url || !url.trim()) return { kind: "none" };
  let target: URL;
  let site: URL;
  try {
    target = new URL(url.trim());
    site = new URL(contentSiteUrl);
  } catch {
    return { kind: "none" };
  }
  // Only web links are followed: javascript:, data:, mailto: and friends never become a link.
  if (target.protocol !== "https:" && target.protocol !== "http:") return { kind: "none" };
  // Credentials in a link only serve to disguise its real host (https://site@evil.example/).
  target.username = "";
  target.password = "";
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, "");
  if (bare(target.hostname) === bare(site.hostname)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(target.pathname);
    } catch {
      decoded = target.pathname;
    }
    // Internal only when /Page/:url will accept the path; anything odd opens as a plain link.
    const path = contentPagePath(encodeURIComponent(decoded.replace(/^\/+|\/+$/g, "")));
    return path
      ? { kind: "internal", href: `/Page/${encodeURIComponent(path)}` }
      : { kind: "external", href: target.href };
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
  if (!/^[\p{L}\p{M}\p{N}._~\-/]+$/u.test(path)) return null;
  if (path.split("/").some((seg) => seg === "" || seg === "." || seg === "..")) return null;
  return path;
}

export function contentPageUrl(path: string, contentSiteUrl: string): string {
  return new URL(`/${path}/`, contentSiteUrl).href;
}
