import type { Pg } from "./db.server";
import { LISTENING_SPANS_KEPT, type ListeningEra } from "~/rules/listening";
import type { ListeningStore } from "~/services/listening.server";

/** An episode of no known era is kept under '' (a key column cannot be null). */
const NO_ERA = "";

export function createPostgresListening(pool: Pg, { kept = LISTENING_SPANS_KEPT } = {}): ListeningStore {
  return {
    async speeds(uid) {
      const { rows } = await pool.query<{ era: ListeningEra; speed: number }>(
        "SELECT era, speed FROM listener_speeds WHERE uid = $1",
        [uid],
      );
      return Object.fromEntries(rows.map((r) => [r.era, r.speed]));
    },
    async setSpeed(uid, era, speed, at) {
      const { rowCount } = await pool.query(
        `INSERT INTO listener_speeds (uid, era, speed, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (uid, era) DO UPDATE SET speed = excluded.speed, updated_at = excluded.updated_at
         WHERE excluded.updated_at > listener_speeds.updated_at`,
        [uid, era, speed, at],
      );
      return rowCount ? "written" : "stale";
    },
    async tally(uid, span, at) {
      const { rows } = await pool.query<{ fresh: boolean }>(
        `INSERT INTO listening_spans (uid, span, era, seconds, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (uid, span) DO UPDATE SET seconds = excluded.seconds,
           updated_at = GREATEST(listening_spans.updated_at, excluded.updated_at)
         WHERE excluded.seconds > listening_spans.seconds
         RETURNING xmax = 0 AS fresh`,
        [uid, span.id, span.era ?? NO_ERA, span.seconds, at],
      );
      // Only a new span can push one out. The rows a fold deletes are the ones it adds, so two
      // instances folding at once count each span once.
      if (rows[0]?.fresh)
        await pool.query(
          `WITH gone AS (
             DELETE FROM listening_spans WHERE uid = $1 AND span IN (
               SELECT span FROM listening_spans WHERE uid = $1 ORDER BY updated_at DESC, span COLLATE "C" OFFSET $2)
             RETURNING era, seconds)
           INSERT INTO listening_totals (uid, era, seconds) SELECT $1, era, SUM(seconds) FROM gone GROUP BY era
           ON CONFLICT (uid, era) DO UPDATE SET seconds = listening_totals.seconds + excluded.seconds`,
          [uid, kept],
        );
    },
    async listened(uid) {
      const { rows } = await pool.query<{ era: string; seconds: number }>(
        `SELECT era, SUM(seconds) AS seconds FROM (
           SELECT era, seconds FROM listening_spans WHERE uid = $1
           UNION ALL SELECT era, seconds FROM listening_totals WHERE uid = $1) AS heard
         GROUP BY era`,
        [uid],
      );
      return rows.map((r) => ({ era: r.era === NO_ERA ? null : (r.era as ListeningEra), seconds: Number(r.seconds) }));
    },
    async deleteAllFor(uid) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        for (const table of ["listener_speeds", "listening_spans", "listening_totals"])
          await client.query(`DELETE FROM ${table} WHERE uid = $1`, [uid]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
