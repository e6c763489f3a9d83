/**
 * Both engines of the embedded stores for one test file: a SQLite database in a temp dir and a
 * fresh PostgreSQL database, each migrated and seeded from the sample catalog. Contract tests
 * run `describe.each(engines)` over them, so every store meets one suite on both.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { openPostgres, preparePostgres, type Pg } from "~/adapters/postgres/db.server";
import { freshDatabase, postgresEnabled, type TestDatabase } from "./postgres";

/** `openDb` / `openPool`: another connection to the same database, as a second instance has. */
export type Engine = { kind: "sqlite"; db: Db; openDb(): Db } | { kind: "postgres"; pool: Pg; openPool(): Pg };

export const SAMPLE_DIR = path.resolve("sample");
export const PUBLIC_DIR = path.resolve("public");

/** Registers the hooks that open both engines; each entry's function is valid inside tests. */
export function bothEngines(): [string, () => Engine][] {
  let dir: string;
  let db: Db;
  let database: TestDatabase | undefined;
  const pools: Pg[] = [];
  const dbs: Db[] = [];
  const openDb = () => {
    const another = openDatabase(dir);
    dbs.push(another);
    return another;
  };
  const openPool = () => {
    const pool = openPostgres({ url: database!.url, poolMax: 20, statementTimeoutMs: 10_000 });
    pools.push(pool);
    return pool;
  };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-engines-"));
    db = openDatabase(dir);
    seedIfEmpty(db, SAMPLE_DIR, PUBLIC_DIR);
    if (postgresEnabled) {
      database = await freshDatabase();
      await preparePostgres(openPool(), SAMPLE_DIR, PUBLIC_DIR);
    }
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await database?.drop();
    for (const d of [db, ...dbs]) d?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  const engines: [string, () => Engine][] = [["SQLite", () => ({ kind: "sqlite", db, openDb })]];
  if (postgresEnabled) engines.push(["PostgreSQL", () => ({ kind: "postgres", pool: pools[0]!, openPool })]);
  return engines;
}
