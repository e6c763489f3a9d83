import { createElement, lazy, memo, Suspense, type ComponentType } from "react";

/** Settles once the window's load event has fired; at once on the server. */
const pageLoaded = () =>
  typeof document === "undefined" || document.readyState === "complete"
    ? Promise.resolve()
    : new Promise<void>((resolve) => window.addEventListener("load", () => resolve(), { once: true }));

/**
 * A part of a page whose code is not in the first load. The server renders it in full; in the
 * browser its code is fetched after the load event, and until then React keeps the server's
 * markup (a Suspense boundary hydrates on its own). React 18 does not replay a click made on it
 * meanwhile, so a part is only what works as plain HTML too: links, forms, <details>. After a
 * client navigation it shows as soon as its code is there.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => JSX.Element {
  const Lazy = lazy(() =>
    pageLoaded()
      .then(load)
      .then((component) => ({ default: component })),
  ) as unknown as ComponentType<P>;
  // Memoised: a parent's render with the same props must not reach a boundary still waiting for
  // its code (React would drop its server markup and render it from scratch).
  return memo(function Part(props: P) {
    return <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>;
  }) as unknown as (props: P) => JSX.Element;
}
