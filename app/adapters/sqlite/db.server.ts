import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS } from "./migrations.server";

export type Db = Database.Database;

/**
 * Open (and create, migrate) the embedded database under DATA_DIR. WAL mode, so readers never
 * block the writer and a crash loses nothing committed.
 */
export function openDatabase(dataDir: string, fileName = "hamradio.sqlite"): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, fileName));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

/**
 * Is the store usable (GET /healthz)? The open connection must answer, and the file it writes
 * must still be on disk and readable as this database, checked through a fresh read-only
 * connection: the open one would not notice a deleted, replaced, truncated or corrupted file
 * (it answers from the pages it has cached and writes on into a file nobody will find again).
 * Cheap: one open and two small reads, no scan.
 */
export function isDatabaseUsable(db: Db): boolean {
  try {
    if (!db.open) return false;
    db.prepare("SELECT count(*) AS n FROM sqlite_master").get();
    const probe = new Database(db.name, { readonly: true, fileMustExist: true, timeout: 1_000 });
    try {
      if (probe.pragma("user_version", { simple: true }) !== MIGRATIONS.length) return false;
      probe.prepare("SELECT 1 FROM sessions LIMIT 1").get();
      return true;
    } finally {
      probe.close();
    }
  } catch {
    return false;
  }
}

function migrate(db: Db) {
  const current = db.pragma("user_version", { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
