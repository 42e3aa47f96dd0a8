import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { createStorage, type FileStorage } from "../adapters/storage";
import type { Config } from "../config";
import { type Database, openDatabase } from "../db/client";
import { DataDirInUseError } from "../db/data-dir-lock";
import { migrateDatabase } from "../db/migrate";
import { setAdmin } from "../modules/auth";
import { type BackupManifest, writeBackup } from "../modules/backup";

/**
 * Commands a running server carries out for `npm run backup` and `npm run admin` when it holds the
 * embedded database (decision 0059): the command cannot open the folder beside it, so it asks the server,
 * which reads and writes through its own connection. The channel is a Unix socket in DATA_DIR that only
 * the server's own user may open (mode 0600): whoever can open it can already read and write the
 * database's files in that folder. One JSON line asks, one JSON line answers.
 */

const COMMAND_SOCKET = "torg.sock";

const commandRequest = z.discriminatedUnion("command", [
  z.object({ command: z.literal("backup"), file: z.string().refine((file) => path.isAbsolute(file)) }),
  z.object({
    command: z.literal("admin"),
    action: z.enum(["grant", "revoke"]),
    email: z.string().min(1).max(320),
  }),
]);
export type CommandRequest = z.infer<typeof commandRequest>;

type CommandAnswer = { ok: true; result: unknown } | { ok: false; message: string };

/** A request larger than this is not one of ours. */
const MAX_REQUEST_BYTES = 16 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function commandSocketPath(dataDir: string): string {
  return path.join(dataDir, COMMAND_SOCKET);
}

export interface CommandServer {
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR's command socket and answers each request with `handle`'s result, or its error's
 * message. Called by a server that holds DATA_DIR's lock, so a socket file already there is a leftover.
 */
export async function serveCommands(
  dataDir: string,
  handle: (request: CommandRequest) => Promise<unknown>,
): Promise<CommandServer> {
  const socketPath = commandSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    const answer = (reply: CommandAnswer) => {
      socket.removeAllListeners("data");
      socket.end(`${JSON.stringify(reply)}\n`);
    };
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end === -1) {
        if (received.length > MAX_REQUEST_BYTES) answer({ ok: false, message: "Request too large" });
        return;
      }
      const parsed = commandRequest.safeParse(parseJson(received.slice(0, end)));
      if (!parsed.success) return answer({ ok: false, message: "Not a request this server knows" });
      socket.removeAllListeners("data");
      handle(parsed.data).then(
        (result) => answer({ ok: true, result }),
        (error: unknown) =>
          answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  // listen() creates the socket file with the process's umask, at once: closed to all but this user.
  const umask = process.umask(0o177);
  const listening = new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.removeListener("error", reject);
      resolve();
    });
  });
  try {
    server.listen(socketPath);
  } finally {
    process.umask(umask);
  }
  await listening;
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** The server holds DATA_DIR but its socket does not answer (starting, stopping, or a DATA_DIR path too long). */
class ServerUnreachableError extends Error {}

/** Sends one request to the server running on DATA_DIR and returns its result; throws with its message. */
async function askRunningServer(dataDir: string, request: CommandRequest): Promise<unknown> {
  const reply = await new Promise<string>((resolve, reject) => {
    let received = "";
    let connected = false;
    const socket = net.createConnection(commandSocketPath(dataDir));
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => resolve(received));
    socket.on("error", (error) => reject(connected ? error : new ServerUnreachableError(error.message)));
  });
  const answer = parseJson(reply) as CommandAnswer | undefined;
  if (!answer) throw new Error("The running server ended the command without an answer: see its log");
  if (!answer.ok) throw new Error(answer.message);
  return answer.result;
}

/**
 * Runs a command against the configured database: opened here when it is free (PostgreSQL always is),
 * carried out by the server that holds the embedded database when one does. Any other holder is an
 * error that says what to do.
 */
export async function runCommand(config: Config, request: CommandRequest): Promise<unknown> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUseError) || error.holder.owner !== "server") throw error;
    return askRunningServer(config.dataDir, request).catch((askError: unknown) => {
      throw askError instanceof ServerUnreachableError ? error : askError;
    });
  }
  try {
    await migrateDatabase(database);
    return await carryOut(database, createStorage(config), request);
  } finally {
    await database.close();
  }
}

/** What `npm run admin` prints about the account it changed. */
export interface AdminChange {
  id: string;
  email: string;
  fullName: string;
  isAdmin: boolean;
  createdAt: string;
}

/** Carries out one command in the process that holds the database: the server, or the command itself. */
export async function carryOut(
  database: Database,
  storage: FileStorage,
  request: CommandRequest,
): Promise<BackupManifest | AdminChange | null> {
  if (request.command === "backup") return writeBackup(database, storage, request.file);
  const user = await setAdmin(database.db, request.email, request.action === "grant");
  if (!user) return null;
  const { id, email, fullName, isAdmin, createdAt } = user;
  return { id, email, fullName, isAdmin, createdAt: createdAt.toISOString() };
}
