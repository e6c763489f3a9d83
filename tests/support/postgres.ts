/**
 * A fresh PostgreSQL database per test file, on the cluster ./postgres-cluster.ts started (or
 * on TEST_DATABASE_URL), so files run in parallel without seeing each other's rows.
 */
import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** False only when the run was told to leave PostgreSQL out (TEST_POSTGRES=off). */
export const postgresEnabled = !("off" in inject("postgres"));

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<TestDatabase> {
  const server = inject("postgres");
  if ("error" in server) throw new Error(server.error);
  if ("off" in server) throw new Error("PostgreSQL is off for this run (TEST_POSTGRES=off)");
  const name = `hrs_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        // Not FORCE: pools ending a moment ago are still closing, and the server waits for them.
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}
