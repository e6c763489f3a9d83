import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AVAILABLE_OFFLINE, DOWNLOAD_FOR_OFFLINE, DOWNLOADS_PATH, REMOVE_DOWNLOAD } from "~/rules/offline";
import { DownloadIcon } from "~/ui/primitives";
import { canKeepOffline, downloadError, isDownloaded, removeDownload, saveDownload } from "./offline-downloads";

type Kept = "unknown" | "no" | "saving" | "yes";

/**
 * "Download for offline" on an episode's page: the audio kept in this browser, which then plays
 * it with the network off. Nothing where the browser cannot (no JavaScript, no Cache Storage, a
 * file on another origin).
 */
export function OfflineDownload({ audioUrl, title, page }: { audioUrl: string; title: string; page: string }) {
  const [kept, setKept] = useState<Kept>("unknown");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!canKeepOffline(audioUrl)) return;
    let live = true;
    isDownloaded(audioUrl).then(
      (yes) => live && setKept(yes ? "yes" : "no"),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [audioUrl]);

  const save = async () => {
    if (kept === "saving") return;
    setError(null);
    setProgress(null);
    setKept("saving");
    try {
      await saveDownload({ audioUrl, title, page }, setProgress);
      setKept("yes");
    } catch (e) {
      setError(downloadError(e));
      setKept("no");
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await removeDownload(audioUrl);
      setKept("no");
    } catch (e) {
      setError(downloadError(e));
    }
  };

  if (kept === "unknown") return null;
  return (
    <div className="offline-download">
      {kept === "yes" ? (
        <>
          <span className="offline-download__kept">{AVAILABLE_OFFLINE}</span>
          <button type="button" className="button button--ghost" onClick={remove}>
            {REMOVE_DOWNLOAD}
          </button>
          <Link to={DOWNLOADS_PATH}>Your downloads</Link>
        </>
      ) : (
        <button type="button" className="button button--ghost" onClick={save} aria-busy={kept === "saving"}>
          <DownloadIcon size={18} />
          {kept === "saving"
            ? `Downloading…${progress === null ? "" : ` ${Math.floor(progress * 100)}%`}`
            : DOWNLOAD_FOR_OFFLINE}
        </button>
      )}
      <span role="status" className={error ? "offline-download__error" : "visually-hidden"}>
        {error ?? (kept === "yes" ? `${title}: ${AVAILABLE_OFFLINE.toLowerCase()}.` : "")}
      </span>
    </div>
  );
}
