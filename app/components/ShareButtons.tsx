import { useEffect, useState } from "react";
import { FacebookIcon, ShareIcon, XIcon } from "~/ui/primitives";

/** docs/product.md §1 "Share an episode": native share where the device has it, else copy; plus network links. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);
  const text = `${title} — The Ham Radio Show`;
  return (
    <div className="share" role="group" aria-label="Share this episode">
      <button
        type="button"
        className="button button--ghost js-only"
        onClick={async () => {
          if (canShare) {
            await navigator.share({ title: text, url }).catch(() => undefined);
          } else {
            await navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => undefined,
            );
          }
        }}
      >
        <ShareIcon size={18} /> {canShare ? "Share" : copied ? "Link copied" : "Copy link"}
      </button>
      <noscript>
        {/* Nothing to copy with: the link itself, to select or drag. */}
        <a className="share__url" href={url}>
          {url}
        </a>
      </noscript>
      <a
        className="icon-button"
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Share on Facebook"
      >
        <FacebookIcon />
      </a>
      <a
        className="icon-button"
        href={`https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Share on X"
      >
        <XIcon />
      </a>
      <span className="visually-hidden" aria-live="polite">
        {copied ? "Link copied" : ""}
      </span>
    </div>
  );
}
