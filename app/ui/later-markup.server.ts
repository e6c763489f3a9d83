import { createElement, useContext, type Context, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { UNSAFE_RemixContext } from "@remix-run/react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from "react-router-dom";

/**
 * Server markup of later parts (./later.tsx, ADR 051) made once per key and handed out again
 * (ADR 057). Hydration never reads a later part's markup, so it need not come from this render.
 * A key must name everything the part's markup depends on; a part whose markup depends on the
 * listener or the address is not memoised here.
 */
const made = new Map<string, string>();
/**
 * A bound, not a cache: far above the keys real pages make (the footer, a player state, a header
 * per signed-in state and path); past it, first come first kept, a part is rendered as before.
 */
const MAX_ENTRIES = 256;

/** The markup of `part()` for `key`, rendered on the first use only; null once the bound is reached. */
export function markupOnce(key: string, part: () => ReactElement): string | null {
  let html = made.get(key);
  if (html === undefined) {
    if (made.size >= MAX_ENTRIES) return null;
    // A nested render: React's server renderer keeps its hooks' state in module variables, which
    // this resets, so it runs only where no hook is called after it (ui/later.tsx's MarkupOf).
    html = renderToString(part());
    made.set(key, html);
  }
  return html;
}

const ROUTER_CONTEXTS: Context<unknown>[] = [
  UNSAFE_RemixContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
] as Context<unknown>[];

/** Wraps a part rendered apart in the router of the page around it (its links, forms and location). */
export function useRouterAround(): (part: ReactElement) => ReactElement {
  // A fixed list: the same hooks in the same order on every render.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const values = ROUTER_CONTEXTS.map((context) => useContext(context));
  return (part) =>
    ROUTER_CONTEXTS.reduceRight<ReactElement>(
      (inner, context, i) => createElement(context.Provider, { value: values[i] }, inner),
      part,
    );
}
