import type { AppLoadContext } from "@remix-run/node";
import { continueItems, positionsShown } from "~/services/continue-listening.server";
import { orElse } from "~/route-support/or-else";
import type { EpisodePosition } from "~/services/positions.server";
import type { CardPosition, ContinueItem } from "~/services/types";
import { LISTEN_ANCHOR } from "~/player/PlayEpisodeButton";

const stored = new WeakMap<AppLoadContext, Promise<readonly EpisodePosition[] | null>>();
/**
 * The listener's positions, read once per request and only after their library answered: when it
 * cannot be read the page shows them signed out, without waiting on a second upstream (null).
 */
export function storedPositions(context: AppLoadContext): Promise<readonly EpisodePosition[] | null> {
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
 * A page's own data for its cards: the signed-in listener's positions and favorites among the
 * episodes it shows (`srcs`), and of no other (empty signed out), so the root data never carries
 * the whole library.
 */
export async function cardMarks(
  context: AppLoadContext,
  srcs: string[],
): Promise<{ positions: Record<string, CardPosition>; favorites: string[] }> {
  const [positions, listener] = await Promise.all([
    srcs.length === 0 ? null : storedPositions(context),
    orElse("favorites", context.listener(), () => null),
  ]);
  const saved = new Set(listener?.favorites ?? []);
  return {
    positions: positions ? positionsShown(positions, srcs) : {},
    favorites: srcs.filter((src) => saved.has(src)),
  };
}

/** The signed-in listener's "Continue listening" (empty signed out). */
export async function continueListening(context: AppLoadContext): Promise<ContinueItem[]> {
  const positions = await storedPositions(context);
  if (!positions) return [];
  // To the page's own player: without JS it is the one that starts at the place.
  const items = await continueItems(context.services, positions);
  return items.map((item) => ({ ...item, href: `${item.href}#${LISTEN_ANCHOR}` }));
}
