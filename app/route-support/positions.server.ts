import type { AppLoadContext } from "@remix-run/node";
import { continueItems, positionsShown } from "~/services/continue-listening.server";
import { dataHoleText, favoritesShown } from "~/render/listener-page.server";
import { orElse } from "~/route-support/or-else";
import type { EpisodePosition } from "~/services/positions.server";

const stored = new WeakMap<AppLoadContext, Promise<readonly EpisodePosition[] | null>>();
/**
 * The listener's positions, read once per request and only after their library answered: when it
 * cannot be read the page shows them signed out, without waiting on a second upstream (null).
 */
function storedPositions(context: AppLoadContext): Promise<readonly EpisodePosition[] | null> {
  let read = stored.get(context);
  if (!read) {
    read = orElse("favorites", context.listener(), () => null).then((listener) =>
      listener ? orElse("positions", context.services.positions.list(listener.user.id), () => []) : null,
    );
    stored.set(context, read);
  }
  return read;
}

/**
 * A page's own data for its cards' marks (issue 35 §1): the signed-in listener's positions of the
 * episodes it shows, and of no other, as JSON text (one value of the page data, ADR 033). `{}`
 * signed out. In a listener template, a hole the server fills per request in pages and `.data`
 * answers alike, as it fills the cards' marks: nothing personal is ever shared.
 */
async function cardPositions(context: AppLoadContext, srcs: string[]): Promise<string> {
  if (context.template) return dataHoleText({ positions: srcs });
  if (srcs.length === 0) return "{}";
  const positions = await storedPositions(context);
  return positions ? JSON.stringify(positionsShown(positions, srcs)) : "{}";
}

/**
 * Which of the episodes a page shows are the signed-in listener's favorites, as JSON text (an
 * array of their sources, `[]` signed out): the hearts on screen read it, so the root data never
 * carries the whole list (ADR 050). A hole in a listener template, as positions are.
 */
async function cardFavorites(context: AppLoadContext, srcs: string[]): Promise<string> {
  if (context.template) return dataHoleText({ favorites: srcs });
  const listener = await orElse("favorites", context.listener(), () => null);
  return JSON.stringify(favoritesShown(listener?.favorites ?? [], srcs));
}

/** A page's own data for its cards: positions and hearts of the episodes it shows (`srcs`). */
export async function cardMarks(context: AppLoadContext, srcs: string[]) {
  const [positions, favorites] = await Promise.all([cardPositions(context, srcs), cardFavorites(context, srcs)]);
  return { positions, favorites };
}

/** The signed-in listener's "Continue listening" for a page's own data, as JSON text (a hole in a listener template). */
export async function continueListening(context: AppLoadContext): Promise<string> {
  if (context.template) return dataHoleText({ continue: true });
  const positions = await storedPositions(context);
  return positions ? JSON.stringify(await continueItems(context.services, positions)) : "[]";
}
