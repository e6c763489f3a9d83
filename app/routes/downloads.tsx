import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import {
  type Download,
  downloadError,
  formatSize,
  listDownloads,
  removeDownload,
} from "~/components/offline-downloads";
import { cacheHeaders } from "~/route-support/cache-policy";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";
import { DOWNLOADS_EMPTY, DOWNLOADS_NEED_JS, DOWNLOADS_PATH, DOWNLOADS_UNSUPPORTED } from "~/rules/offline";

export const meta = loaderMeta;

/** The same page for everyone: what it lists is in this browser, never on the server. */
export async function loader(args: LoaderFunctionArgs) {
  const meta = pageMeta(args, {
    title: "Downloads — The Ham Radio Show",
    description: "Episodes kept in this browser for listening offline.",
    path: DOWNLOADS_PATH,
    noindex: true,
  });
  return json({ meta }, { headers: cacheHeaders("publicPage") });
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** Episodes kept for offline listening (docs/decisions/063-offline.md): each one's size, and a way to remove it. */
export default function Downloads() {
  return (
    <section className="section downloads" aria-labelledby="downloads-title">
      <h1 id="downloads-title">Downloads</h1>
      <p>Episodes kept on this device. They play here with or without a connection.</p>
      <noscript>
        <p>{DOWNLOADS_NEED_JS}</p>
      </noscript>
      <DownloadsList />
    </section>
  );
}

function DownloadsList() {
  const [downloads, setDownloads] = useState<Download[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!("caches" in window)) return setMessage(DOWNLOADS_UNSUPPORTED);
    listDownloads().then(setDownloads, (e) => setMessage(downloadError(e)));
  }, []);
  const remove = async (download: Download) => {
    try {
      await removeDownload(download.url);
      setDownloads((list) => list?.filter((d) => d.url !== download.url) ?? null);
      setMessage(`${download.title} removed.`);
    } catch (e) {
      setMessage(downloadError(e));
    }
  };
  const total = downloads?.reduce((sum, d) => sum + d.bytes, 0) ?? 0;
  return (
    <>
      {downloads === null ? null : downloads.length === 0 ? (
        <p>{DOWNLOADS_EMPTY}</p>
      ) : (
        <>
          <p>
            {downloads.length} {downloads.length === 1 ? "episode" : "episodes"}, {formatSize(total)} in all.
          </p>
          <ul className="downloads-list">
            {downloads.map((d) => (
              <li key={d.url}>
                <Link to={d.page} className="downloads-list__title">
                  {d.title}
                </Link>
                <span className="downloads-list__size">{formatSize(d.bytes)}</span>
                <button type="button" className="button button--ghost" onClick={() => remove(d)}>
                  Remove<span className="visually-hidden"> {d.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p role="status">{message}</p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
