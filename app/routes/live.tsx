import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { cacheHeaders } from "~/route-support/cache-policy";
import { usePlayer } from "~/player/PlayerProvider";
import { LIVE_NOSCRIPT_HINT, LIVE_PAGE_PATH, LIVE_RETRY } from "~/rules/player";
import { LiveIcon } from "~/ui/primitives";
import { pageMeta } from "~/route-support/meta.server";
import { loaderMeta } from "~/route-support/meta";

export const meta = loaderMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { services } = args.context;
  const nowPlaying = await services.nowPlaying.current();
  const meta = pageMeta(args, {
    title: "Live Radio — The Ham Radio Show",
    description: "Listen to The Ham Radio Show live.",
    path: LIVE_PAGE_PATH,
  });
  return json(
    { streamUrl: services.publicConfig.liveStreamUrl, nowPlaying, meta },
    { headers: cacheHeaders("publicPage") },
  );
}
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * The live stream on a page of its own: with JavaScript the global player plays it; without, the
 * browser's own player does (the player's LIVE link leads here).
 */
export default function Live() {
  const { streamUrl, nowPlaying } = useLoaderData<typeof loader>();
  const { goLive } = usePlayer();
  return (
    <section className="section live-page" aria-labelledby="live-title">
      <h1 id="live-title">Live Radio</h1>
      <p className="lede">
        Now playing: {nowPlaying.title}
        {nowPlaying.artist ? ` — ${nowPlaying.artist}` : ""}
      </p>
      <button type="button" className="live-button js-only" onClick={goLive}>
        <LiveIcon size={18} /> Play live
      </button>
      <noscript>
        <audio controls preload="none" src={streamUrl} className="noscript-audio" aria-label="Live stream">
          <a href={streamUrl}>Open the live stream</a>
        </audio>
        <p className="live-page__hint">
          {LIVE_NOSCRIPT_HINT} <a href={LIVE_PAGE_PATH}>{LIVE_RETRY}</a>
        </p>
      </noscript>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
