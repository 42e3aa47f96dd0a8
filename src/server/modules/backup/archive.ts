import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { contentTypeOf, type FileStorage, UPLOAD_FOLDERS } from "../../adapters/storage/storage";
import type { Database, Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { dumpData, loadData, ordersChecksum, rowCounts } from "./database-dump";

/** What a backup says about itself, checked again after a restore. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The database it came from. */
  database: "pglite" | "postgres";
  /** The newest migration applied when it was made (drizzle's created_at): a restore needs that schema. */
  migration: number;
  rows: Record<string, number>;
  ordersChecksum: string;
  uploads: number;
}

async function newestMigration(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(created_at), 0)::text as created from drizzle.__drizzle_migrations`,
  );
  return Number((result.rows[0] as { created: string } | undefined)?.created ?? 0);
}

/**
 * Writes one .tar.gz with manifest.json, database.sql (the data as pg_dump-style INSERTs) and uploads/
 * (every stored photo, from local disk or S3). Read while the shop runs: rows written during the dump
 * may or may not be in it, which a shop's nightly backup accepts.
 */
export async function writeBackup(
  database: Database,
  storage: FileStorage,
  file: string,
): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "torg-backup-"));
  try {
    const dump = fs.createWriteStream(path.join(staging, "database.sql"));
    await dumpData(database.db, (chunk) => {
      if (!dump.write(chunk)) return new Promise((resolve) => dump.once("drain", resolve));
    });
    await new Promise<void>((resolve, reject) =>
      dump.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );

    let uploads = 0;
    for (const folder of UPLOAD_FOLDERS) {
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
      format: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      migration: await newestMigration(database.db),
      rows: await rowCounts(database.db),
      ordersChecksum: await ordersChecksum(database.db),
      uploads,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const entries = ["manifest.json", "database.sql", ...(uploads > 0 ? ["uploads"] : [])];
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, entries);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Brings a backup back into an empty database (migrated here first) and its photos into the storage,
 * then checks that every table's row count and the orders' checksum equal the backup's own.
 */
export async function restoreBackup(
  database: Database,
  storage: FileStorage,
  file: string,
): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "torg-restore-"));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifestFile = path.join(staging, "manifest.json");
    if (!fs.existsSync(manifestFile)) throw new Error(`${file} is not a Torg backup (no manifest.json)`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`${file} has a backup format this Torg does not know`);

    await migrateDatabase(database);
    const migration = await newestMigration(database.db);
    if (migration < manifest.migration) {
      throw new Error("This backup was made by a newer Torg: update this installation before restoring it");
    }
    await loadData(database.db, fs.readFileSync(path.join(staging, "database.sql"), "utf8"));

    const uploadsDir = path.join(staging, "uploads");
    for (const folder of UPLOAD_FOLDERS) {
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
