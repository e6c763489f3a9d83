import type { Pg } from "./db.server";
import { POSITIONS_MAX } from "~/rules/library";
import type { EpisodePosition, Positions } from "~/services/positions.server";

interface Row {
  audio_src: string;
  audio_title: string;
  position: number;
  duration: number;
  played: boolean;
  updated_at: string;
}
const toPosition = (r: Row): EpisodePosition => ({
  audioSrc: r.audio_src,
  audioTitle: r.audio_title,
  position: r.position,
  duration: r.duration,
  played: r.played,
  updatedAt: Number(r.updated_at),
});

export function createPostgresPositions(pool: Pg, { max = POSITIONS_MAX } = {}): Positions {
  const positions: Positions = {
    async write(uid, p, updatedAt) {
      // The listener's lock makes the write and the eviction one step across instances, so the
      // cap holds however many write at once; the newest capture time wins within the upsert.
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`positions:${uid}`]);
        const { rowCount } = await client.query(
          `INSERT INTO episode_positions (uid, audio_src, audio_title, position, duration, played, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (uid, audio_src) DO UPDATE SET audio_title = excluded.audio_title, position = excluded.position,
             duration = excluded.duration, played = excluded.played, updated_at = excluded.updated_at
           WHERE excluded.updated_at > episode_positions.updated_at`,
          [uid, p.audioSrc, p.audioTitle, p.position, p.duration, p.played, updatedAt],
        );
        if (rowCount)
          await client.query(
            `DELETE FROM episode_positions WHERE uid = $1 AND audio_src NOT IN (
               SELECT audio_src FROM episode_positions WHERE uid = $1
               ORDER BY updated_at DESC, audio_src COLLATE "C" LIMIT $2)`,
            [uid, max],
          );
        await client.query("COMMIT");
        return rowCount ? "written" : "stale";
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async list(uid) {
      const { rows } = await pool.query<Row>(
        `SELECT audio_src, audio_title, position, duration, played, updated_at FROM episode_positions
         WHERE uid = $1 ORDER BY updated_at DESC, audio_src COLLATE "C"`,
        [uid],
      );
      return rows.map(toPosition);
    },
    async exportFor(uid) {
      return { positions: await positions.list(uid) };
    },
    async deleteAllFor(uid) {
      await pool.query("DELETE FROM episode_positions WHERE uid = $1", [uid]);
    },
  };
  return positions;
}
