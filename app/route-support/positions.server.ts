import type { AppLoadContext } from "@remix-run/node";
import { continueItems, positionsShown } from "~/services/continue-listening.server";
import { dataHoleText, favoritesShown } from "~/render/listener-page.server";
import { orElse } from "~/route-support/or-else";

/**
 * A page's own data for its cards' marks (issue 35 §1): the signed-in listener's positions of the
 * episodes it shows, and of no other, as JSON text (one value of the page data, ADR 033). `{}`
 * signed out. In a listener template, a hole the server fills per request in pages and `.data`
 * answers alike, as it fills the cards' marks: nothing personal is ever shared.
 */
async function cardPositions(context: AppLoadContext, srcs: string[]): Promise<string> {
  if (context.template) return dataHoleText({ positions: srcs });
  const user = await context.user();
  if (!user || srcs.length === 0) return "{}";
  return JSON.stringify(
    positionsShown(await orElse("positions", context.services.positions.list(user.uid), () => []), srcs),
  );
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
  const user = await context.user();
  if (!user) return "[]";
  return JSON.stringify(
    await continueItems(
      context.services,
      await orElse("positions", context.services.positions.list(user.uid), () => []),
    ),
  );
}
