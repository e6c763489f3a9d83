import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
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

/** Most listeners (and as many sessions) whose reads one process keeps between requests. */
const KEPT_MAX = 10_000;

/**
 * How many times this connection has seen another one commit, asked at most once per turn of the
 * event loop: a page's reads run in one turn, and the question costs a statement.
 */
function commitsSeen(db: Db): () => number {
  const version = db.prepare("PRAGMA data_version").pluck();
  let last: unknown = version.get();
  let changes = 0;
  let asked = false;
  return () => {
    if (asked) return changes;
    asked = true;
    setImmediate(() => (asked = false));
    const now = version.get();
    if (now !== last) {
      last = now;
      changes++;
    }
    return changes;
  };
}
const commitsOf = new WeakMap<Db, () => number>();

/**
 * Rows this process read, kept between requests (ADR 056): a signed-in page costs map lookups,
 * not statements. Dropped whole once another connection (another process on the same file) has
 * committed, as `PRAGMA data_version` tells from the next turn of the event loop on, and per key by
 * this connection's own writes, which that pragma does not count: every write that changes what a
 * key's read returns forgets the key first (SQLite runs in this thread, so no read comes between).
 */
export function keptReads<V extends object>(db: Db, max = KEPT_MAX) {
  const commits = commitsOf.get(db) ?? commitsOf.set(db, commitsSeen(db)).get(db)!;
  let seen = commits();
  const kept = new LRUCache<string, V>({ max });
  const sure = () => {
    const now = commits();
    if (now === seen) return;
    seen = now;
    kept.clear();
  };
  return {
    get(key: string, read: () => V | undefined): V | undefined {
      sure();
      let value = kept.get(key);
      if (value === undefined) {
        value = read();
        if (value !== undefined) kept.set(key, value);
      }
      return value;
    },
    /** A key's value read just now by another statement. */
    set(key: string, value: V) {
      sure();
      kept.set(key, value);
    },
    forget: (key: string) => void kept.delete(key),
    clear: () => kept.clear(),
  };
}
