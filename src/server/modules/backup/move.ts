import type { Database } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { dumpData, loadData, ordersChecksum, rowCounts } from "./database-dump";

/**
 * Copies every row of one installation's database into another, empty one (the embedded database into
 * a PostgreSQL server), through the same dump a backup writes, then checks that every table's row count
 * and the orders' checksum are equal. Returns the row counts.
 */
export async function copyDatabase(source: Database, target: Database): Promise<Record<string, number>> {
  await migrateDatabase(source);
  await migrateDatabase(target);
  const chunks: string[] = [];
  await dumpData(source.db, (chunk) => {
    chunks.push(chunk);
  });
  await loadData(target.db, chunks.join(""));
  const [before, after] = await Promise.all([rowCounts(source.db), rowCounts(target.db)]);
  const [sumBefore, sumAfter] = await Promise.all([ordersChecksum(source.db), ordersChecksum(target.db)]);
  const differs = Object.keys(before).filter((table) => before[table] !== after[table]);
  if (differs.length > 0 || sumBefore !== sumAfter) {
    throw new Error(`The copy does not match the original: ${differs.join(", ") || "orders checksum"}`);
  }
  return before;
}
