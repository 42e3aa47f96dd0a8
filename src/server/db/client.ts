import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { type DataDirOwner, lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

/**
 * Both drivers expose the same Drizzle PostgreSQL API; services are typed against one of them so
 * they never care which database they run on (decision 0015).
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The node-postgres pool, when on PostgreSQL. */
  pool?: pg.Pool;
  /**
   * Runs a hot statement as a named prepared statement: PostgreSQL parses and plans it once per
   * connection instead of on every call (for the checkout statement, a large share of its cost).
   */
  runPrepared<Row>(name: string, text: string, params: unknown[]): Promise<Row[]>;
  /**
   * Runs `run` in one transaction on one connection, its statements prepared as runPrepared's: committed
   * when `run` resolves, rolled back when it throws. For hot paths that need several statements atomically
   * without Drizzle's per-statement overhead (the checkout's batches, decision 0043).
   */
  runPreparedTransaction<T>(run: (query: PreparedQuery) => Promise<T>): Promise<T>;
  /** Embedded only: the whole database as a tarball that openPglite can start from (test templates). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** One statement of a runPreparedTransaction. */
export type PreparedQuery = <Row>(name: string, text: string, params: unknown[]) => Promise<Row[]>;

// Money and counts arrive as exact strings; bigint counts are small enough to be numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A dropped connection (database restart, pg_terminate_backend) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on("error", () => {});
  // The pool listens only to idle connections; one checked out (a transaction, or between its
  // statements) that dies would emit 'error' with no listener and end the process. Its pending
  // query fails with the error anyway, and the pool drops it when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    pool,
    async runPrepared<Row>(name: string, text: string, params: unknown[]) {
      const result = await pool.query({ name, text, values: params });
      return result.rows as Row[];
    },
    async runPreparedTransaction<T>(run: (query: PreparedQuery) => Promise<T>) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("begin");
        const result = await run(async <Row>(name: string, text: string, values: unknown[]) => {
          return (await client.query({ name, text, values })).rows as Row[];
        });
        await client.query("commit");
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped rather than handed to the next request.
        await client.query("rollback").catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Embedded PostgreSQL; `dataDir` undefined means in memory (tests), started from the `loadDataDir`
 * snapshot (a `dumpDataDir` tarball) when one is given. Takes no lock on the folder: the
 * server and the commands open it through openDatabase, which does (decision 0059); tests and benches
 * call this directly only when nothing else has the folder open.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // One in-process connection: nothing to name, the statement runs as it is.
    async runPrepared<Row>(_name: string, text: string, params: unknown[]) {
      return (await client.query<Row>(text, params)).rows;
    },
    async runPreparedTransaction<T>(run: (query: PreparedQuery) => Promise<T>) {
      return client.transaction((tx) =>
        run(
          async <Row>(_name: string, text: string, params: unknown[]) =>
            (await tx.query<Row>(text, params)).rows,
        ),
      );
    },
    snapshot: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

/**
 * The database the configuration names: PostgreSQL at `databaseUrl`, else the embedded one in `dataDir`,
 * which this process then holds alone until it closes it (decision 0059): a second process is refused
 * with DataDirInUseError instead of writing beside the first. `owner` says who asks (a server, or a command).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  owner?: DataDirOwner;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  const lock = lockDataDir(options.dataDir, options.owner ?? "command");
  try {
    const database = await openPglite(path.join(options.dataDir, "pglite"));
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
