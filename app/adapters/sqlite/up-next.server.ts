import { UP_NEXT_MAX } from "~/rules/library";
import { applyUpNextEdit, readUpNextItems, type UpNextStore } from "~/services/up-next.server";
import type { Db } from "./db.server";

/** Up Next in the embedded database: one JSON list per listener, edited inside the write lock. */
export function createSqliteUpNext(db: Db, { max = UP_NEXT_MAX } = {}): UpNextStore {
  const read = db.prepare("SELECT items FROM up_next WHERE uid = ?");
  const write = db.prepare(
    "INSERT INTO up_next (uid, items) VALUES (?, ?) ON CONFLICT (uid) DO UPDATE SET items = excluded.items",
  );
  const remove = db.prepare("DELETE FROM up_next WHERE uid = ?");
  const list = (uid: string) => {
    const row = read.get(uid) as { items: string } | undefined;
    return row ? readUpNextItems(JSON.parse(row.items)) : [];
  };
  return {
    async list(uid) {
      return list(uid);
    },
    async edit(uid, edit) {
      // BEGIN IMMEDIATE: another process's edit cannot slip between the read and the write.
      return db
        .transaction(() => {
          const before = list(uid);
          const after = applyUpNextEdit(before, edit, max);
          if (after && after !== before) write.run(uid, JSON.stringify(after));
          return after;
        })
        .immediate();
    },
    async exportFor(uid) {
      return { upNext: list(uid) };
    },
    async deleteAllFor(uid) {
      remove.run(uid);
    },
  };
}
