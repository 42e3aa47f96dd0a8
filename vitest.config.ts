import { defineConfig } from "vitest/config";

/**
 * Every test runs on embedded PGlite; with TEST_DATABASE_URL set (CI, `npm test` on a machine with
 * PostgreSQL) the same tests run a second time against a real PostgreSQL server.
 */
const projects = [{ extends: true as const, test: { name: "pglite", env: { TORG_TEST_DB: "pglite" } } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: "postgres", env: { TORG_TEST_DB: "postgres" } } });
}

export default defineConfig({
  test: {
    root: ".",
    include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects,
  },
});
