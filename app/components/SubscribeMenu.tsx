import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { subscribeLinks } from "~/rules/subscribe";
import type { RootData } from "~/services/types";
import { RssIcon } from "~/ui/primitives";

/**
 * "Subscribe": the podcast apps' own subscribe links for a feed, and its address to copy. A
 * <details> disclosure, so it opens without JavaScript too; there the address is a field to select.
 */
export function SubscribeMenu({ feedUrl, show }: { feedUrl: string; show: string }) {
  const spotify = useRouteLoaderData<RootData>("root")?.config.spotifyShowUrl ?? null;
  const [note, setNote] = useState("");
  const details = useRef<HTMLDetailsElement>(null);
  const fieldId = useId();
  useEffect(() => {
    const menu = details.current;
    // Escape closes the open menu and hands focus back to its toggle, as a menu button does.
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    menu?.addEventListener("keydown", close);
    return () => menu?.removeEventListener("keydown", close);
  }, []);
  const feedPath = new URL(feedUrl).pathname + new URL(feedUrl).search;
  return (
    <details className="subscribe" ref={details}>
      <summary className="button subscribe__toggle">
        <RssIcon size={18} /> Subscribe
      </summary>
      <div className="subscribe__panel" role="group" aria-label={`Subscribe to ${show}`}>
        <ul className="subscribe__apps">
          {subscribeLinks(feedUrl, spotify).map((link) => (
            <li key={link.app}>
              <a className="button button--ghost" href={link.href}>
                {link.app}
              </a>
            </li>
          ))}
        </ul>
        <label className="subscribe__label" htmlFor={fieldId}>
          Feed URL
        </label>
        <div className="subscribe__copy">
          <input
            id={fieldId}
            className="subscribe__url"
            type="url"
            readOnly
            value={feedUrl}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button js-only"
            onClick={() => void import("./subscribe-actions").then((m) => m.copyFeedUrl(feedUrl)).then(setNote)}
          >
            Copy feed URL
          </button>
        </div>
        <p className="subscribe__note" role="status">
          {note}
        </p>
        <a className="subscribe__raw" href={feedPath}>
          Open the RSS feed
        </a>
      </div>
    </details>
  );
}
