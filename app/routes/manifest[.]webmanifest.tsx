import { CACHE_POLICY } from "~/route-support/cache-policy";
import { APP } from "~/rules/brand";

const size = (path: string) => /-(\d+)\.png$/.exec(path)![1];

/** The web app manifest: what a phone needs to put the show on its home screen like a radio app. */
export async function loader() {
  const manifest = {
    id: "/",
    name: APP.name,
    short_name: APP.shortName,
    description: APP.description,
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: APP.backgroundColor,
    theme_color: APP.themeColor,
    categories: ["music", "entertainment"],
    icons: [
      ...APP.icons.any.map((src) => ({ src, sizes: `${size(src)}x${size(src)}`, type: "image/png", purpose: "any" })),
      { src: APP.icons.maskable, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": CACHE_POLICY.discovery },
  });
}
