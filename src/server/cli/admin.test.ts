import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, openPglite } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { users } from "../db/schema";
import { registerUser } from "../modules/auth/service";
import { createTestDatabase, testConfig } from "../test/harness";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
const cli = path.resolve("src/server/cli/admin.ts");

/**
 * The CLI opens the database the server would: DATABASE_URL, or the PGlite folder in DATA_DIR (which only
 * one process may hold at a time, so the test lets go of it while the CLI runs).
 */
async function withCliDatabase(
  body: (
    use: <T>(work: (database: Database) => Promise<T>) => Promise<T>,
    env: Record<string, string>,
  ) => Promise<void>,
) {
  if (process.env.TORG_TEST_DB === "postgres") {
    const database = await createTestDatabase();
    try {
      await body((work) => work(database), { DATABASE_URL: database.url ?? "" });
    } finally {
      await database.close();
    }
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-cli-"));
  const use = async <T>(work: (database: Database) => Promise<T>) => {
    const database = await openPglite(path.join(dir, "pglite"));
    try {
      await migrateDatabase(database);
      return await work(database);
    } finally {
      await database.close();
    }
  };
  try {
    await body(use, { DATA_DIR: dir, DATABASE_URL: "" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const isAdmin = (database: Database) =>
  database.db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(sql`${users.email} = 'astrid@example.no'`)
    .then(([row]) => row?.isAdmin);

describe("npm run admin", () => {
  it("grants and revokes platform admin by email, and explains mistakes", async () => {
    await withCliDatabase(async (use, dbEnv) => {
      await use((database) =>
        registerUser(database.db, testConfig(), {
          fullName: "Astrid Admin",
          email: "astrid@example.no",
          password: "longenough",
        }),
      );
      const env = { ...process.env, ...dbEnv, LOG_LEVEL: "silent" };
      const failure = (error: { code: number; stderr: string }) => error;

      const granted = await run(tsx, [cli, "grant", "ASTRID@example.no"], { env });
      expect(granted.stdout).toContain("astrid@example.no is now a platform admin");
      // Emails are not verified at sign-up, so the operator is shown whose account it is.
      expect(granted.stdout).toMatch(
        /The account: Astrid Admin, created \d{4}-\d\d-\d\d, id [0-9a-f-]{36}\./,
      );
      expect(await use(isAdmin)).toBe(true);

      const revoked = await run(tsx, [cli, "revoke", "astrid@example.no"], { env });
      expect(revoked.stdout).toContain("no longer a platform admin");
      expect(await use(isAdmin)).toBe(false);

      const unknown = await run(tsx, [cli, "grant", "nobody@example.no"], { env }).catch(failure);
      expect(unknown).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("No account with the email nobody@example.no"),
      });
      const usage = await run(tsx, [cli], { env }).catch(failure);
      expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining("Usage: npm run admin") });
    });
    // Four CLI processes, each starting tsx and opening the database: over 30 s on a busy machine.
  }, 120_000);
});
