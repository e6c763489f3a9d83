import { createContext, createElement, useContext, type ReactNode } from "react";

/**
 * A listener template (ADR 019) is one server render of a page that every signed-in listener's
 * copy is filled from. What differs between listeners is marked in it: each heart renders both
 * of its markups inside a hole the server fills per request (the root data's listener text is the
 * other hole, ADR 037). Custom element names: React escapes `<` in every text and attribute, so
 * these tags cannot come from content.
 */
export const FAVORITE_HOLE = "hrs-favorite";
export const HOLE_VARIANT = "hrs-v";

const TemplateContext = createContext(false);
/** Server only: set while a listener template renders. */
export const ListenerTemplateProvider = TemplateContext.Provider;

/**
 * Markup that depends on whether the listener's favorites hold `src`: the one that applies, or
 * in a template both (not saved, then saved) in a hole keyed by `src`.
 */
export function FavoriteHole({
  src,
  saved,
  children,
}: {
  src: string;
  saved: boolean;
  children: (saved: boolean) => ReactNode;
}) {
  if (!useContext(TemplateContext)) return children(saved);
  return createElement(
    FAVORITE_HOLE,
    { "data-src": src },
    createElement(HOLE_VARIANT, null, children(false)),
    createElement(HOLE_VARIANT, null, children(true)),
  );
}
