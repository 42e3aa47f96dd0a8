/**
 * Issue item 11: the embedded database has one owner. `npm run admin -- grant EMAIL` on the default
 * install (PGlite in DATA_DIR) while Torg ran said "now a platform admin", and the grant was lost: the
 * running server never saw it and overwrote it. restore and db:move-to-postgres opened the folder the same
 * way, and so would a second server. Now the server holds DATA_DIR's lock (decision 0059): `admin` and
 * `backup` run beside it are carried out by the running server, `restore` and `db:move-to-postgres`
 * refuse and say to stop it first, and a second server refuses to start. On PostgreSQL (DATABASE_URL)
 * none of this applies: commands run beside the server as before.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../../../bench/support/torg";
import { openPglite } from "../db/client";
import { createTestDatabase } from "../test/harness";

const run = promisify(execFile);
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-owner-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** One Torg command (src/server/cli/<name>.ts) as `npm run` starts it; its exit code, stdout and stderr. */
async function command(name: "admin" | "backup", args: string[], env: Record<string, string>) {
  const entry = path.resolve(`src/server/cli/${name}.ts`);
  return run(process.execPath, ["--import", "tsx", entry, ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** A seller signed up on the running server, and whether it calls them a platform admin. */
async function signUpOn(url: string) {
  const email = `owner-${Date.now()}@example.no`;
  const response = await fetch(`${url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fullName: "Astrid Eier", email, password: "longenough-password" }),
  });
  expect(response.status).toBe(201);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const isAdmin = async () => {
    const me = await fetch(`${url}/api/me`, { headers: { cookie } });
    return ((await me.json()) as { user: { isAdmin: boolean } }).user.isAdmin;
  };
  return { email, isAdmin };
}

const embedded = process.env.TORG_TEST_DB !== "postgres";

describe.runIf(embedded)("item 11: the embedded database has one owner", () => {
  it("commands beside a running server are carried out by it or refused; a second server is refused", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    const server = await startServer(env);
    const pid = server.process.pid;
    const stopFirst = `Torg is running on ${dataDir} (pid ${pid}): stop it first, then run this command again`;
    try {
      const seller = await signUpOn(server.url);

      const granted = await command("admin", ["grant", seller.email], env);
      expect(granted).toMatchObject({ code: 0, stdout: expect.stringContaining("is now a platform admin") });
      // The server made the change itself: it sees it at once.
      expect(await seller.isAdmin()).toBe(true);

      // A backup is written by the server, from its own connection, with the grant in it.
      const file = path.join(tempDir(), "torg.tar.gz");
      const backup = await command("backup", ["backup", file], env);
      expect(backup).toMatchObject({ code: 0, stdout: expect.stringContaining("Backup written") });
      const unpacked = tempDir();
      await tar.extract({ file, cwd: unpacked });
      const users = fs.readFileSync(path.join(unpacked, "tables", "users.jsonl"), "utf8");
      expect(users).toContain(seller.email);

      const restore = await command("backup", ["restore", file], env);
      expect(restore).toMatchObject({ code: 1, stderr: expect.stringContaining(stopFirst) });
      const move = await command("backup", ["move-to-postgres", "postgres://torg@127.0.0.1:9/none"], env);
      expect(move).toMatchObject({ code: 1, stderr: expect.stringContaining(stopFirst) });

      const second = await run(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(second).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`Torg is already running on ${dataDir} (pid ${pid})`),
      });
      expect(await seller.isAdmin()).toBe(true);
    } finally {
      await server.stop();
    }

    // Stopped, the server has let go of the folder, and the grant is in it.
    expect(fs.existsSync(path.join(dataDir, "torg.lock"))).toBe(false);
    const database = await openPglite(path.join(dataDir, "pglite"));
    try {
      const admins = await database.db.execute(sql`select email from users where is_admin`);
      expect(admins.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});

describe.runIf(!embedded)("item 11: on PostgreSQL, commands run beside the server as before", () => {
  it("grants admin rights beside a running server, which sees them", async () => {
    const database = await createTestDatabase();
    const env = { DATA_DIR: tempDir(), DATABASE_URL: database.url ?? "" };
    const server = await startServer(env);
    try {
      const seller = await signUpOn(server.url);
      const granted = await command("admin", ["grant", seller.email], env);
      expect(granted).toMatchObject({ code: 0, stdout: expect.stringContaining("is now a platform admin") });
      expect(await seller.isAdmin()).toBe(true);
    } finally {
      await server.stop();
      await database.close();
    }
  }, 120_000);
});
