import type { IncomingMessage, ServerResponse } from "node:http";

type NonceSource = (req: IncomingMessage, res: ServerResponse) => string;

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const CAST_SCRIPT_PATHS = ["https://www.gstatic.com/cv/js/sender/", "https://www.gstatic.com/cast/sdk/libs/"];

/**
 * Powerful features the site never uses, off for it and for every frame it embeds; playback
 * features (autoplay, fullscreen, picture-in-picture) keep the browser's defaults.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "bluetooth",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * The enforced Content-Security-Policy: scripts only with this response's nonce, no plugins,
 * no <base>, never framed; frames only for the help, special-feature and content-site embeds
 * and the video hosts; media from anywhere over https (podcast files live on CDNs), and from the
 * live stream's and the WordPress sites' hosts whatever their scheme.
 */
export function contentSecurityPolicy(
  nonce: NonceSource,
  urls: {
    helpUrl: string;
    specialFeatureUrl: string;
    contentSiteUrl: string;
    liveStreamUrl: string;
    galleryUrl?: string;
    wordpressUrl?: string;
    production: boolean;
  },
) {
  const frames = [urls.helpUrl, urls.specialFeatureUrl, urls.contentSiteUrl]
    .map(origin)
    .filter((o): o is string => o !== null);
  const gallery = [...new Set([urls.galleryUrl, urls.wordpressUrl].map((u) => u && origin(u)))].filter(
    (o): o is string => !!o,
  );
  return {
    "default-src": ["'self'"],
    // Of Google's static host, only the Cast sender and the framework it loads.
    "script-src": ["'self'", nonce, ...CAST_SCRIPT_PATHS],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:", ...gallery],
    "media-src": [
      "'self'",
      "https:",
      "blob:",
      ...[origin(urls.liveStreamUrl)].filter((o): o is string => o !== null),
      ...gallery,
    ],
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
