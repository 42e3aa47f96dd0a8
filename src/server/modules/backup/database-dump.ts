import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { BACKUP_TABLES, BackupRefusedError, type TableRows } from "./tables";

/** Rows read per query when dumping, and at most this many rows per INSERT when loading. */
const ROWS_PER_PAGE = 500;
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;

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
 * (`::text`, in ISO dates and UTC within inSnapshot): a page of rows at a time to `page`. Tables without
 * rows are given once with no rows.
 */
export async function readTables(
  tx: Tx,
  page: (table: string, columns: string[], rows: (string | null)[][]) => Promise<void> | void,
): Promise<void> {
  for (const table of await tablesInDependencyOrder(tx)) {
    const columns = [...(BACKUP_TABLES.get(table)?.columns.keys() ?? [])];
    const key = await primaryKeyOf(tx, table);
    const values = columns.map((column, n) => `${ident(column)}::text as c${n}`).join(", ");
    const order = (key.length > 0 ? key : columns).map(ident).join(", ");
    // With a snapshot, offsets are stable; keyset pages would be faster on huge tables.
    for (let offset = 0; ; offset += ROWS_PER_PAGE) {
      const found = await rows<Record<string, string | null>>(
        tx,
        sql.raw(
          `select ${values} from public.${ident(table)} order by ${order} limit ${ROWS_PER_PAGE} offset ${offset}`,
        ),
      );
      if (found.length > 0 || offset === 0) {
        await page(
          table,
          columns,
          found.map((row) => columns.map((_, n) => row[`c${n}`] ?? null)),
        );
      }
      if (found.length < ROWS_PER_PAGE) break;
    }
  }
}

/**
 * Inserts rows into one of the schema's tables. The statement's names and types come from the schema;
 * every value is a parameter, cast from text to its column's type by the database: a value can only ever
 * be a value.
 */
async function insertRows(tx: Tx, { table, columns, rows: values }: TableRows): Promise<void> {
  const known = BACKUP_TABLES.get(table);
  const types = columns.map((column) => known?.columns.get(column));
  if (!known || types.some((type) => type === undefined))
    throw new BackupRefusedError(`unknown table ${table}`);
  const head = sql.raw(`insert into public.${ident(table)} (${columns.map(ident).join(", ")}) values `);
  const perStatement = Math.max(1, Math.min(ROWS_PER_PAGE, Math.floor(MAX_PARAMETERS / columns.length)));
  for (let start = 0; start < values.length; start += perStatement) {
    const tuples = values.slice(start, start + perStatement).map(
      (row) =>
        sql`(${sql.join(
          row.map((value, n) => sql`${value}::text::${sql.raw(types[n] as string)}`),
          sql`, `,
        )})`,
    );
    await tx.execute(sql`${head}${sql.join(tuples, sql`, `)}`);
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
