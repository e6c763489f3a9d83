import type { AppLoadContext } from "@remix-run/node";
import { continueItems, positionsShown } from "~/services/continue-listening.server";
import { dataHoleText } from "~/render/listener-page.server";
import { orElse } from "~/route-support/or-else";

/**
 * A page's own data for its cards' marks (issue 35 §1): the signed-in listener's positions of the
 * episodes it shows, and of no other, as JSON text (one value of the page data, ADR 033). `{}`
 * signed out. In a listener template, a hole the server fills per request in pages and `.data`
 * answers alike, as it fills the cards' marks: nothing personal is ever shared.
 */
export async function cardPositions(context: AppLoadContext, srcs: string[]): Promise<string> {
  if (context.template) return dataHoleText({ positions: srcs });
  const user = await context.user();
  if (!user || srcs.length === 0) return "{}";
  return JSON.stringify(
    positionsShown(await orElse("positions", context.services.positions.list(user.uid), () => []), srcs),
  );
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
