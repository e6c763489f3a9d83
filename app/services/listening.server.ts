import type { EraListened, ListeningEra, ListeningStats } from "~/rules/listening";
import { listeningStats } from "~/rules/listening";
import { COLD_CUT_SPEED_ERA } from "~/rules/listener-memory";
import type { Catalog } from "./catalog.server";
import type { Positions } from "./positions.server";

/**
 * What a signed-in listener's account keeps of their listening beside positions (rules/listening.ts):
 * the speed last chosen in each era, and the seconds of audio they played, per span and per era.
 * The uid is always the session's.
 */
export interface ListeningStore {
  /** The speed last chosen per era. */
  speeds(uid: string): Promise<Record<string, number>>;
  /** Keeps this speed unless a newer one (by `at`, ms) is stored for the era. */
  setSpeed(uid: string, era: ListeningEra, speed: number, at: number): Promise<"written" | "stale">;
  /** A span has heard `seconds` so far: kept when more than the span had (LISTENING_SPANS_KEPT). */
  tally(uid: string, span: { id: string; era: ListeningEra | null; seconds: number }, at: number): Promise<void>;
  /** Seconds heard per era, spans and older totals together. */
  listened(uid: string): Promise<EraListened[]>;
  /** Removes everything this store keeps of a listener (their account's deletion). */
  deleteAllFor(uid: string): Promise<void>;
}

/** The era a listening stat counts an episode in. */
const eraOf = (episode: { era: string | null; coldcut: boolean }): ListeningEra | null =>
  episode.coldcut ? COLD_CUT_SPEED_ERA : ((episode.era as ListeningEra | null) ?? null);

/**
 * The listener's stats: the tally per era, and the played episodes among their positions, each
 * in its catalog episode's era (one not in the catalog counts under no era).
 */
export async function statsFor(
  services: { catalog: Catalog; positions: Positions; listening: ListeningStore },
  uid: string,
): Promise<ListeningStats> {
  const [listened, positions, main, coldcut] = await Promise.all([
    services.listening.listened(uid),
    services.positions.list(uid),
    services.catalog.allEpisodes("main"),
    services.catalog.allEpisodes("coldcut"),
  ]);
  const eras = new Map([...main, ...coldcut].map((e) => [e.audioUrl, eraOf(e)]));
  return listeningStats(
    listened,
    positions.filter((p) => p.played).map((p) => eras.get(p.audioSrc) ?? null),
  );
}
