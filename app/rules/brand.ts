/**
 * The colours the browser paints around the page (address bar, splash screen) for each colour
 * scheme: the site header's background in that scheme (app/styles/app.css --header-bg).
 */
export const THEME_COLOR = { light: "#ffffff", dark: "#08080a" } as const;

/** The installed app (web app manifest, ADR 017e). */
export const APP = {
  name: "The Ham Radio Show",
  shortName: "Ham Radio",
  description: "The Most Dangerous Radio Today: the live stream and 15+ years of episodes.",
  /** Launch screen and frame: the dark scheme, the show's own. */
  backgroundColor: "#0d0d10",
  themeColor: THEME_COLOR.dark,
  icons: {
    any: ["/media/img/icons/icon-192.png", "/media/img/icons/icon-512.png"],
    maskable: "/media/img/icons/icon-maskable-512.png",
    appleTouch: "/media/img/icons/apple-touch-icon.png",
  },
} as const;
