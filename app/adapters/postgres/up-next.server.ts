import { UP_NEXT_MAX } from "~/rules/library";
import { applyUpNextEdit, readUpNextItems, type UpNextStore } from "~/services/up-next.server";
import type { Pg } from "./db.server";

/**
 * Up Next in PostgreSQL: one jsonb list per listener. An edit locks the listener's row (made
 * first if need be), so edits from every instance apply one after another.
 */
export function createPostgresUpNext(pool: Pg, { max = UP_NEXT_MAX } = {}): UpNextStore {
  const list = async (uid: string) => {
    const { rows } = await pool.query<{ items: unknown }>("SELECT items FROM up_next WHERE uid = $1", [uid]);
    return readUpNextItems(rows[0]?.items);
  };
  return {
    list,
    async edit(uid, edit) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("INSERT INTO up_next (uid, items) VALUES ($1, '[]') ON CONFLICT (uid) DO NOTHING", [uid]);
        const { rows } = await client.query<{ items: unknown }>("SELECT items FROM up_next WHERE uid = $1 FOR UPDATE", [
          uid,
        ]);
        const before = readUpNextItems(rows[0]?.items);
        const after = applyUpNextEdit(before, edit, max);
        if (after && after !== before)
          await client.query("UPDATE up_next SET items = $2 WHERE uid = $1", [uid, JSON.stringify(after)]);
        await client.query("COMMIT");
        return after;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exportFor(uid) {
      return { upNext: await list(uid) };
    },
    async deleteAllFor(uid) {
      await pool.query("DELETE FROM up_next WHERE uid = $1", [uid]);
    },
  };
}
