import type { Db } from "./db.server";
import { LISTENING_SPANS_KEPT, type ListeningEra } from "~/rules/listening";
import type { ListeningStore } from "~/services/listening.server";

/** An episode of no known era is kept under '' (a key column cannot be null). */
const NO_ERA = "";

export function createSqliteListening(db: Db, { kept = LISTENING_SPANS_KEPT } = {}): ListeningStore {
  const speeds = db.prepare("SELECT era, speed FROM listener_speeds WHERE uid = ?");
  const setSpeed = db.prepare(
    `INSERT INTO listener_speeds (uid, era, speed, updated_at) VALUES (@uid, @era, @speed, @at)
     ON CONFLICT (uid, era) DO UPDATE SET speed = excluded.speed, updated_at = excluded.updated_at
     WHERE excluded.updated_at > listener_speeds.updated_at`,
  );
  const known = db.prepare("SELECT 1 FROM listening_spans WHERE uid = ? AND span = ?");
  const upsert = db.prepare(
    `INSERT INTO listening_spans (uid, span, era, seconds, updated_at) VALUES (@uid, @span, @era, @seconds, @at)
     ON CONFLICT (uid, span) DO UPDATE SET seconds = excluded.seconds, updated_at = MAX(listening_spans.updated_at, excluded.updated_at)
     WHERE excluded.seconds > listening_spans.seconds`,
  );
  const oldest = `SELECT span FROM listening_spans WHERE uid = @uid ORDER BY updated_at DESC, span LIMIT -1 OFFSET @kept`;
  const fold = db.prepare(
    `INSERT INTO listening_totals (uid, era, seconds)
     SELECT uid, era, SUM(seconds) FROM listening_spans WHERE uid = @uid AND span IN (${oldest}) GROUP BY era
     ON CONFLICT (uid, era) DO UPDATE SET seconds = listening_totals.seconds + excluded.seconds`,
  );
  const drop = db.prepare(`DELETE FROM listening_spans WHERE uid = @uid AND span IN (${oldest})`);
  const listened = db.prepare(
    `SELECT era, SUM(seconds) AS seconds FROM (
       SELECT era, seconds FROM listening_spans WHERE uid = @uid
       UNION ALL SELECT era, seconds FROM listening_totals WHERE uid = @uid)
     GROUP BY era`,
  );
  const removers = ["listener_speeds", "listening_spans", "listening_totals"].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE uid = ?`),
  );
  const tally = db.transaction((p: { uid: string; span: string; era: string; seconds: number; at: number }) => {
    const fresh = !known.get(p.uid, p.span);
    upsert.run(p);
    // Only a new span can push one out.
    if (fresh) {
      fold.run({ uid: p.uid, kept });
      drop.run({ uid: p.uid, kept });
    }
  });
  const deleteAll = db.transaction((uid: string) => {
    for (const remove of removers) remove.run(uid);
  });
  return {
    async speeds(uid) {
      const rows = speeds.all(uid) as { era: ListeningEra; speed: number }[];
      return Object.fromEntries(rows.map((r) => [r.era, r.speed]));
    },
    async setSpeed(uid, era, speed, at) {
      return setSpeed.run({ uid, era, speed, at }).changes ? "written" : "stale";
    },
    async tally(uid, span, at) {
      tally.immediate({ uid, span: span.id, era: span.era ?? NO_ERA, seconds: span.seconds, at });
    },
    async listened(uid) {
      const rows = listened.all({ uid }) as { era: string; seconds: number }[];
      return rows.map((r) => ({ era: r.era === NO_ERA ? null : (r.era as ListeningEra), seconds: r.seconds }));
    },
    async deleteAllFor(uid) {
      deleteAll(uid);
    },
  };
}
