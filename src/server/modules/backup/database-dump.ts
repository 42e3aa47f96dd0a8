import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { BACKUP_TABLES, BackupRefusedError, type TableRows } from "./tables";

/** Rows read per query when dumping, and inserted per statement when loading. */
const ROWS_PER_PAGE = 1000;
const ROWS_PER_INSERT = 1000;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Text in and out of every type the same on both databases, whatever the server's own settings. */
async function isoTextSettings(tx: Tx): Promise<void> {
  await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
  await tx.execute(sql`set local timezone = 'UTC'`);
}

/**
 * The schema's tables (decision 0059), every table after the tables it refers to (read from the
 * database's foreign keys), so inserting in this order never breaks a foreign key.
 */
export async function tablesInDependencyOrder(db: DbOrTx): Promise<string[]> {
  const present = new Set(
    (
      await rows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((row) => row.name),
  );
  const missing = [...BACKUP_TABLES.keys()].filter((table) => !present.has(table));
  if (missing.length > 0) throw new Error(`The database lacks tables of this Torg: ${missing.join(", ")}`);
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const remaining = new Set([...BACKUP_TABLES.keys()].sort());
  while (remaining.size > 0) {
    const ready = [...remaining].filter((table) =>
      edges.every((edge) => edge.child !== table || edge.parent === table || !remaining.has(edge.parent)),
    );
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among: ${[...remaining].join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered;
}

async function primaryKeyOf(db: DbOrTx, table: string): Promise<string[]> {
  return (
    await rows<{ name: string }>(
      db,
      sql`select a.attname as name from pg_index i
          join pg_class t on t.oid = i.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey)
          where i.indisprimary and n.nspname = 'public' and t.relname = ${table}
          order by a.attnum`,
    )
  ).map((row) => row.name);
}

/** How many rows each of the schema's tables holds. */
export async function rowCounts(db: DbOrTx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const [row] = await rows<{ count: number }>(
      db,
      sql.raw(`select count(*)::int as count from public.${ident(table)}`),
    );
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

/** A fingerprint of every order's id, status, total and time: equal before and after a backup's round trip. */
export async function ordersChecksum(db: DbOrTx): Promise<string> {
  const [row] = await rows<{ checksum: string | null }>(
    db,
    sql`select md5(coalesce(string_agg(id::text || ':' || status || ':' || total_gross::text || ':' ||
          extract(epoch from placed_at)::text, ',' order by id), '')) as checksum from orders`,
  );
  return row?.checksum ?? "";
}

/**
 * Runs `read` in one read-only REPEATABLE READ transaction: every query in it sees the database as it
 * was at its first, so a dump and its row counts agree while the shop goes on taking orders. On the
 * embedded database, other queries wait until it ends.
 */
export function inSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await isoTextSettings(tx);
      return read(tx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Reads every row of the schema's tables, in foreign-key order, each value as PostgreSQL's text for it
 * (`::text`, in ISO dates and UTC within inSnapshot): a page of rows at a time to `page`. A table
 * without rows is given once with none.
 */
export async function readTables(
  tx: Tx,
  page: (table: string, columns: string[], rows: (string | null)[][]) => Promise<void> | void,
): Promise<void> {
  for (const table of await tablesInDependencyOrder(tx)) {
    const types = BACKUP_TABLES.get(table)?.columns ?? new Map<string, string>();
    const columns = [...types.keys()];
    const key = await primaryKeyOf(tx, table);
    const order = (key.length > 0 ? key : columns).map(ident).join(", ");
    // A page is one JSON array of rows, written by the database: far cheaper than a row object per row.
    const values = sql.raw(
      `json_build_array(${columns.map((column) => `${ident(column)}::text`).join(", ")})`,
    );
    const limit = key.length > 0 ? sql.raw(`limit ${ROWS_PER_PAGE}`) : sql``;
    let after: (string | null)[] | undefined;
    for (;;) {
      // Keyset pages: each starts after the last key of the one before, found by the primary key's index.
      const from = after
        ? sql`where (${sql.raw(key.map(ident).join(", "))}) > (${sql.join(
            key.map((column, n) => sql`${after?.[n] ?? null}::text::${sql.raw(types.get(column) ?? "text")}`),
            sql`, `,
          )})`
        : sql``;
      const [found] = await rows<{ page: string }>(
        tx,
        sql`select coalesce(json_agg(${values} order by ${sql.raw(order)}), '[]')::text as page
            from (select * from public.${sql.raw(ident(table))} ${from} order by ${sql.raw(order)} ${limit}) t`,
      );
      const pageRows = JSON.parse(found?.page ?? "[]") as (string | null)[][];
      if (pageRows.length > 0 || !after) await page(table, columns, pageRows);
      if (key.length === 0 || pageRows.length < ROWS_PER_PAGE) break;
      const last = pageRows[pageRows.length - 1] ?? [];
      after = key.map((column) => last[columns.indexOf(column)] ?? null);
    }
  }
}

/**
 * Inserts rows into one of the schema's tables. The statement's names and types come from the schema;
 * the rows are one parameter, a JSON array of arrays of text, which the database reads as data and casts
 * field by field to each column's type: a value can only ever be a value.
 */
async function insertRows(tx: Tx, { table, columns, rows: values }: TableRows): Promise<void> {
  const known = BACKUP_TABLES.get(table);
  const types = columns.map((column) => known?.columns.get(column));
  if (!known || types.some((type) => type === undefined))
    throw new BackupRefusedError(`unknown table ${table}`);
  const insert = sql.raw(
    `insert into public.${ident(table)} (${columns.map(ident).join(", ")}) ` +
      `select ${types.map((type, n) => `(r->>${n})::${type}`).join(", ")} from json_array_elements(`,
  );
  for (let start = 0; start < values.length; start += ROWS_PER_INSERT) {
    const batch = JSON.stringify(values.slice(start, start + ROWS_PER_INSERT));
    await tx.execute(sql`${insert}${batch}::text::json) as r`);
  }
}

/**
 * Loads rows into a migrated database that holds none yet, in one transaction: all of them or nothing.
 * Tables go in foreign-key order whatever order they come in.
 */
export async function loadTables(db: Db, tables: TableRows[]): Promise<void> {
  const counts = await rowCounts(db);
  const filled = Object.entries(counts).filter(([, count]) => count > 0);
  if (filled.length > 0) {
    throw new Error(
      `The target database is not empty (${filled.map(([table, count]) => `${table}: ${count}`).join(", ")}); restore only into an empty one`,
    );
  }
  const order = await tablesInDependencyOrder(db);
  const sorted = [...tables].sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table));
  await db.transaction(async (tx) => {
    await isoTextSettings(tx);
    for (const table of sorted) await insertRows(tx, table);
  });
}
