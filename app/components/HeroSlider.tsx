import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { KeenSliderInstance } from "keen-slider/keen-slider.es.js";
import type { SlideCardData } from "~/services/types";

import { afterLoad } from "~/ui/after-load";

/** The slider spans the content column: at most 1200 px wide, the whole screen on a phone. */
const SLIDE_SIZES = "(min-width: 1280px) 1200px, 100vw";

export function HeroSlider({ slides }: { slides: SlideCardData[] }) {
  const [paused, setPaused] = useState(false);
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const [engine, setEngine] = useState<typeof import("./hero-slider-engine") | null>(null);
  const pausedRef = useRef(paused);
  const sliderRef = useRef<HTMLDivElement>(null);
  const instance = useRef<KeenSliderInstance | null>(null);
  pausedRef.current = paused;

  // The slider engine and its controls are not part of the first load (ADR 008): until they
  // arrive, after the window's load event, the slides are a scroll-snap strip showing the first one.
  useEffect(() => {
    if (slides.length === 0) return;
    let cancelled = false;
    const cancelWait = afterLoad(() => {
      import("./hero-slider-engine")
        .then((loaded) => {
          if (cancelled || !sliderRef.current) return;
          // A listener who asked for less motion starts it with "Resume slideshow" (WCAG 2.2.2).
          if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
            pausedRef.current = true;
            setPaused(true);
          }
          setEngine(loaded);
          instance.current = loaded.startHeroSlider(sliderRef.current, {
            slideChanged: setCurrent,
            created: () => setReady(true),
            paused: () => pausedRef.current,
          });
        })
        .catch((error: unknown) => console.warn("slider: could not load", error));
    });
    return () => {
      cancelled = true;
      cancelWait();
      instance.current?.destroy();
      instance.current = null;
    };
  }, [slides.length]);

  useEffect(() => {
    instance.current?.update();
  }, [paused]);

  if (slides.length === 0) return null;
  return (
    <section className={`hero-slider${ready ? " is-ready" : ""}`} aria-roledescription="carousel" aria-label="Featured">
      <div ref={sliderRef} className="keen-slider">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className="keen-slider__slide hero-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            <SlideLink slide={slide}>
              <picture>
                {slide.sources.map((source) => (
                  <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={SLIDE_SIZES} />
                ))}
                <img
                  src={slide.image}
                  alt=""
                  width="1200"
                  height="400"
                  loading={i === 0 ? "eager" : "lazy"}
                  decoding="async"
                  // The first slide is the home page's largest paint: fetch it before the scripts.
                  {...(i === 0 ? { fetchpriority: "high" } : {})}
                />
              </picture>
              <span className="hero-slide__caption">{slide.caption}</span>
            </SlideLink>
          </div>
        ))}
      </div>
      {ready && engine && slides.length > 1 ? (
        <engine.SliderControls
          count={slides.length}
          current={current}
          paused={paused}
          onPause={() => setPaused((p) => !p)}
          onPick={(i) => instance.current?.moveToIdx(i)}
        />
      ) : null}
    </section>
  );
}

function SlideLink({ slide, children }: { slide: SlideCardData; children: React.ReactNode }) {
  const { target } = slide;
  if (target.kind === "internal") {
    return (
      <Link to={target.href} className="hero-slide__link">
        {children}
      </Link>
    );
  }
  if (target.kind === "external") {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className="hero-slide__link">
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <div className="hero-slide__link">{children}</div>;
}
