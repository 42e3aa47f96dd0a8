import fs from "node:fs";
import path from "node:path";

/**
 * The embedded database has one owner (decision 0059): PGlite keeps its pages in the memory of the
 * process that opened the folder, so a second process opening it writes beside the first, and one of them
 * overwrites the other's work. Whoever opens DATA_DIR's database first holds this lock until it closes it;
 * everyone else is refused with a message that names the folder and the holder.
 */

/** Who holds the folder: a Torg server (which answers commands on its control socket) or a command. */
export type DataDirOwner = "server" | "command";

export interface DataDirHolder {
  pid: number;
  owner: DataDirOwner;
  /** The holder's start time as the kernel counts it (Linux), so a pid reused after a reboot is not taken for it. */
  started?: string;
}

export const LOCK_FILE = "torg.lock";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
    readonly wanted: DataDirOwner,
  ) {
    super(
      holder.owner === "server"
        ? wanted === "server"
          ? `Torg is already running on ${dataDir} (pid ${holder.pid}): stop it first, or give this server a DATA_DIR of its own`
          : `Torg is running on ${dataDir} (pid ${holder.pid}): stop it first, then run this command again`
        : `Another Torg command is using ${dataDir} (pid ${holder.pid}): wait until it has finished, then try again`,
    );
    this.name = "DataDirInUseError";
  }
}

/** The start time of a process in clock ticks since boot (field 22 of /proc/PID/stat), where there is /proc. */
function processStarted(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function isAlive(holder: DataDirHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const started = holder.started && processStarted(holder.pid);
  return !started || started === holder.started;
}

function readHolder(file: string): DataDirHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<DataDirHolder>;
    if (typeof holder.pid !== "number" || (holder.owner !== "server" && holder.owner !== "command"))
      return undefined;
    return holder as DataDirHolder;
  } catch {
    return undefined;
  }
}

/** Who holds DATA_DIR now, if anyone alive does. */
export function dataDirHolder(dataDir: string): DataDirHolder | undefined {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder && isAlive(holder) ? holder : undefined;
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Lets go of the folder (once; later calls do nothing). */
  release(): void;
}

/**
 * Takes DATA_DIR for this process: creates `torg.lock` in it exclusively (`wx`), holding this process's id.
 * A lock left by a process that is gone (killed, a power cut) is taken over. Throws DataDirInUseError when
 * a live process holds it. Released by `release()`, and when the process exits.
 */
export function lockDataDir(dataDir: string, owner: DataDirOwner): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: DataDirHolder = { pid: process.pid, owner, started: processStarted(process.pid) };
  for (let attempt = 0; ; attempt++) {
    if (attempt > 3) throw new Error(`Could not take ${file}: remove it if no Torg is running on ${dataDir}`);
    try {
      const fd = fs.openSync(file, "wx", 0o600);
      try {
        fs.writeSync(fd, `${JSON.stringify(me)}\n`);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      if (holder && isAlive(holder)) throw new DataDirInUseError(dataDir, holder, owner);
      // No holder in it: a lock being written this instant, or a leftover. Look again a moment later.
      if (!holder && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      // Left by a process that is gone: taken over. Two processes taking over the same stale lock at the
      // same instant is the one race left.
      fs.rmSync(file, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener("exit", release);
    // Only our own lock is removed: a lock file someone else wrote is theirs.
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on("exit", release);
  return { dataDir, release };
}
