import { createElement, type ReactElement } from "react";

/**
 * Server-side memo of rendered markup (ADR 009): the site's chrome — header, player, footer —
 * is most of what every render-cache miss renders besides the page itself, and for an
 * anonymous or signed-in render alike it depends on a handful of inputs (the path for the
 * header's active link, the player's initial state). Episode cards are the rest: their art and
 * text depend on the episode alone, whatever the page (like a fragment cache keyed by record).
 * `<ServerMemo>` renders its children into its own element; on the server, the element's inner
 * HTML is kept per `id` + `deps` and later renders with the same inputs splice that HTML in
 * instead of rendering the subtree again. The browser always renders the children: the markup
 * is the same, so hydration adopts it.
 *
 * Rules for a memoized subtree:
 * - `deps` must name everything its server markup depends on (it is part of the key);
 * - an `id` names one markup per document: the harvest reads the first region with that
 *   `data-memo` id, so regions that share an id (the same card twice on a page) share deps;
 * - no inline scripts or styles, no nonce, no `useId` (position-dependent): a harvest that finds
 *   `<script`, `<style` or `nonce=` in the markup stores nothing;
 * - every VERIFY_EVERY-th use of an entry renders the subtree anyway and compares: a difference
 *   (a missing dep) is logged and the entry replaced, so a mistake heals and shows in the log.
 *
 * The store and the harvest are in ./server-memo.server.ts (not in the browser bundle).
 */

import { serverMemoElement, type ServerMemoProps } from "./server-memo.server";

const ON_SERVER = typeof document === "undefined";

export function ServerMemo(props: ServerMemoProps): ReactElement {
  if (ON_SERVER) return serverMemoElement(props);
  const { id, deps: _deps, as: tag = "div", children, ...attributes } = props;
  return createElement(tag, { "data-memo": id, ...attributes }, typeof children === "function" ? children() : children);
}
