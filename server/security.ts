import type { IncomingMessage, ServerResponse } from "node:http";

type NonceSource = (req: IncomingMessage, res: ServerResponse) => string;

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The enforced Content-Security-Policy: scripts only with this response's nonce, no plugins,
 * no <base>, never framed; frames only for the help, special-feature and content-site embeds
 * and the video hosts; media from anywhere over https (podcast files live on CDNs).
 */
export function contentSecurityPolicy(
  nonce: NonceSource,
  urls: {
    helpUrl: string;
    specialFeatureUrl: string;
    contentSiteUrl: string;
    liveStreamUrl: string;
    production: boolean;
  },
) {
  const frames = [urls.helpUrl, urls.specialFeatureUrl, urls.contentSiteUrl]
    .map(origin)
    .filter((o): o is string => o !== null);
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", nonce, "https://www.gstatic.com"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "media-src": ["'self'", "https:", "blob:", ...[origin(urls.liveStreamUrl)].filter((o): o is string => o !== null)],
    "connect-src": ["'self'", "https://www.gstatic.com"],
    "font-src": ["'self'"],
    "frame-src": [
      ...new Set(frames),
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}
