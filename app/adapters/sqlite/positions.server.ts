import type { Db } from "./db.server";
import { POSITIONS_MAX } from "~/rules/library";
import type { EpisodePosition, Positions } from "~/services/positions.server";

interface Row {
  audio_src: string;
  audio_title: string;
  position: number;
  duration: number;
  played: number;
  updated_at: number;
}
const toPosition = (r: Row): EpisodePosition => ({
  audioSrc: r.audio_src,
  audioTitle: r.audio_title,
  position: r.position,
  duration: r.duration,
  played: r.played === 1,
  updatedAt: r.updated_at,
});

export function createSqlitePositions(db: Db, { max = POSITIONS_MAX } = {}): Positions {
  const upsert = db.prepare(
    `INSERT INTO episode_positions (uid, audio_src, audio_title, position, duration, played, updated_at)
     VALUES (@uid, @audioSrc, @audioTitle, @position, @duration, @played, @updatedAt)
     ON CONFLICT (uid, audio_src) DO UPDATE SET audio_title = excluded.audio_title, position = excluded.position,
       duration = excluded.duration, played = excluded.played, updated_at = excluded.updated_at
     WHERE excluded.updated_at > episode_positions.updated_at`,
  );
  const evict = db.prepare(
    `DELETE FROM episode_positions WHERE uid = @uid AND audio_src NOT IN (
       SELECT audio_src FROM episode_positions WHERE uid = @uid ORDER BY updated_at DESC, audio_src LIMIT @max)`,
  );
  const list = db.prepare(
    `SELECT audio_src, audio_title, position, duration, played, updated_at FROM episode_positions
     WHERE uid = ? ORDER BY updated_at DESC, audio_src`,
  );
  const remove = db.prepare("DELETE FROM episode_positions WHERE uid = ?");
  const write = db.transaction((params: Record<string, unknown>) => {
    if (upsert.run(params).changes === 0) return "stale" as const;
    evict.run({ uid: params.uid, max });
    return "written" as const;
  });
  const positions: Positions = {
    async write(uid, p, updatedAt) {
      return write.immediate({ uid, ...p, played: p.played ? 1 : 0, updatedAt });
    },
    async list(uid) {
      return (list.all(uid) as Row[]).map(toPosition);
    },
    async exportFor(uid) {
      return { positions: await positions.list(uid) };
    },
    async deleteAllFor(uid) {
      remove.run(uid);
    },
  };
  return positions;
}
