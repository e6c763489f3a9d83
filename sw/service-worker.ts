/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/063-offline.md), built by scripts/build-sw.mjs into
 * public/sw.js with the build's file list. It keeps the build's files, the public pages a
 * listener visited (network first: online, a page is always the server's current one) and the
 * episodes they downloaded, which it plays from the cache, byte ranges included.
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { RangeRequestsPlugin } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import {
  DOWNLOAD_PAGE_HEADER,
  DOWNLOADS_PATH,
  OFFLINE_AUDIO_CACHE,
  OFFLINE_IMAGES_CACHE,
  OFFLINE_IMAGES_MAX,
  OFFLINE_PAGES_CACHE,
  OFFLINE_PAGES_MAX,
} from "../app/rules/offline";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

// A new build's worker takes over at once: the build's files are content-hashed, so a page of the
// last build keeps its own files until it reloads.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/**
 * Only what the server lets any cache keep: a 200 neither `private` nor `no-store`. A signed-in
 * listener's pages are both, so they are never stored, and nobody else using this browser later
 * sees them.
 */
const shareableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !/\b(private|no-store)\b/.test(response.headers.get("Cache-Control") ?? "")
      ? response
      : null,
};

const pageExpiry = new ExpirationPlugin({ maxEntries: OFFLINE_PAGES_MAX });
const pages = new NetworkFirst({ cacheName: OFFLINE_PAGES_CACHE, plugins: [shareableOnly, pageExpiry] });
const sameOrigin = (url: URL) => url.origin === self.location.origin;
/** What server.ts serves as a file; everything else is a page. */
const isFile = (url: URL) => url.pathname.startsWith("/media/") || /\.[A-Za-z0-9]{1,8}$/.test(url.pathname);
const storePage = (url: string, event: ExtendableEvent) =>
  pages.handle({ request: new Request(url), event }).then(
    () => undefined,
    () => undefined,
  );

/** The page a single-fetch data request is for: `/_root.data` is `/`, `/era.data?station=x` is `/era?station=x`. */
function pageOfData(url: URL): string {
  const page = new URL(url);
  page.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  page.searchParams.delete("_routes");
  return page.href;
}
/**
 * A page reached by a link in the app arrives as its data: its document is stored too (once), so
 * a reload offline finds it. Only after the data was stored, so never for a signed-in listener.
 */
const withItsDocument: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, event }) => {
    const page = pageOfData(new URL(request.url));
    if (!(await caches.match(page, { cacheName: OFFLINE_PAGES_CACHE }))) await storePage(page, event);
  },
};

registerRoute(({ request, url }) => request.mode === "navigate" && sameOrigin(url) && !isFile(url), pages);
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.endsWith(".data"),
  new NetworkFirst({ cacheName: OFFLINE_PAGES_CACHE, plugins: [shareableOnly, pageExpiry, withItsDocument] }),
);
registerRoute(
  ({ request, url }) => request.destination === "image" && sameOrigin(url),
  new StaleWhileRevalidate({
    cacheName: OFFLINE_IMAGES_CACHE,
    plugins: [shareableOnly, new ExpirationPlugin({ maxEntries: OFFLINE_IMAGES_MAX })],
  }),
);
// A downloaded episode from its cache, the player's byte ranges cut from it; any other audio from
// the network, never stored (only "Download for offline" stores audio).
registerRoute(
  ({ request, url }) => request.destination === "audio" && sameOrigin(url),
  new CacheFirst({
    cacheName: OFFLINE_AUDIO_CACHE,
    plugins: [new RangeRequestsPlugin(), { cacheWillUpdate: async () => null }],
  }),
);

/**
 * A new build's worker starts the pages afresh (the stored ones name the last build's files, which
 * it no longer keeps), then stores those it knows a listener wants: the pages open now (loaded
 * before any worker), the downloads list and each downloaded episode's page.
 */
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await pageExpiry.deleteCacheAndMetadata();
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const audio = await caches.open(OFFLINE_AUDIO_CACHE);
      const downloaded = await Promise.all(
        (await audio.keys()).map(async (r) => (await audio.match(r))?.headers.get(DOWNLOAD_PAGE_HEADER)),
      );
      const urls = [...windows.map((w) => w.url), DOWNLOADS_PATH, ...downloaded]
        .filter((u): u is string => !!u)
        .map((u) => new URL(u, self.location.origin))
        .filter((url) => sameOrigin(url) && !isFile(url));
      await Promise.all([...new Set(urls.map((u) => u.href))].map((url) => storePage(url, event)));
    })(),
  );
});
