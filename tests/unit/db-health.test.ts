/**
 * isDatabaseUsable (GET /healthz's store check, the only thing /healthz checks): it must see what the open
 * connection does not. Deleted, corrupted or truncated files leave `SELECT 1` — and even reads
 * of cached tables — answering on the open connection; the check must say "down" for each.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUsable, openDatabase, type Db } from "~/adapters/sqlite/db.server";

const opened: { db: Db; dir: string }[] = [];

function fresh(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-db-health-"));
  const db = openDatabase(dir);
  // Some data, as a running server has: sessions written, pages cached by the connection.
  const insert = db.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)");
  for (let i = 0; i < 200; i++) insert.run(`s${i}`, JSON.stringify({ user: { uid: `u${i}` } }), Date.now() + 60_000);
  db.prepare("SELECT count(*) FROM sessions").get();
  opened.push({ db, dir });
  return { db, file: db.name };
}

/** Overwrites a file in place (same inode, same size) with junk bytes. */
function junk(file: string) {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, "r+");
  try {
    fs.writeSync(fd, Buffer.alloc(size, 0x5a), 0, size, 0);
  } finally {
    fs.closeSync(fd);
  }
}

afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    if (db.open) db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe("isDatabaseUsable", () => {
  it("a healthy database is usable", () => {
    const { db } = fresh();
    expect(isDatabaseUsable(db)).toBe(true);
    expect(isDatabaseUsable(db), "asking twice changes nothing").toBe(true);
  });

  it("a closed connection is not", () => {
    const { db } = fresh();
    db.close();
    expect(isDatabaseUsable(db)).toBe(false);
  });

  it("the database file and its WAL overwritten with junk: down, while SELECT 1 still answers", () => {
    const { db, file } = fresh();
    junk(file);
    junk(`${file}-wal`);
    expect(db.prepare("SELECT 1 AS ok").get(), "the open connection does not notice").toEqual({ ok: 1 });
    expect(isDatabaseUsable(db)).toBe(false);
  });

  it("the database file, its WAL and shared memory deleted: down, while SELECT 1 still answers", () => {
    const { db, file } = fresh();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    expect(db.prepare("SELECT count(*) AS n FROM sessions").get(), "the open connection does not notice").toEqual({
      n: 200,
    });
    expect(isDatabaseUsable(db)).toBe(false);
  });

  it("the database file truncated to nothing after a checkpoint: down", () => {
    const { db, file } = fresh();
    db.pragma("wal_checkpoint(TRUNCATE)");
    fs.truncateSync(file, 0);
    expect(isDatabaseUsable(db)).toBe(false);
  });
});
