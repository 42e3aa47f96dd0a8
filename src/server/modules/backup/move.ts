import type { Database } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { inSnapshot, loadTables, ordersChecksum, readTables, rowCounts } from "./database-dump";
import type { TableRows } from "./tables";

/**
 * Copies every row of one installation's database into another, empty one (the embedded database into
 * a PostgreSQL server), as a backup's rows go (decision 0059): read as text from one snapshot, inserted
 * as parameters. Then checks that every table's row count and the orders' checksum are equal. Returns
 * the row counts.
 */
export async function copyDatabase(source: Database, target: Database): Promise<Record<string, number>> {
  await migrateDatabase(source);
  await migrateDatabase(target);
  const tables: TableRows[] = [];
  const before = await inSnapshot(source.db, async (tx) => {
    await readTables(tx, (table, columns, rows) => {
      tables.push({ table, columns, rows });
    });
    return { rows: await rowCounts(tx), checksum: await ordersChecksum(tx) };
  });
  await loadTables(target.db, tables);
  const [after, sumAfter] = await Promise.all([rowCounts(target.db), ordersChecksum(target.db)]);
  const differs = Object.keys(before.rows).filter((table) => before.rows[table] !== after[table]);
  if (differs.length > 0 || before.checksum !== sumAfter) {
    throw new Error(`The copy does not match the original: ${differs.join(", ") || "orders checksum"}`);
  }
  return before.rows;
}
