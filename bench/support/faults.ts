import { execFile, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type ExpectedOrder, queryRows } from "./reconcile";
import { freePort, type RunningServer } from "./torg";

/**
 * Helpers for bench/faults.test.ts (issue 7): a private PostgreSQL cluster that can be crashed and
 * restarted, fake outside services that fail or hang, a small load that records every answer, and the
 * reconciliation of what clients were told with what PostgreSQL holds.
 */

const execFileAsync = promisify(execFile);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Last-resort cleanup when the test worker ends without its afterAll (a hook timeout, a crash): what
 * these helpers started must not outlive it. Synchronous, as 'exit' handlers must be.
 */
const exitCleanups = new Set<() => void>();
process.once("exit", () => {
  for (const cleanup of exitCleanups) {
    try {
      cleanup();
    } catch {}
  }
});

// ---------------------------------------------------------------------------------------------------
// A private, throw-away PostgreSQL cluster (never the machine's shared one on 5432)

/** The newest Debian PostgreSQL binaries (or POSTGRES_BIN_DIR), or undefined when none are installed. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, "bin")));
  }
  return candidates.find((dir) =>
    ["initdb", "pg_ctl", "postgres"].every((binary) => fs.existsSync(path.join(dir, binary))),
  );
}

export interface PrivatePostgres {
  port: number;
  dir: string;
  url(database?: string): string;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash; recovery replays the WAL. */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** pg_terminate_backend on every connection to `database` but the caller's own. */
  terminateConnections(database: string): Promise<number>;
  query<Row extends pg.QueryResultRow>(sql: string, params?: unknown[], database?: string): Promise<Row[]>;
  /** Stops the cluster (immediately) and removes its folder; never throws. */
  destroy(): Promise<void>;
}

/**
 * initdb + pg_ctl in a temp folder, on a free port, socket in the same folder, trust auth, listening
 * on 127.0.0.1 only. initdb refuses to run as root, so as root every command runs as `postgres`.
 */
