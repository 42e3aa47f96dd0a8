/**
 * Issue item 4: a restore ran any SQL in the archive. `npm run restore` executed database.sql statement
 * by statement, so a crafted backup could create tables and run `COPY … TO PROGRAM` (a shell command as
 * the database's user) and still be "restored, checksum match". A restore now loads data only: rows of
 * the schema's tables and columns, every value bound as a parameter; an archive with anything else is
 * refused before any change (decision 0059). Backups of the previous format still restore
 * (src/server/modules/backup/backup.test.ts restores one written by the previous code).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../adapters/storage/local";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { restoreBackup } from "../modules/backup/archive";
import { rowCounts } from "../modules/backup/database-dump";
import { createTestDatabase } from "../test/harness";

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-crafted-"));
  folders.push(dir);
  return dir;
};
/** The file the crafted `COPY … TO PROGRAM 'touch …'` would create (the database server runs here). */
const marker = path.join(os.tmpdir(), `torg-pwned-${randomUUID()}`);
const EMPTY_ORDERS_CHECKSUM = "d41d8cd98f00b204e9800998ecf8427e";

const PREAMBLE = `-- Torg database backup
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
`;
/** A row as the format-1 writer wrote it, so every crafted archive also carries data a restore would load. */
const VALID_ROW = `INSERT INTO public."rate_limits" ("key", "count", "reset_at") VALUES
\t('login:ip:10.0.0.1', '1', '2026-11-28 10:00:00+00');
`;

/** A .tar.gz as the format-1 writer made them, with a manifest whose counts agree with the crafted rows. */
async function archive(
  files: Record<string, string>,
  options: { format?: 1 | 2; rows?: Record<string, number>; link?: [string, string] } = {},
) {
  const dir = tempDir();
  const staging = path.join(dir, "staging");
  const manifest = {
    format: options.format ?? 1,
    createdAt: "2026-11-28T10:00:00.000Z",
    database: "postgres",
    migration: 0,
    rows: options.rows ?? { rate_limits: 1 },
    ordersChecksum: EMPTY_ORDERS_CHECKSUM,
    uploads: 0,
  };
  for (const [name, text] of Object.entries({ "manifest.json": JSON.stringify(manifest), ...files })) {
    fs.mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
    fs.writeFileSync(path.join(staging, name), text);
  }
  if (options.link) {
    fs.mkdirSync(path.dirname(path.join(staging, options.link[0])), { recursive: true });
    fs.symlinkSync(options.link[1], path.join(staging, options.link[0]));
  }
  const file = path.join(dir, "crafted.tar.gz");
  await tar.create({ gzip: true, file, cwd: staging, portable: true }, fs.readdirSync(staging));
  return file;
}

let target: Database;
let uploads: string;
beforeAll(async () => {
  target = await createTestDatabase();
  uploads = tempDir();
});
afterAll(async () => {
  await target?.close();
  fs.rmSync(marker, { force: true });
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function expectRefusedAndNothingChanged(file: string) {
  await expect(restoreBackup(target, createLocalStorage(uploads), file)).rejects.toThrow(/refused/);
  expect(Object.values(await rowCounts(target.db)).every((count) => count === 0)).toBe(true);
  const crafted = await target.db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_name = 'pwned'`,
  );
  expect((crafted.rows[0] as { n: number }).n).toBe(0);
  expect(fs.existsSync(marker)).toBe(false);
  expect(fs.readdirSync(uploads)).toEqual([]);
}

describe("item 4: a restore loads data only and runs nothing in the archive", () => {
  const legacy: [string, string][] = [
    ["a CREATE TABLE", "CREATE TABLE public.pwned (note text);\n"],
    ["a COPY … TO PROGRAM", `COPY (select 1) TO PROGRAM 'touch ${marker}';\n`],
    ["an INSERT into a table Torg does not have", `INSERT INTO public."pwned" ("note") VALUES\n\t('x');\n`],
    [
      "an INSERT with a column the table does not have",
      `INSERT INTO public."rate_limits" ("key", "count", "reset_at", "pwned") VALUES\n\t('k', '1', '2026-11-28 10:00:00+00', 'x');\n`,
    ],
    [
      // Standard-conforming strings: 'a\' ends at its second quote, and the server would run the COPY.
      "a statement after a ; that a backslash-escaping reader would take for part of a string",
      `INSERT INTO public."rate_limits" ("count", "reset_at", "key") VALUES\n\t('1', '2026-11-28 10:00:00+00', 'a\\'); COPY (select 1) TO PROGRAM 'touch ${marker}'; --', 'b');\n`,
    ],
    [
      "an E'' string with an escape the writer never wrote",
      `INSERT INTO public."rate_limits" ("count", "reset_at", "key") VALUES\n\t('1', '2026-11-28 10:00:00+00', E'a\\'); COPY (select 1) TO PROGRAM ''touch ${marker}''; --');\n`,
    ],
    [
      "a $$-quoted value",
      `INSERT INTO public."rate_limits" ("key", "count", "reset_at") VALUES\n\t($$x$$, '1', '2026-11-28 10:00:00+00');\n`,
    ],
  ];
  for (const [name, statement] of legacy) {
    it(`refuses a format-1 database.sql with ${name}, before any change`, async () => {
      const file = await archive({ "database.sql": `${PREAMBLE}\n${VALID_ROW}\n${statement}` });
      await expectRefusedAndNothingChanged(file);
    });
  }

  it("refuses an archive with a link (a photo that is a server file), before any change", async () => {
    const file = await archive(
      { "database.sql": `${PREAMBLE}\n${VALID_ROW}` },
      { link: ["uploads/products/leak.webp", "/etc/hostname"] },
    );
    await expectRefusedAndNothingChanged(file);
  });

  const tables: [string, Record<string, string>][] = [
    ["a table Torg does not have", { "tables/pwned.jsonl": '["note"]\n["x"]\n' }],
    [
      "a column the table does not have",
      {
        "tables/rate_limits.jsonl":
          '["key","count","reset_at","pwned"]\n["k","1","2026-11-28 10:00:00+00","x"]\n',
      },
    ],
    [
      "a value that is not text",
      {
        "tables/rate_limits.jsonl":
          '["key","count","reset_at"]\n["k",{"sql":"x"},"2026-11-28 10:00:00+00"]\n',
      },
    ],
  ];
  for (const [name, files] of tables) {
    it(`refuses a format-2 table file with ${name}, before any change`, async () => {
      const rows = Object.fromEntries(Object.keys(files).map((file) => [path.basename(file, ".jsonl"), 1]));
      await expectRefusedAndNothingChanged(await archive(files, { format: 2, rows }));
    });
  }

  it("loads SQL written inside a value as the text it is, and runs none of it", async () => {
    const key = `x'); COPY (select 1) TO PROGRAM 'touch ${marker}'; --`;
    const quoted = `'${key.replaceAll("'", "''")}'`;
    const file = await archive({
      "database.sql": `${PREAMBLE}\nINSERT INTO public."rate_limits" ("key", "count", "reset_at") VALUES\n\t(${quoted}, '1', '2026-11-28 10:00:00+00');\n`,
    });
    await restoreBackup(target, createLocalStorage(uploads), file);
    expect(await target.db.select({ key: rateLimits.key }).from(rateLimits)).toEqual([{ key }]);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
