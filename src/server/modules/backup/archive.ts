import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { z } from "zod";
import {
  contentTypeOf,
  type FileStorage,
  STORAGE_KEY_PATTERN,
  STORED_FOLDERS,
} from "../../adapters/storage/storage";
import type { Database, DbOrTx } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { inSnapshot, loadTables, ordersChecksum, readTables, rowCounts } from "./database-dump";
import { readLegacyDump } from "./legacy-dump";
import { BackupRefusedError, checkRows, knownTable, type TableRows, withoutDroppedColumns } from "./tables";

/**
 * What a backup says about itself, checked again after a restore. Format 2 (decision 0059) holds the rows
 * as data, `tables/<table>.jsonl`; format 1 (decision 0024) held them as SQL, `database.sql`, still read.
 */
const manifestSchema = z.object({
  format: z.union([z.literal(1), z.literal(2)]),
  createdAt: z.string(),
  /** The database it came from. */
  database: z.enum(["pglite", "postgres"]),
  /** The newest migration applied when it was made (drizzle's created_at): a restore needs that schema. */
  migration: z.number(),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  ordersChecksum: z.string(),
  uploads: z.number().int().nonnegative(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const TABLES_FOLDER = "tables";

async function newestMigration(db: DbOrTx): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(created_at), 0)::text as created from drizzle.__drizzle_migrations`,
  );
  return Number((result.rows[0] as { created: string } | undefined)?.created ?? 0);
}

/** Writes a line to a file stream, waiting when its buffer is full. */
function writeLine(stream: fs.WriteStream, line: string): Promise<void> | undefined {
  if (!stream.write(`${line}\n`)) return new Promise((resolve) => stream.once("drain", resolve));
}

const closeStream = (stream: fs.WriteStream) =>
  new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );

/**
 * Writes one .tar.gz with manifest.json, `tables/<table>.jsonl` for every table of the schema (a JSON
 * array of its column names, then one JSON array of text values per row) and uploads/ (every stored
 * photo, from local disk or S3). The rows and the manifest's counts come from one snapshot; photos are
 * copied after it.
 */
export async function writeBackup(
  database: Database,
  storage: FileStorage,
  file: string,
): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "torg-backup-"));
  try {
    fs.mkdirSync(path.join(staging, TABLES_FOLDER));
    const snapshot = await inSnapshot(database.db, async (tx) => {
      let current: { table: string; stream: fs.WriteStream } | undefined;
      await readTables(tx, async (table, columns, rows) => {
        if (current?.table !== table) {
          if (current) await closeStream(current.stream);
          current = {
            table,
            stream: fs.createWriteStream(path.join(staging, TABLES_FOLDER, `${table}.jsonl`)),
          };
          await writeLine(current.stream, JSON.stringify(columns));
        }
        for (const row of rows) await writeLine(current.stream, JSON.stringify(row));
      });
      if (current) await closeStream(current.stream);
      return {
        migration: await newestMigration(tx),
        rows: await rowCounts(tx),
        ordersChecksum: await ordersChecksum(tx),
      };
    });

    let uploads = 0;
    for (const folder of STORED_FOLDERS) {
      for await (const stored of storage.list(folder)) {
        const found = await storage.get(stored.key);
        if (!found) continue;
        const target = path.join(staging, "uploads", stored.key);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const body = Buffer.isBuffer(found.body) ? Readable.from([found.body]) : found.body;
        await pipeline(body, fs.createWriteStream(target));
        uploads += 1;
      }
    }

    const manifest: BackupManifest = {
      format: 2,
      createdAt: new Date().toISOString(),
      database: database.kind,
      ...snapshot,
      uploads,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const entries = ["manifest.json", TABLES_FOLDER, ...(uploads > 0 ? ["uploads"] : [])];
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, entries);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The folders a backup may hold. */
const BACKUP_FOLDERS = new Set([
  "uploads",
  TABLES_FOLDER,
  ...STORED_FOLDERS.map((folder) => `uploads/${folder.slice(0, -1)}`),
]);

/** The entries a backup may hold: plain files and folders at these places, nothing else (no links). */
function isBackupEntry(entryPath: string, type: string): boolean {
  const name = entryPath.replace(/\/$/, "");
  if (type === "Directory") return BACKUP_FOLDERS.has(name);
  if (type !== "File") return false;
  if (name === "manifest.json" || name === "database.sql" || /^tables\/[a-z_]+\.jsonl$/.test(name))
    return true;
  // A photo: uploads/<folder>/<storage key's name>, as writeBackup stores them.
  const key = name.startsWith("uploads/") ? name.slice("uploads/".length) : "";
  return (
    STORED_FOLDERS.some((folder) => key.startsWith(folder) && !key.slice(folder.length).includes("/")) &&
    STORAGE_KEY_PATTERN.test(key) &&
    !key.includes("..")
  );
}

/** The rows of a format-2 backup's tables/ folder, checked against the schema. */
function readTableFiles(folder: string): TableRows[] {
  if (!fs.existsSync(folder)) throw new BackupRefusedError("it has no tables/ folder");
  return fs.readdirSync(folder).map((name) => {
    const table = name.replace(/\.jsonl$/, "");
    const lines = fs.readFileSync(path.join(folder, name), "utf8").split("\n");
    if (lines.at(-1) === "") lines.pop();
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new BackupRefusedError(`${name} has a line that is not JSON`);
      }
    });
    const [columns, ...rows] = parsed;
    if (!Array.isArray(columns) || !columns.every((column) => typeof column === "string"))
      throw new BackupRefusedError(`${name} does not start with its column names`);
    knownTable(table, columns);
    if (!rows.every((row) => Array.isArray(row)))
      throw new BackupRefusedError(`${name} has a row that is not a list`);
    checkRows(table, columns, rows as unknown[][]);
    return { table, columns, rows: rows as (string | null)[][] };
  });
}

/** Unpacks and reads a backup, refusing anything in it that is not data of a known table, before any change. */
async function readBackup(file: string, staging: string) {
  const unexpected: string[] = [];
  await tar.extract({
    file,
    cwd: staging,
    strict: true,
    filter: (entryPath, entry) => {
      const ok = isBackupEntry(entryPath, "type" in entry ? entry.type : "File");
      if (!ok) unexpected.push(entryPath);
      return ok;
    },
  });
  if (unexpected.length > 0)
    throw new BackupRefusedError(`it holds ${unexpected.slice(0, 3).join(", ")}, which no backup holds`);
  const manifestFile = path.join(staging, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`${file} is not a Torg backup (no manifest.json)`);
  const manifest = manifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestFile, "utf8")));
  if (!manifest.success) throw new Error(`${file} has a manifest or a backup format this Torg does not know`);
  for (const table of Object.keys(manifest.data.rows)) knownTable(table, []);

  const tables = (
    manifest.data.format === 1
      ? readLegacyDump(fs.readFileSync(path.join(staging, "database.sql"), "utf8"))
      : readTableFiles(path.join(staging, TABLES_FOLDER))
  ).map(withoutDroppedColumns);
  const counted: Record<string, number> = {};
  for (const { table, rows } of tables) counted[table] = (counted[table] ?? 0) + rows.length;
  const differs = Object.keys({ ...counted, ...manifest.data.rows }).filter(
    (table) => (counted[table] ?? 0) !== (manifest.data.rows[table] ?? 0),
  );
  if (differs.length > 0)
    throw new BackupRefusedError(`its rows do not match its manifest: ${differs.join(", ")}`);
  return { manifest: manifest.data, tables };
}

/**
 * Brings a backup back into an empty database (migrated here first) and its photos into the storage,
 * then checks that every table's row count and the orders' checksum equal the backup's own. The archive
 * is read as data only (decision 0059): rows of the schema's tables, each value a parameter; anything
 * else refuses it before anything is changed.
 */
export async function restoreBackup(
  database: Database,
  storage: FileStorage,
  file: string,
): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "torg-restore-"));
  try {
    const { manifest, tables } = await readBackup(file, staging);

    await migrateDatabase(database);
    const migration = await newestMigration(database.db);
    if (migration < manifest.migration) {
      throw new Error("This backup was made by a newer Torg: update this installation before restoring it");
    }
    await loadTables(database.db, tables);

    const uploadsDir = path.join(staging, "uploads");
    for (const folder of STORED_FOLDERS) {
      const dir = path.join(uploadsDir, folder);
      if (!fs.existsSync(dir)) continue;
      for (const name of fs.readdirSync(dir)) {
        const key = `${folder}${name}`;
        await storage.put(key, fs.readFileSync(path.join(dir, name)), contentTypeOf(key));
      }
    }

    const rows = await rowCounts(database.db);
    const checksum = await ordersChecksum(database.db);
    const differs = Object.entries(manifest.rows).filter(([table, count]) => rows[table] !== count);
    if (differs.length > 0 || checksum !== manifest.ordersChecksum) {
      throw new Error(
        `The restored data does not match the backup: ${differs.map(([table]) => table).join(", ") || "orders checksum"}`,
      );
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
