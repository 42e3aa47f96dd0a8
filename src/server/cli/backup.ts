// `npm run backup [FILE]`, `npm run restore FILE` and `npm run db:move-to-postgres [URL]`: one file
// with the database and the photos, brought back into an empty installation, and the embedded database
// moved to a PostgreSQL server. Each checks row counts and the orders' checksum after the copy.
import path from "node:path";
import { createStorage } from "../adapters/storage";
import { loadConfig } from "../config";
import { openDatabase, openPostgres } from "../db/client";
import { type BackupManifest, copyDatabase, restoreBackup } from "../modules/backup";
import { runCommand } from "./server-commands";

const USAGE = `Usage:
  npm run backup [-- FILE]              one .tar.gz with the database and the uploaded photos
  npm run restore -- FILE               into an empty database and upload storage (as configured)
  npm run db:move-to-postgres [-- URL]  the embedded database (DATA_DIR) into an empty PostgreSQL
                                        (URL, else DATABASE_URL); photos stay where they are`;

const stamp = () => new Date().toISOString().replaceAll(":", "").replace(/\..*/, "");
const total = (rows: Record<string, number>) => Object.values(rows).reduce((sum, count) => sum + count, 0);

async function main([command, argument]: string[]): Promise<number> {
  const config = loadConfig();
  if (command === "backup") {
    const file = path.resolve(argument ?? `backups/torg-${stamp()}.tar.gz`);
    // While Torg runs on the embedded database, the running server writes it (decision 0059).
    const manifest = (await runCommand(config, { command: "backup", file })) as BackupManifest;
    process.stdout.write(
      `Backup written to ${file}: ${total(manifest.rows)} rows in ${Object.keys(manifest.rows).length} tables, ${manifest.uploads} files.\n`,
    );
    return 0;
  }
  if (command === "restore" && argument) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const manifest = await restoreBackup(database, createStorage(config), path.resolve(argument));
      process.stdout.write(
        `Restored ${total(manifest.rows)} rows and ${manifest.uploads} files from the backup of ${manifest.createdAt}; row counts and the orders' checksum match.\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }
  if (command === "move-to-postgres") {
    const url = argument ?? config.databaseUrl;
    if (!url) {
      process.stderr.write("Name the PostgreSQL server: npm run db:move-to-postgres -- postgres://...\n");
      return 2;
    }
    // The embedded database, which a running Torg would go on writing to: refused while one does.
    const source = await openDatabase({ dataDir: config.dataDir });
    const target = await openPostgres(url, 2);
    try {
      const rows = await copyDatabase(source, target);
      process.stdout.write(
        `Moved ${total(rows)} rows to PostgreSQL; row counts and the orders' checksum match. Set DATABASE_URL to it and restart. Photos stay in ${config.uploadDir ?? path.join(config.dataDir, "uploads")}.\n`,
      );
      return 0;
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
