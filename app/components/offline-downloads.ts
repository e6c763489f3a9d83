/**
 * Episodes kept for offline listening: their audio in the Cache Storage the service worker plays
 * them from (sw/service-worker.ts), each with its title and page beside it (docs/decisions/063-offline.md).
 * Browser only.
 */
import {
  DOWNLOAD_NO_SPACE,
  DOWNLOAD_PAGE_HEADER,
  DOWNLOAD_TITLE_HEADER,
  downloadFailed,
  OFFLINE_AUDIO_CACHE,
} from "~/rules/offline";

export interface Download {
  url: string;
  title: string;
  page: string;
  bytes: number;
}

const absolute = (audioUrl: string) => new URL(audioUrl, window.location.href);

/**
 * Only the site's own files: another origin's would need its CORS and a wider connect-src, and
 * the worker plays same-origin audio only.
 */
export const canKeepOffline = (audioUrl: string) =>
  "caches" in window && "serviceWorker" in navigator && absolute(audioUrl).origin === window.location.origin;

export async function isDownloaded(audioUrl: string): Promise<boolean> {
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  return (await cache.match(absolute(audioUrl).href)) !== undefined;
}

/** Fetches the whole file into the cache; `onProgress` gets the share done (null when the size is not told). */
export async function saveDownload(
  episode: { audioUrl: string; title: string; page: string },
  onProgress: (done: number | null) => void,
): Promise<void> {
  const url = absolute(episode.audioUrl).href;
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`the server answered ${response.status}`);
  const total = Number(response.headers.get("Content-Length")) || 0;
  let loaded = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        loaded += chunk.byteLength;
        onProgress(total ? loaded / total : null);
        out.enqueue(chunk);
      },
    }),
  );
  const headers = new Headers(response.headers);
  headers.set(DOWNLOAD_TITLE_HEADER, encodeURIComponent(episode.title));
  headers.set(DOWNLOAD_PAGE_HEADER, episode.page);
  // Asked once a listener keeps something: the browser may then not evict it under storage pressure.
  void navigator.storage?.persist?.();
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  await cache.put(url, new Response(counted, { status: 200, headers }));
}

/** What the listener is told when a download did not make it. */
export function downloadError(error: unknown): string {
  if (error instanceof DOMException && error.name === "QuotaExceededError") return DOWNLOAD_NO_SPACE;
  if (error instanceof TypeError) return downloadFailed("the network could not be reached");
  return downloadFailed(error instanceof Error ? error.message : String(error));
}

export async function removeDownload(url: string): Promise<void> {
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  await cache.delete(absolute(url).href);
}

export async function listDownloads(): Promise<Download[]> {
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const downloads = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = await cache.match(request);
      if (!response) return null;
      const bytes = Number(response.headers.get("Content-Length")) || (await response.blob()).size;
      const url = new URL(request.url);
      return {
        url: request.url,
        title: decodeURIComponent(response.headers.get(DOWNLOAD_TITLE_HEADER) ?? "") || url.pathname.split("/").pop()!,
        page: response.headers.get(DOWNLOAD_PAGE_HEADER) ?? "/",
        bytes,
      };
    }),
  );
  return downloads.filter((d): d is Download => d !== null).sort((a, b) => a.title.localeCompare(b.title));
}

const MEGABYTES = new Intl.NumberFormat("en-US", { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
/** "12.3 MB". */
export const formatSize = (bytes: number) => MEGABYTES.format(bytes / 1_000_000);
