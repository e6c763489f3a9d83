/**
 * What this browser remembers of its listener between visits, and under which keys. Not in
 * docs/product.md, which keeps the last audio for signed-in listeners only: a listener who never
 * signs in should not lose their place to a reload either.
 */

/** localStorage keys, one per kind of thing kept, versioned so a changed shape is read as absent. */
export const LISTENER_STORAGE_KEYS = Object.freeze({
  /** The episode last played while signed out, and where in it. */
  lastEpisode: "hrs.lastEpisode.v1",
  /** Volume (0 to 1) and mute. */
  volume: "hrs.volume.v1",
  /** The speed last chosen in each era (see speedEraOf). */
  speeds: "hrs.speeds.v1",
});

/**
 * A signed-out listener's place is written at most once per this many ms while playing (and at
 * once on pause, seek and page hide): a reload loses at most this much.
 */
export const LOCAL_POSITION_SAVE_EVERY_MS = 5_000;

/** What the player starts at when nothing is remembered. */
export const VOLUME_DEFAULT = 1;
export const MUTED_DEFAULT = false;

/** The era whose speed an episode follows: Cold Cut is a series of its own whatever its era. */
export const COLD_CUT_SPEED_ERA = "Cold Cut";

export function speedEraOf(media: { era?: string | null; coldcut?: boolean }): string | null {
  if (media.coldcut) return COLD_CUT_SPEED_ERA;
  return media.era ? media.era : null;
}