export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  const port = await freePort();
  const run = (binary: string, args: string[]) => {
    const file = path.join(binDir, binary);
    return execFileAsync(
      asRoot ? "runuser" : file,
      asRoot ? ["-u", "postgres", "--", file, ...args] : args,
      // cwd: the postgres user may not be allowed into the repository's folder.
      { cwd: dir, timeout: 120_000 },
    );
  };
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c shared_buffers=32MB",
    "-c max_connections=60",
  ].join(" ");
  const start = async () => {
    await run("pg_ctl", ["-D", data, "-l", logFile, "-w", "-t", "90", "-o", serverOptions, "start"]);
  };
  const stopImmediately = async () => {
    await run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "60", "stop"]);
  };
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <Row extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    database?: string,
  ) => {
    const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 5000 });
    client.on("error", () => {});
    await client.connect();
    try {
      return (await client.query<Row>(sql, params)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };

  /** The running postmaster of this cluster, or 0 (a stale pid file never names another process). */
  const postmasterPid = () => {
    const pidFile = path.join(data, "postmaster.pid");
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]) : 0;
    const cmdline = `/proc/${pid}/cmdline`;
    if (!(pid > 0) || !fs.existsSync(cmdline)) return 0;
    return fs.readFileSync(cmdline, "utf8").includes(data) ? pid : 0;
  };
  const cleanupOnExit = () => {
    const pid = postmasterPid();
    // SIGQUIT is PostgreSQL's immediate shutdown.
    if (pid > 0) process.kill(pid, "SIGQUIT");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  exitCleanups.add(cleanupOnExit);

  try {
    await run("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    await start();
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-2000) : "";
    await stopImmediately().catch(() => {});
    exitCleanups.delete(cleanupOnExit);
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`private PostgreSQL did not start: ${(error as Error).message}\n${log}`);
  }

  return {
    port,
    dir,
    url,
    crash: stopImmediately,
    start,
    query,
    async terminateConnections(database) {
      const [row] = await query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [database],
      );
      return row?.n ?? 0;
    },
    async destroy() {
      await stopImmediately().catch(() => {
        // pg_ctl could not stop it: end the postmaster we started, by its own pid.
        const pid = postmasterPid();
        if (pid > 0) {
          try {
            process.kill(pid, "SIGQUIT");
          } catch {}
        }
      });
      exitCleanups.delete(cleanupOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Fake outside services

export type GatewayMode = "ok" | "fail" | "hang";

/**
 * An SMS gateway speaking Torg's HTTP provider protocol (POST {to, from, message}). `decide` gets the
 * attempt number of this very message (1 for its first request) and says whether to accept it (200),
 * fail it (500) or hang (accept the connection and never answer). Counts deliveries per message.
 */
export async function startSmsGateway(decide: (attempt: number) => GatewayMode = () => "ok") {
  const attempts = new Map<string, number>();
  const delivered = new Map<string, number>();
  const counts = { requests: 0, hung: 0, failed: 0 };
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      counts.requests++;
      const body = JSON.parse(raw || "{}") as { to?: string; message?: string };
      const key = `${body.to}|${body.message}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const mode = decide(attempt);
      if (mode === "hang") {
        counts.hung++;
        return;
      }
      if (mode === "fail") {
        counts.failed++;
        response.writeHead(500, { "content-type": "text/plain" }).end("gateway broken");
        return;
      }
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      response.writeHead(200, { "content-type": "application/json" }).end(`{"id":"${randomUUID()}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    attempts,
    delivered,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (a gateway that is down: connections are refused). */
export const closedPort = freePort;

// ---------------------------------------------------------------------------------------------------
// The Torg child process

/** Records when and how the child ended, so a test can say "Torg crashed" instead of timing out. */
export function watchProcess(server: RunningServer) {
  const state: { exited: boolean; code: number | null; signal: NodeJS.Signals | null } = {
    exited: server.process.exitCode !== null || server.process.signalCode !== null,
    code: server.process.exitCode,
    signal: server.process.signalCode,
  };
  server.process.once("exit", (code, signal) => {
    state.exited = true;
    state.code = code;
    state.signal = signal;
  });
  return {
    get alive() {
      return !state.exited;
    },
    describe: () =>
      state.exited ? `Torg exited (code ${state.code}, signal ${state.signal})` : "Torg is running",
  };
}

/** Kills this Torg process if the test worker ends while it still runs (see exitCleanups). */
export function killOnExit(server: RunningServer) {
  exitCleanups.add(() => {
    if (server.process.exitCode === null && server.process.signalCode === null)
      server.process.kill("SIGKILL");
  });
  return server;
}

// ---------------------------------------------------------------------------------------------------
// Timed requests and a load that records every answer

export interface Answer {
  kind: string;
  /** Date.now() when the request was sent. */
  at: number;
  ms: number;
  /** The HTTP status, or what happened instead of an answer. */
  status: number | "network" | "timeout";
  json: boolean;
  message?: string;
  error?: string;
  /** The Idempotency-Key of an order request. */
  key?: string;
}

/** One request with a hard client-side limit; never throws. `body` is the parsed JSON, if any. */
export async function timedRequest(
  kind: string,
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Answer & { body: unknown }> {
  const at = Date.now();
  const started = performance.now();
  const { timeoutMs = 15_000, ...rest } = init;
  try {
    const response = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown;
    let json = false;
    try {
      body = JSON.parse(text);
      json = true;
    } catch {}
    const message = (body as { message?: unknown } | undefined)?.message;
    return {
      kind,
      at,
      ms: performance.now() - started,
      status: response.status,
      json,
      message: typeof message === "string" ? message : undefined,
      body,
    };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind,
      at,
      ms: performance.now() - started,
      status: timedOut ? "timeout" : "network",
      json: false,
      error: cause?.code ?? cause?.message ?? (error as Error).message,
      body: undefined,
    };
  }
}

export interface SeededStore {
  id: string;
  slug: string;
  products: { id: string; basePrice: string }[];
}

const toOre = (price: string) => Math.round(Number(price) * 100);

/**
 * Shoppers placing orders as a careful client would: each order has its own Idempotency-Key, and a
 * 503, a dropped connection or a timeout is retried with the same key until a 2xx; plus a reader of
 * /api/health. Every answer is recorded. `stop()` lets each shopper finish the order it started.
 */
export class FaultLoad {
  readonly answers: Answer[] = [];
  readonly confirmed = new Map<string, ExpectedOrder>();
  readonly keysSent = new Set<string>();
  /** Keys still without a 2xx when `stop()` gave up on them. */
  readonly unresolved: string[] = [];
  /** Answers a shopper cannot retry: a 4xx, or a 2xx without an order in it. */
  readonly refused: string[] = [];
  private stopping = false;
  private giveUpAt = Number.POSITIVE_INFINITY;
  private running: Promise<unknown> | undefined;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly options: {
      baseUrl: () => string;
      store: SeededStore;
      shoppers: number;
      thinkMs: [number, number];
      healthEveryMs?: number;
      requestTimeoutMs?: number;
      retryPauseMs?: number;
    },
  ) {}

  start() {
    this.running = Promise.all([
      ...Array.from({ length: this.options.shoppers }, () => this.shopper()),
      this.healthReader(),
    ]);
  }

  /** No new orders; each shopper keeps retrying the one in hand for at most `finishMs`. Idempotent. */
  stop(finishMs = 20_000): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.giveUpAt = Date.now() + finishMs;
      await this.running;
    })();
    return this.stopped;
  }

  private async request(kind: string, pathname: string, init: RequestInit = {}, key?: string) {
    const answer = await timedRequest(kind, `${this.options.baseUrl()}${pathname}`, {
      ...init,
      timeoutMs: this.options.requestTimeoutMs ?? 15_000,
    });
    const { body: _body, ...recorded } = answer;
    this.answers.push(key ? { ...recorded, key } : recorded);
    return answer;
  }

  private async shopper() {
    const { store, thinkMs } = this.options;
    const priceById = new Map(store.products.map((product) => [product.id, toOre(product.basePrice)]));
    while (!this.stopping) {
      const picks = [...store.products]
        .sort(() => Math.random() - 0.5)
        .slice(0, 1 + Math.floor(Math.random() * 3));
      const items = picks.map((product) => ({
        productId: product.id,
        qty: 1 + Math.floor(Math.random() * 3),
      }));
      const key = randomUUID();
      this.keysSent.add(key);
      const body = JSON.stringify({
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        items,
      });
      for (;;) {
        const answer = await this.request(
          "order",
          "/api/orders",
          { method: "POST", headers: { "content-type": "application/json", "idempotency-key": key }, body },
          key,
        );
        const status = answer.status;
        if (status === 200 || status === 201) {
          const id = (answer.body as { id?: unknown } | undefined)?.id;
          if (typeof id === "string") {
            this.confirmed.set(id, {
              key,
              totalOre: items.reduce((sum, item) => sum + (priceById.get(item.productId) ?? 0) * item.qty, 0),
              lines: items.length,
              qty: items.reduce((sum, item) => sum + item.qty, 0),
            });
          } else this.refused.push(`${status} without an order id`);
          break;
        }
        if (typeof status === "number" && status >= 400 && status < 500) {
          this.refused.push(`${status} ${answer.message ?? ""}`);
          break;
        }
        // 5xx, a dropped connection or a timeout: the same request again, with the same key.
        if (Date.now() > this.giveUpAt) {
          this.unresolved.push(key);
          break;
        }
        await sleep(this.options.retryPauseMs ?? 200);
      }
      await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
    }
  }

  private async healthReader() {
    while (!this.stopping) {
      await this.request("health", "/api/health");
      await sleep(this.options.healthEveryMs ?? 150);
    }
  }
}

/** Counts of answers by kind and status ("order 201", "health 503", "order network"...), for reports. */
export function tally(answers: Answer[]) {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = `${answer.kind} ${answer.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Each of the store's queued SMS with how often it went out (sms_log 'sent'/'logged') and failed. */
export async function smsState(databaseUrl: string, storeId: string) {
  return queryRows<{
    id: string;
    order_id: string;
    purpose: string;
    status: string;
    attempts: number;
    locked_until: Date | null;
    next_attempt_at: Date;
    delivered: number;
    failed: number;
    errors: string[] | null;
  }>(
    databaseUrl,
    `select s.id, s.order_id, s.purpose, s.status, s.attempts, s.locked_until, s.next_attempt_at,
       count(l.id) filter (where l.status in ('sent', 'logged'))::int as delivered,
       count(l.id) filter (where l.status = 'failed')::int as failed,
       array_agg(l.error order by l.attempt) filter (where l.status = 'failed') as errors
     from sms_outbox s join orders o on o.id = s.order_id
     left join sms_log l on l.outbox_id = s.id
     where o.store_id = $1 group by s.id`,
    [storeId],
  );
}

/** Polls `check` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}
