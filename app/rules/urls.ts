/**
 * URLs that catalog and content data put into links and images (episode audio, sponsor links
 * and logos, crew and episode images, featured images) are followed only when they are web
 * links: http(s) or relative. javascript:, vbscript:, data: and any other scheme never reach an
 * href or src, however disguised (case, leading spaces, tabs or control characters inside).
 */
export function safeUrl(value: string | null | undefined): string | null {
  const url = (value ?? "").trim();
  if (!url) return null;
  // Browsers drop ASCII whitespace and control characters from a URL before reading its scheme.
  const bare = url.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(bare)?.[1];
  if (scheme === undefined) return url;
  return scheme === "http" || scheme === "https" ? url : null;
}

export const isSafeUrl = (value: string): boolean => safeUrl(value) !== null;
