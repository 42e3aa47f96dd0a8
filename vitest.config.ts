import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const UNIT_TESTS = "src/**/*.test.ts";
/** Tests that need a PostgreSQL server as such (moving the embedded database to one): that pass only. */
const POSTGRES_ONLY_TESTS = "src/**/*.postgres.test.ts";
/** The short load and the fault tests: several Torg processes sharing a PostgreSQL server. */
const SERVER_TESTS = "bench/**/*.test.ts";

/**
 * Every test runs on embedded PGlite; with TEST_DATABASE_URL set (CI, `npm test` on a machine with
 * PostgreSQL) the same tests run a second time against a real PostgreSQL server, with the load and
 * fault tests, which need one.
 */
const projects: {
  extends: true;
  test: { name: string; include: string[]; exclude?: string[]; env: Record<string, string> };
}[] = [
  {
    extends: true as const,
    test: {
      name: "pglite",
      include: [UNIT_TESTS],
      exclude: [POSTGRES_ONLY_TESTS, "**/node_modules/**"],
      env: { TORG_TEST_DB: "pglite" },
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: { name: "postgres", include: [UNIT_TESTS, SERVER_TESTS], env: { TORG_TEST_DB: "postgres" } },
  });
}

export default defineConfig({
  test: {
    root: ".",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest leaves one core to its main process, which only collects results: on a 2-core CI machine
    // that halves the test throughput. Every test file has its own database, so files run side by side.
    maxWorkers: availableParallelism(),
    projects,
  },
});
