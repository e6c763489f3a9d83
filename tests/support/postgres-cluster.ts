/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run (each test file then
 * creates its own database in it, see ./postgres.ts). TEST_DATABASE_URL points at a server to
 * use instead; TEST_POSTGRES=off leaves PostgreSQL out of the run altogether.
 */
import type { TestProject } from "vitest/node";
import {
  POSTGRES_MISSING,
  postgresBinaries,
  startThrowawayPostgres,
  TEST_SETTINGS,
} from "../../scripts/throwaway-postgres.mjs";

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
  if (!postgresBinaries()) {
    project.provide("postgres", {
      error:
        `${POSTGRES_MISSING}, set TEST_DATABASE_URL to a server the tests may create databases on, ` +
        "or set TEST_POSTGRES=off to leave PostgreSQL out.",
    });
    return;
  }
  const server = await startThrowawayPostgres({ settings: TEST_SETTINGS });
  project.provide("postgres", { url: server.url });
  return () => server.remove();
}
