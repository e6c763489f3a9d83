import type { EpisodeMedia, PlayerAction, PlayerState } from "~/player/machine";
import type { PlayerApi } from "~/player/PlayerProvider";

/**
 * The episode page's chapters and transcript following playback (loaded by ./EpisodeExtras.tsx
 * once the page is up, only where an episode has them): while the page's episode plays, the
 * chapter and the line playing are marked (`aria-current`) and the line kept in view inside the
 * transcript's own scroll box; a click on an entry seeks there, or starts the episode there, and
 * a soundbite's (`data-end`) stops at its end as its clip link does. Works on the server-rendered
 * links (each carries its time in `data-t`). Returns the stop function.
 */
export function followPlayback(
  root: HTMLElement,
  player: Pick<PlayerApi, "dispatch" | "choose" | "subscribe">,
  now: () => { state: PlayerState; media: EpisodeMedia },
): () => void {
  const lists = [...root.querySelectorAll<HTMLElement>("ol")].map((list) => ({
    list,
    links: [...list.querySelectorAll<HTMLAnchorElement>("a[data-t]")],
  }));
  const isCurrent = (state: PlayerState, src: string) =>
    state.kind === "episode" && state.src === src && !state.pending;

  const marked = new Map<HTMLElement, HTMLAnchorElement | null>();
  function mark(state: PlayerState) {
    const playing = isCurrent(state, now().media.src);
    for (const { list, links } of lists) {
      let found: HTMLAnchorElement | null = null;
      if (playing) for (const a of links) if (Number(a.dataset.t) <= state.currentTime) found = a;
      if (marked.get(list) === found) continue;
      marked.get(list)?.removeAttribute("aria-current");
      marked.set(list, found);
      if (!found) continue;
      found.setAttribute("aria-current", "true");
      if (list.scrollHeight > list.clientHeight) {
        const top = found.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top + found.offsetHeight > list.scrollTop + list.clientHeight)
          list.scrollTop = top - list.clientHeight / 3;
      }
    }
  }

  function onClick(event: MouseEvent) {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-t]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const time = Number(link.dataset.t);
    const clipEnd = link.dataset.end ? Number(link.dataset.end) : null;
    const { state, media } = now();
    if (isCurrent(state, media.src)) {
      const actions: PlayerAction[] = [{ type: "seek", time, clipEnd }];
      if (!state.playing) actions.push({ type: "play" });
      for (const action of actions) player.dispatch(action);
    } else player.choose(media, Math.floor(time), clipEnd);
  }

  root.addEventListener("click", onClick);
  const unsubscribe = player.subscribe(mark);
  mark(now().state);
  // What browser tests wait for before a click that should seek rather than open the link.
  root.setAttribute("data-following", "true");
  return () => {
    root.removeAttribute("data-following");
    root.removeEventListener("click", onClick);
    unsubscribe();
    for (const a of marked.values()) a?.removeAttribute("aria-current");
  };
}
