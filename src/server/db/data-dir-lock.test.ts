import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, dataDirHolder, LOCK_FILE, lockDataDir } from "./data-dir-lock";

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-lock-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const writeLock = (dir: string, holder: object) =>
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));

describe("the DATA_DIR lock (decision 0059)", () => {
  it("is held by one process at a time, and freed by release", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir, "server");
    expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, owner: "server" });
    expect(() => lockDataDir(dir, "command")).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir, "command")).toThrow(
      `Torg is running on ${dir} (pid ${process.pid}): stop it first, then run this command again`,
    );
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, "command").release();
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeLock(dir, { pid: gone, owner: "server" });
    expect(dataDirHolder(dir)).toBeUndefined();
    const lock = lockDataDir(dir, "server");
    expect(dataDirHolder(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(fs.existsSync("/proc/self/stat"))(
    "takes over a lock whose pid now belongs to another process (a reboot reused it)",
    () => {
      const dir = tempDir();
      writeLock(dir, { pid: process.pid, owner: "server", started: "1" });
      const lock = lockDataDir(dir, "server");
      expect(dataDirHolder(dir)?.started).not.toBe("1");
      lock.release();
    },
  );

  it("takes over a lock file that holds no holder (cut off while written)", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), "");
    lockDataDir(dir, "command").release();
  });
});
