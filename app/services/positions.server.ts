/**
 * Where a signed-in listener is in every episode they played, beside the one
 * last-audio resume of ActiveAudioSync. Keyed by (listener, audio source), as favorites are; the
 * newest write by the client's capture time wins (docs/decisions/033-episode-positions.md). The uid is
 * always the session's.
 */
export interface EpisodePosition {
  audioSrc: string;
  audioTitle: string;
  /** Seconds. */
  position: number;
  /** Seconds; 0 when the player did not know it. */
  duration: number;
  played: boolean;
  /** The client's capture time (ms) of the write that set it. */
  updatedAt: number;
}

export type PositionWrite = Omit<EpisodePosition, "updatedAt">;

export interface Positions {
  /**
   * Keeps this position unless a newer one (by `updatedAt`) is stored: "stale" then, nothing
   * changed. A new episode past POSITIONS_MAX drops the least recently written ones.
   */
  write(uid: string, position: PositionWrite, updatedAt: number): Promise<"written" | "stale">;
  /** Every position kept, newest first. */
  list(uid: string): Promise<readonly EpisodePosition[]>;
  /** Everything this store keeps of a listener, as plain JSON (their "download my data"). */
  exportFor(uid: string): Promise<{ positions: readonly EpisodePosition[] }>;
  /** Removes everything this store keeps of a listener (their account's deletion). */
  deleteAllFor(uid: string): Promise<void>;
}
