/**
 * The embeddable player's whole script, bundled on its own (scripts/build-embed.mjs) and carried
 * inline by the embed page: a page in someone else's frame runs none of the site's code. It turns
 * the server's markup into a player (play/pause, seek, time, chapters) over the page's <audio>,
 * and touches no storage: in a third-party frame any access to it may throw.
 */
import { clampSeek } from "~/player/format";
import { miniPlayerView } from "./embed-player";

const root = document.querySelector<HTMLElement>("[data-embed-player]");
if (root) start(root);

function start(root: HTMLElement) {
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const audio = $<HTMLAudioElement>("audio[data-audio]");
  const play = $<HTMLButtonElement>("[data-play]");
  const seek = $<HTMLInputElement>("[data-seek]");
  const current = $<HTMLElement>("[data-current]");
  const total = $<HTMLElement>("[data-total]");
  const status = $<HTMLElement>("[data-status]");
  const chapterSelect = root.querySelector<HTMLSelectElement>("[data-chapters]");
  const chapters = [...(chapterSelect?.options ?? [])].map((o) => ({ startTime: Number(o.dataset.start) }));
  const known = Number(root.dataset.duration) || 0;
  let dragging = false;
  // The browser's own control is the player without JavaScript; with it, this one takes over.
  audio.controls = false;
  $<HTMLElement>("[data-bar]").hidden = false;
  const submit = root.querySelector<HTMLElement>("[data-submit]");
  if (submit) submit.hidden = true;

  const render = () => {
    const view = miniPlayerView(audio, known, chapters);
    play.setAttribute("aria-label", view.playLabel);
    play.dataset.playing = String(view.playing);
    current.textContent = view.current;
    total.textContent = view.total;
    seek.max = String(view.seekMax);
    if (!dragging) seek.value = String(view.seekValue);
    seek.setAttribute("aria-valuetext", view.seekText);
    if (chapterSelect && view.chapter >= 0 && chapterSelect.selectedIndex !== view.chapter)
      chapterSelect.selectedIndex = view.chapter;
  };
  const playFrom = (time: number | null) => {
    if (time !== null) audio.currentTime = clampSeek(time, audio.duration);
    status.textContent = "";
    audio.play().catch((error: unknown) => {
      // A pause before playback began is no failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) showError();
    });
    render();
  };
  const showError = () => {
    status.textContent = "This episode could not be played. Try again, or open it on the show's site.";
  };

  for (const type of ["play", "pause", "ended", "timeupdate", "durationchange", "loadedmetadata", "seeked"])
    audio.addEventListener(type, render);
  audio.addEventListener("error", showError);
  play.addEventListener("click", () => (audio.paused ? playFrom(null) : audio.pause()));
  seek.addEventListener("input", () => {
    dragging = true;
    current.textContent = miniPlayerView(
      { paused: audio.paused, duration: audio.duration, currentTime: Number(seek.value) },
      known,
      chapters,
    ).current;
  });
  seek.addEventListener("change", () => {
    dragging = false;
    audio.currentTime = clampSeek(Number(seek.value), audio.duration);
    render();
  });
  chapterSelect?.addEventListener("change", () => {
    const option = chapterSelect.selectedOptions[0];
    if (option) playFrom(Number(option.dataset.start));
  });
  // Without JavaScript the chapter form reloads the player at the chapter; with it, choosing is enough.
  chapterSelect?.form?.addEventListener("submit", (event) => event.preventDefault());
  render();
}
