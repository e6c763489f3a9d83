import { useEffect } from "react";
import { CastIcon } from "~/ui/primitives";
import { whenLoadedAndIdle } from "~/ui/after-load";
import { usePlayer } from "./PlayerProvider";
import type { EpisodeMedia } from "./machine";

/**
 * The cast icon (docs/product.md §2 Episode details, §4 Casting). Rendering it asks for the Google Cast SDK
 * (loaded once, lazily); it shows only when a cast device can be reached. With `episode`, a
 * click first switches the player to that episode, then opens the device picker.
 */
export function CastButton({
  episode,
  className = "icon-button cast-button",
  size = 22,
}: {
  episode?: EpisodeMedia;
  className?: string;
  size?: number;
}) {
  const { state, cast, choose } = usePlayer();
  const { request } = cast;
  // Not in the first load: asked for once the page has loaded and the browser is idle.
  useEffect(() => whenLoadedAndIdle(request), [request]);
  if (cast.status !== "available" && cast.status !== "connected") return null;
  const connected = cast.status === "connected";
  return (
    <button
      type="button"
      className={`${className}${connected ? " cast-button--on" : ""}`}
      aria-label={connected ? "Stop casting" : "Cast to a device"}
      aria-pressed={connected}
      data-testid="cast-button"
      onClick={() => {
        if (connected) return void cast.disconnect();
        if (episode && state.src !== episode.src && state.pending?.media.src !== episode.src) choose(episode);
        void cast.connect();
      }}
    >
      <CastIcon size={size} />
    </button>
  );
}
