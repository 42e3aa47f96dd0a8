import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const UNIT_TESTS = "src/**/*.test.ts";
/** Tests that need a PostgreSQL server as such (moving the embedded database to one): that pass only. */
const POSTGRES_ONLY_TESTS = "src/**/*.postgres.test.ts";
/** The short load and the fault tests: several Torg processes sharing a PostgreSQL server. */
const SERVER_TESTS = "bench/**/*.test.ts";

/**
 * Test files that replace a module for themselves (`vi.mock`, `vi.doMock`: the security suites record
 * every route through a wrapped `fastify`). A replaced module must be loaded afresh for the file, so these
 * keep a module graph of their own; found by reading the files, so a new one is never forgotten.
 */
const OWN_MODULE_GRAPH = fs
  .readdirSync("src", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => path.join("src", file).split(path.sep).join("/"))
  .filter((file) => /\bvi\.(?:do)?mock\(/.test(fs.readFileSync(file, "utf8")));

type Project = {
  extends: true;
  test: {
    name: string;
    include: string[];
    exclude?: string[];
    isolate: boolean;
    env: Record<string, string>;
  };
};

/**
 * One database's pass as two projects. Every other file shares its worker's loaded modules with the files
 * before it (`isolate: false`): each file has its own app and database (the harness), and loading the
 * server's modules again for every file was over a third of the suite's time (decision 0082).
 */
function databasePass(database: "pglite" | "postgres", include: string[], exclude: string[]): Project[] {
  const env = { TORG_TEST_DB: database };
  return [
    {
      extends: true as const,
      test: { name: database, include, exclude: [...exclude, ...OWN_MODULE_GRAPH], isolate: false, env },
    },
    {
      extends: true as const,
      test: {
        name: `${database}-own-modules`,
        include: OWN_MODULE_GRAPH,
        exclude,
        isolate: true,
        env,
      },
    },
  ];
}

/**
 * Every test runs on embedded PGlite; with TEST_DATABASE_URL set (CI, `npm test` on a machine with
 * PostgreSQL) the same tests run a second time against a real PostgreSQL server, with the load and
 * fault tests, which need one.
 */
const projects: Project[] = databasePass("pglite", [UNIT_TESTS], [POSTGRES_ONLY_TESTS, "**/node_modules/**"]);
if (process.env.TEST_DATABASE_URL) {
  projects.push(...databasePass("postgres", [UNIT_TESTS, SERVER_TESTS], ["**/node_modules/**"]));
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
