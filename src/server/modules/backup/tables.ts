import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";

/**
 * What a backup may hold (decision 0059): the tables and columns of `db/schema.ts`, nothing else. A
 * restore writes rows only into these, each value bound as a parameter and cast to its column's type by
 * the database; a table or column the schema does not have refuses the whole backup.
 */
export interface BackupTable {
  name: string;
  /** Column name -> its SQL type as the schema declares it; columns the database computes are left out. */
  columns: ReadonlyMap<string, string>;
}

export const BACKUP_TABLES: ReadonlyMap<string, BackupTable> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      const columns = config.columns
        .filter((column) => !column.generated && !column.generatedIdentity)
        .map((column) => [column.name, column.getSQLType()] as const);
      return [config.name, { name: config.name, columns: new Map(columns) }];
    }),
);

/**
 * Columns a later migration dropped, which a backup made before it still carries: the restore reads them
 * and leaves their values out (the schema no longer has anywhere to put them). Anything else unknown is
 * refused as before.
 */
const DROPPED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // 0016: a provider read proves no account is the seller's own (decision 0058).
  payment_channels: ["verified_at"],
};

function wasDropped(table: string, column: string): boolean {
  return DROPPED_COLUMNS[table]?.includes(column) ?? false;
}

/** Rows of one table, every value as PostgreSQL's text for it (or null), in `columns`' order. */
export interface TableRows {
  table: string;
  columns: string[];
  rows: (string | null)[][];
}

export class BackupRefusedError extends Error {
  constructor(reason: string) {
    super(`This backup is refused, nothing was changed: ${reason}`);
    this.name = "BackupRefusedError";
  }
}

/** The table and columns, checked against the schema; throws BackupRefusedError for anything else. */
export function knownTable(table: string, columns: readonly string[]): BackupTable {
  const known = BACKUP_TABLES.get(table);
  if (!known)
    throw new BackupRefusedError(`it has rows for a table Torg does not have: ${JSON.stringify(table)}`);
  const seen = new Set<string>();
  for (const column of columns) {
    if ((!known.columns.has(column) && !wasDropped(table, column)) || seen.has(column)) {
      throw new BackupRefusedError(
        `${seen.has(column) ? "a repeated" : "an unknown"} column ${JSON.stringify(column)} in ${table}`,
      );
    }
    seen.add(column);
  }
  return known;
}

/** Throws BackupRefusedError unless every row has one text value or null per column. */
export function checkRows(table: string, columns: readonly string[], rows: readonly unknown[][]): void {
  for (const row of rows) {
    if (row.length !== columns.length || !row.every((value) => value === null || typeof value === "string")) {
      throw new BackupRefusedError(`a row of ${table} does not have one text value per column`);
    }
  }
}

/** The rows without the values of columns the schema has since dropped (DROPPED_COLUMNS). */
export function withoutDroppedColumns(rows: TableRows): TableRows {
  const keep = rows.columns.map((column) => !wasDropped(rows.table, column));
  if (keep.every(Boolean)) return rows;
  return {
    table: rows.table,
    columns: rows.columns.filter((_, index) => keep[index]),
    rows: rows.rows.map((row) => row.filter((_, index) => keep[index])),
  };
}
