import { EMBED_PATH_PREFIX } from "~/rules/embed";

/** A directive's source that depends on the page asked for (its path). */
type PathSource = (path: string) => string;

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The only pages other sites may frame: the embeddable player. */
const framable = (path: string) => path.split("?")[0]!.startsWith(EMBED_PATH_PREFIX);

const CAST_SCRIPT_PATHS = ["https://www.gstatic.com/cv/js/sender/", "https://www.gstatic.com/cast/sdk/libs/"];

/** Who the browser talks to for sign-in and analytics, when configured: exactly these origins. */
export interface ThirdParties {
  /** Firebase popup sign-in: the project's auth domain, or an Auth emulator's host:port (tests). */
  firebaseAuth?: { authDomain: string; emulatorHost?: string };
  analytics?: { provider: "firebase" } | { provider: "plausible"; endpoint: string };
  /** The OAuth providers' authorization pages, which the sign-in forms redirect to. */
  signInOrigins?: string[];
}

/**
 * The Firebase client's popup loads Google's iframe helper (apis.google.com), frames the auth
 * domain's handler and calls Identity Toolkit and Secure Token; Firebase Analytics loads gtag.js
 * and sends to Google Analytics' collectors and Firebase Installations.
 */
function thirdPartySources(parties: ThirdParties) {
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  const auth = parties.firebaseAuth;
  if (auth) {
    script.push("https://apis.google.com");
    if (auth.emulatorHost) {
      frame.push(`http://${auth.emulatorHost}`);
      connect.push(`http://${auth.emulatorHost}`);
    } else {
      frame.push(`https://${auth.authDomain}`);
      connect.push("https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com");
    }
  }
  const analytics = parties.analytics;
  if (analytics?.provider === "firebase") {
    script.push("https://www.googletagmanager.com");
    connect.push(
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://firebaseinstallations.googleapis.com",
      "https://firebase.googleapis.com",
    );
  } else if (analytics?.provider === "plausible") {
    const o = origin(analytics.endpoint);
    if (o) connect.push(o);
  }
  return { script, connect, frame };
}

/**
 * The enforced Content-Security-Policy: scripts only with this response's nonce (a page shared by
 * every anonymous listener: the hashes of its own inline scripts), no plugins, no <base>, never
 * framed but for the embeddable player; frames only for the help, special-feature and content-site embeds
 * and the video hosts; media from anywhere over https (podcast files live on CDNs), and from the
 * live stream's and the WordPress sites' hosts whatever their scheme.
 */
export function contentSecurityPolicy(
  scripts: string[],
  urls: {
    helpUrl: string;
    specialFeatureUrl: string;
    contentSiteUrl: string;
    liveStreamUrl: string;
    galleryUrl?: string;
    wordpressUrl?: string;
    production: boolean;
  },
  parties: ThirdParties = {},
) {
  const third = thirdPartySources(parties);
  const frames = [urls.helpUrl, urls.specialFeatureUrl, urls.contentSiteUrl]
    .map(origin)
    .filter((o): o is string => o !== null);
  const gallery = [...new Set([urls.galleryUrl, urls.wordpressUrl].map((u) => u && origin(u)))].filter(
    (o): o is string => !!o,
  );
  return {
    "default-src": ["'self'"],
    // Of Google's static host, only the Cast sender and the framework it loads.
    "script-src": ["'self'", ...scripts, ...CAST_SCRIPT_PATHS, ...third.script],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:", ...gallery],
    "media-src": [
      "'self'",
      "https:",
      "blob:",
      ...[origin(urls.liveStreamUrl)].filter((o): o is string => o !== null),
      ...gallery,
    ],
    "connect-src": ["'self'", "https://www.gstatic.com", ...third.connect],
    "font-src": ["'self'"],
    // The offline service worker, /sw.js; no other worker.
    "worker-src": ["'self'"],
    "frame-src": [
      ...new Set(frames),
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
      ...third.frame,
    ],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    // Browsers hold a form's redirects to form-action too: the OAuth sign-in forms end on the provider.
    "form-action": ["'self'", ...(parties.signInOrigins ?? [])],
    "frame-ancestors": [(path: string) => (framable(path) ? "*" : "'none'")] as (string | PathSource)[],
  };
}

/** A policy's header value for the page at `path`. */
export function policyHeader(directives: Record<string, (string | PathSource)[]>, path: string): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values.map((v) => (typeof v === "string" ? v : v(path)))].join(" "))
    .join(";");
}
