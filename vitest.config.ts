import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    environment: "node",
    pool: "forks",
    // One fork per core (vitest's default leaves one core out): the suite mostly waits on
    // PostgreSQL, WordPress and Icecast, so two forks on two cores take 40 s where one took 73.
    poolOptions: { forks: { maxForks: os.availableParallelism(), minForks: 1 } },
    globalSetup: ["tests/support/postgres-cluster.ts"],
  },
});
