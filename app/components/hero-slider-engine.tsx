import KeenSlider, { type KeenSliderInstance, type KeenSliderPlugin } from "keen-slider/keen-slider.es.js";
import { SLIDER_AUTOPLAY_MS } from "~/rules/constants";

/** docs/product.md §2 Slider: autoplay every 3,000 ms; pauses while hovered/focused or when the listener pauses it. */
function autoplay(delay: number, paused: () => boolean): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovering = false;
    const clear = () => timer && clearTimeout(timer);
    const next = () => {
      clear();
      if (hovering || paused()) return;
      timer = setTimeout(() => slider.next(), delay);
    };
    slider.on("created", () => {
      slider.container.addEventListener("mouseenter", () => ((hovering = true), clear()));
      slider.container.addEventListener("mouseleave", () => ((hovering = false), next()));
      slider.container.addEventListener("focusin", () => ((hovering = true), clear()));
      slider.container.addEventListener("focusout", () => ((hovering = false), next()));
      next();
    });
    slider.on("dragStarted", clear);
    slider.on("animationEnded", next);
    slider.on("updated", next);
    slider.on("destroyed", clear);
  };
}

/**
 * The slider engine over the server-rendered strip of ./HeroSlider.tsx, with its autoplay: one
 * chunk, imported after the window's load event (ADR 008).
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
