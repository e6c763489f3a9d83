/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run (each test file then
 * creates its own database in it, see ./postgres.ts). TEST_DATABASE_URL points at a server to
 * use instead; TEST_POSTGRES=off leaves PostgreSQL out of the run altogether.
 */
import type { TestProject } from "vitest/node";
import { postgresBinaries, startThrowawayPostgres } from "./throwaway-postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** An admin URL of the server the tests may create databases on, or why there is none. */
    postgres: { url: string } | { error: string } | { off: true };
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_POSTGRES === "off") {
    project.provide("postgres", { off: true });
    return;
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgres", { url: process.env.TEST_DATABASE_URL });
    return;
  }
  const bin = postgresBinaries();
  if (!bin) {
    project.provide("postgres", {
      error:
        "PostgreSQL 15+ server binaries not found under /usr/lib/postgresql/<version>/bin. " +
        "Install Debian's postgresql package, set TEST_DATABASE_URL to a server the tests may create databases on, " +
        "or set TEST_POSTGRES=off to leave PostgreSQL out.",
    });
    return;
  }
  // Durability is no concern of a test run.
  const cluster = await startThrowawayPostgres({
    bin,
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: 300 },
  });
  project.provide("postgres", { url: cluster.url });
  return () => cluster.stop();
}
