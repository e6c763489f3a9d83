import type { AppLoadContext } from "@remix-run/node";
import { continueItems } from "~/services/continue-listening.server";
import { DATA_HOLE, type CardPosition, type ContinueItem, type DataHole, type HoleValue } from "~/utils/position-marks";

/**
 * In a listener template, a value that stands for the listener's own: its place in the page's
 * data is filled per request (`markDataHoles`), and a data answer that has one is never shared.
 */
function dataHole(context: AppLoadContext, hole: DataHole): HoleValue {
  context.personalHoles = true;
  context.dataHoles.push(hole);
  return { [DATA_HOLE]: context.dataHoles.length - 1 };
}
import { orElse } from "~/utils/or-else";

/**
 * A page's own data for its cards' marks (issue 35 §1): the signed-in listener's positions of the
 * episodes it shows, and of no other. `{}` signed out. In a listener template, a hole the server
 * fills per request, as it fills the cards' (ADR 033): nothing personal is ever shared.
 */
export async function cardPositions(
  context: AppLoadContext,
  srcs: string[],
): Promise<Record<string, CardPosition> | HoleValue> {
  if (context.template) return dataHole(context, { positions: srcs });
  const user = await context.user();
  if (!user || srcs.length === 0) return {};
  const shown = new Set(srcs);
  const kept = (await orElse("positions", context.services.positions.list(user.uid), () => [])).filter((p) =>
    shown.has(p.audioSrc),
  );
  return Object.fromEntries(
    kept.map((p) => [p.audioSrc, { position: p.position, duration: p.duration, played: p.played }]),
  );
}

/** The signed-in listener's "Continue listening" for a page's own data (a hole in a listener template). */
export async function continueListening(context: AppLoadContext): Promise<ContinueItem[] | HoleValue> {
  if (context.template) return dataHole(context, { continue: true });
  const user = await context.user();
  if (!user) return [];
  return continueItems(
    context.services,
    await orElse("positions", context.services.positions.list(user.uid), () => []),
  );
}
