import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";

/** Rows per INSERT statement, as `pg_dump --rows-per-insert=500` writes them. */
const ROWS_PER_INSERT = 500;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/**
 * The application's tables (schema public), every table after the tables it refers to, so inserting in
 * this order never breaks a foreign key. The same SQL on PGlite and PostgreSQL.
 */
export async function tablesInDependencyOrder(db: DbOrTx): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
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
  const remaining = new Set(tables);
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

async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  return (
    await rows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`,
    )
  ).map((row) => row.name);
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

/** How many rows each application table holds. */
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
 * Writes every row of every application table as SQL: `pg_dump --data-only --inserts
 * --column-inserts --rows-per-insert=500` output, tables in foreign-key order. Values are quoted by the
 * database itself (quote_nullable), so every type comes back exactly as it went in. The schema is not in
 * it: the migrations make it, and a restore runs them first.
 */
export async function dumpData(db: Db, write: (chunk: string) => Promise<void> | void): Promise<void> {
  await write(
    [
      "-- Torg database backup: data only, as pg_dump --data-only --column-inserts --rows-per-insert=500",
      "-- writes it. Load it into an empty database migrated by Torg (npm run restore does both).",
      "SET client_encoding = 'UTF8';",
      "SET standard_conforming_strings = on;",
      "",
    ].join("\n"),
  );
  for (const table of await tablesInDependencyOrder(db)) {
    const columns = await columnsOf(db, table);
    const key = await primaryKeyOf(db, table);
    const values = columns.map((column) => `quote_nullable(${ident(column)})`).join(", ");
    const order = (key.length > 0 ? key : columns).map(ident).join(", ");
    const head = `INSERT INTO public.${ident(table)} (${columns.map(ident).join(", ")}) VALUES`;
    await write(`\n-- Data for Name: ${table}; Type: TABLE DATA\n`);
    // Keyset pages would be faster on huge tables; a shop's tables are small enough for offsets.
    for (let offset = 0; ; offset += ROWS_PER_INSERT) {
      const page = await rows<{ row: string }>(
        db,
        sql.raw(
          `select concat_ws(', ', ${values}) as row from public.${ident(table)} order by ${order} ` +
            `limit ${ROWS_PER_INSERT} offset ${offset}`,
        ),
      );
      if (page.length === 0) break;
      await write(`${head}\n\t(${page.map((entry) => entry.row).join("),\n\t(")});\n`);
      if (page.length < ROWS_PER_INSERT) break;
    }
  }
}

/**
 * The statements of a dump, split at semicolons outside quoted literals and comments (a product's
 * description may hold both). Only what dumpData writes needs reading: standard-conforming strings.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (!quoted && char === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (char === "'") quoted = !quoted;
    if (!quoted && char === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** Loads a dump into a migrated database that holds no rows yet, in one transaction: all of it or nothing. */
export async function loadData(db: Db, dump: string): Promise<void> {
  const counts = await rowCounts(db);
  const filled = Object.entries(counts).filter(([, count]) => count > 0);
  if (filled.length > 0) {
    throw new Error(
      `The target database is not empty (${filled.map(([table, count]) => `${table}: ${count}`).join(", ")}); restore only into an empty one`,
    );
  }
  await db.transaction(async (tx) => {
    for (const statement of splitStatements(dump)) await tx.execute(sql.raw(statement));
  });
}
