import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { PROJECT_ROOT } from "../lib/project-root";
import type { Database } from "./client";

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "drizzle");

/** Any fixed number: the advisory lock that lets one of several starting servers migrate at a time. */
const MIGRATION_LOCK_ID = 740_213;

/** Applies the committed SQL migrations; drizzle records them, so a second run is a no-op. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, config);
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
