/**
 * The PostgreSQL store's own machinery on a real server: configuration, versioned migrations
 * under the advisory lock (several instances starting at once), and seeding from the sample
 * catalog exactly as the embedded SQLite store is seeded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { isPostgresUsable, openPostgres, preparePostgres, type Pg } from "~/adapters/postgres/db.server";
import { MIGRATIONS } from "~/adapters/postgres/migrations.server";
import { openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { freshDatabase, postgresEnabled, type TestDatabase } from "../support/postgres";

const SAMPLE = path.resolve("sample");
const PUBLIC = path.resolve("public");

describe("configuration", () => {
  it("DATABASE_URL is optional, must be a postgres URL; pool size and statement timeout are bounded", () => {
    const none = parseEnv({});
    expect(none.DATABASE_URL).toBeUndefined();
    expect(none.DATABASE_POOL_MAX).toBe(10);
    expect(none.DATABASE_STATEMENT_TIMEOUT_MS).toBe(5_000);
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    const set = parseEnv({
      DATABASE_URL: "postgresql://app:pw@db.internal:5432/hamradio",
      DATABASE_POOL_MAX: "25",
      DATABASE_STATEMENT_TIMEOUT_MS: "2500",
    });
    expect(set).toMatchObject({ DATABASE_POOL_MAX: 25, DATABASE_STATEMENT_TIMEOUT_MS: 2500 });
    expect(() => parseEnv({ DATABASE_URL: "mysql://db/hamradio" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "many" })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "10" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});

describe.skipIf(!postgresEnabled)("migrations and seeding", () => {
  let database: TestDatabase;
  let sqliteDir: string;
  let sqlite: Db;
  const pools: Pg[] = [];
  const open = (statementTimeoutMs = 5_000) => {
    const pool = openPostgres({ url: database.url, poolMax: 3, statementTimeoutMs });
    pools.push(pool);
    return pool;
  };
  beforeAll(async () => {
    database = await freshDatabase();
    sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-pg-seed-"));
    sqlite = openDatabase(sqliteDir);
    seedIfEmpty(sqlite, SAMPLE, PUBLIC);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await database?.drop();
    sqlite?.close();
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  });

  it("eight instances starting at once: one migrates and seeds, the others wait and find it done", async () => {
    const instances = Array.from({ length: 8 }, () => open());
    expect(await Promise.all(instances.map((p) => isPostgresUsable(p)))).toEqual(Array(8).fill(false));
    const seeded = await Promise.all(instances.map((p) => preparePostgres(p, SAMPLE, PUBLIC)));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const { rows } = await instances[0]!.query("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(await isPostgresUsable(instances[0]!)).toBe(true);
    expect(await preparePostgres(open(), SAMPLE, PUBLIC)).toBe(false);
  });

  it("holds exactly the rows the embedded store is seeded with", async () => {
    const pool = open();
    const same = async (table: string, columns: string, order: string) => {
      const expected = sqlite.prepare(`SELECT ${columns} FROM ${table} ORDER BY ${order}`).all();
      const { rows } = await pool.query(`SELECT ${columns} FROM ${table} ORDER BY ${order}`);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(rows, table).toEqual(expected);
    };
    await same("episodes", "series, object_id, title, episode_url, era, duration, file_size", "series, object_id");
    await same("sponsors", "id", "id");
    await same("crew", "id, name", "id");
    await same("posts", "source, id, slug, date", "source, id");
    await same("post_categories", "source, post_id, category", "source, post_id, category");
    const { rows } = await pool.query("SELECT count(*) AS n FROM episodes WHERE file_size > 0");
    expect(rows[0].n).toBe(
      (sqlite.prepare("SELECT count(*) AS n FROM episodes WHERE file_size > 0").get() as { n: number }).n,
    );
  });

  it("the statement timeout is the configured one", async () => {
    const pool = open(200);
    await expect(pool.query("SELECT pg_sleep(2)")).rejects.toThrow(/statement timeout/);
  });
});
