import KeenSlider, { type KeenSliderInstance, type KeenSliderPlugin } from "keen-slider/keen-slider.es.js";
import { SLIDER_AUTOPLAY_MS } from "~/rules/constants";
import { PauseIcon, PlayIcon } from "~/ui/primitives";
import { modalOpen, onModalChange } from "~/ui/modal-open";

/**
 * docs/product.md §2 Slider: autoplay every 3,000 ms; pauses while hovered/focused, while a dialog is
 * open (slides changing behind it would pull the eye away), or when the listener pauses it.
 */
function autoplay(delay: number, paused: () => boolean): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovering = false;
    const clear = () => timer && clearTimeout(timer);
    const next = () => {
      clear();
      if (hovering || paused() || modalOpen()) return;
      timer = setTimeout(() => slider.next(), delay);
    };
    let stopWatching = () => {};
    slider.on("created", () => {
      stopWatching = onModalChange(next);
      slider.container.addEventListener("mouseenter", () => ((hovering = true), clear()));
      slider.container.addEventListener("mouseleave", () => ((hovering = false), next()));
      slider.container.addEventListener("focusin", () => ((hovering = true), clear()));
      slider.container.addEventListener("focusout", () => ((hovering = false), next()));
      next();
    });
    slider.on("dragStarted", clear);
    slider.on("animationEnded", next);
    slider.on("updated", next);
    slider.on("destroyed", () => (clear(), stopWatching()));
  };
}

/**
 * The slider engine over the server-rendered strip of ./HeroSlider.tsx, with its autoplay (and
 * its controls below): one chunk, imported after the window's load event (ADR 008).
 */
export function startHeroSlider(
  container: HTMLElement,
  on: { slideChanged: (index: number) => void; created: () => void; paused: () => boolean },
): KeenSliderInstance {
  return new KeenSlider(
    container,
    { loop: true, slideChanged: (s) => on.slideChanged(s.track.details.rel), created: on.created },
    [autoplay(SLIDER_AUTOPLAY_MS, on.paused)],
  );
}

/** Pause and the dots: shown once the engine runs (before, the strip scrolls by itself). */
export function SliderControls({
  count,
  current,
  paused,
  onPause,
  onPick,
}: {
  count: number;
  current: number;
  paused: boolean;
  onPause: () => void;
  onPick: (index: number) => void;
}) {
  return (
    <div className="hero-slider__controls">
      <button
        type="button"
        className="icon-button"
        onClick={onPause}
        aria-label={paused ? "Resume slideshow" : "Pause slideshow"}
      >
        {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
      </button>
      <div className="hero-slider__dots">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            className={`dot${i === current ? " dot--active" : ""}`}
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === current}
            onClick={() => onPick(i)}
          />
        ))}
      </div>
    </div>
  );
}
