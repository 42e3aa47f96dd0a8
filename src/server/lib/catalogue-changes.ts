import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../db/client";
import type { MicroCache } from "./micro-cache";

/** The PostgreSQL channel every app server listens on (decision 0038). */
export const CATALOGUE_CHANNEL = "torg_catalogue_changed";
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface CatalogueChanges {
  /** A write shoppers would see happened here: clear this server's public cache and tell the others. */
  changed(): void;
  /** Starts listening for the other servers' changes (PostgreSQL only; resolves once listening). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps the public caches of every app server in agreement (decision 0038). A catalogue write clears
 * the cache of the server that made it at once, and sends `NOTIFY torg_catalogue_changed` with this
 * server's id; every server LISTENs on its own connection and clears its cache when another's id
 * arrives. PostgreSQL delivers a notification to every listening session after the sending statement
 * commits, so a server never clears before the write is visible to its next read; a read already running
 * when the clear comes is served once and not kept (MicroCache's generation). A listener that loses its
 * connection clears its cache when it is back (it may have missed a change) and reconnects with backoff.
 * PGlite is one process: clearing its own cache is all there is to do.
 *
 * Several writes in one tick send one notification.
 */
export function createCatalogueChanges(
  database: Pick<Database, "kind" | "pool">,
  cache: Pick<MicroCache, "clear">,
  options: { logger: Pick<FastifyBaseLogger, "warn" | "info"> },
): CatalogueChanges {
  const serverId = randomUUID();
  const { pool } = database;
  const shared = database.kind === "postgres" && pool !== undefined;
  let pending = false;
  let listener: pg.Client | undefined;
  let stopped = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const notify = () => {
    pending = false;
    pool
      ?.query("select pg_notify($1, $2)", [CATALOGUE_CHANNEL, serverId])
      .catch((error: Error) =>
        options.logger.warn({ err: error }, "Could not tell the other app servers about a catalogue change"),
      );
  };

  async function listen(): Promise<void> {
    // The pool's own settings (address, user, TLS): LISTEN needs a session of its own, outside the pool.
    const client = new pg.Client({ ...pool?.options, connectionTimeoutMillis: 5000 });
    client.on("notification", (message) => {
      if (message.channel === CATALOGUE_CHANNEL && message.payload !== serverId) cache.clear();
    });
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      if (!stopped) scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.connect();
    await client.query(`listen ${CATALOGUE_CHANNEL}`);
    listener = client;
    retryMs = RECONNECT_MIN_MS;
  }

  function scheduleReconnect() {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listen()
        .then(() => {
          // Changes made while this server was not listening were missed: forget what it kept.
          cache.clear();
          options.logger.info("Listening for catalogue changes again");
        })
        .catch((error: Error) => {
          options.logger.warn({ err: error }, "Could not listen for catalogue changes; retrying");
          retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
          if (!stopped) scheduleReconnect();
        });
    }, retryMs);
    retryTimer.unref();
  }

  return {
    changed() {
      cache.clear();
      if (!shared || pending) return;
      pending = true;
      setImmediate(notify);
    },
    async start() {
      if (!shared) return;
      try {
        await listen();
      } catch (error) {
        // The server starts anyway: its own writes still clear its own cache, and it keeps trying.
        options.logger.warn({ err: error }, "Could not listen for catalogue changes; retrying");
        scheduleReconnect();
      }
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
