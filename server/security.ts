import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The only pages other sites may frame: the embeddable player (app/rules/embed.ts
 * EMBED_PATH_PREFIX). Every other answer keeps frame-ancestors 'none' and X-Frame-Options.
 */
export const FRAMABLE_PATH = /^\/embed\//;
const framable = (url: string) => FRAMABLE_PATH.test(url.split("?")[0]!);

/**
 * Runs after helmet: a framable page drops X-Frame-Options (which cannot say "anyone") and lets
 * any site's page load it (Cross-Origin-Resource-Policy), its CSP saying frame-ancestors *.
 */
export function allowFramingOfEmbeds(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (framable(req.url ?? "")) {
    res.removeHeader("X-Frame-Options");
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  }
  next();
}

/**
 * Powerful features the site never uses, off for it and for every frame it embeds; playback
 * features (autoplay, fullscreen, picture-in-picture) keep the browser's defaults.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
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
