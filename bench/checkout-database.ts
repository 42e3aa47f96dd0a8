// bench/checkout-database: PostgreSQL's CPU per order for a fixed workload, for judging a change to what the
// database does for a checkout on a machine shared with other work (decision 0051). bench/checkout's CPU
// per order moves with how the load happens to batch; here the batches are always the same: waves of
// WAVE checkouts placed together in-process (so the batcher writes them as a few batches), each wave's
// e-mails and texts then sent by one pass of each outbox worker. The CPU of the database's backends is read
// from /proc before and after each phase: PostgreSQL on this machine only.
import { readFile } from "node:fs/promises";
import pg from "pg";
import { createEmailProvider } from "../src/server/adapters/email";
import { createLogSmsProvider } from "../src/server/adapters/sms/log";
import { loadConfig } from "../src/server/config";
import { openPostgres } from "../src/server/db/client";
import { placeOrder } from "../src/server/modules/checkout";
import { EmailOutboxWorker } from "../src/server/modules/email/outbox";
import { SmsOutboxWorker } from "../src/server/modules/sms";
import { round } from "./lib";
import { benchDatabase, seedStore, startServer } from "./support/torg";

const WAVES = Number(process.env.BENCH_WAVES ?? 60);
const WAVE = Number(process.env.BENCH_WAVE ?? 64);
const WARM_UP_WAVES = 5;

/** A process's CPU time so far in seconds (user + system), as bench/support/cpu reads it. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const database = await benchDatabase("postgres");
try {
  // Seeded through the server as bench/checkout seeds (a seller, a store, four products with stock).
  const torg = await startServer({ ...database.env, EMAIL_WORKER: "false", SMS_WORKER: "false" });
  const seeded = await seedStore(torg.url, 3, () => "1000000").finally(() => torg.stop());
  const storeId = seeded.store.id;
  const items = seeded.products.map((product, n) => ({ productId: product.id, qty: n + 1 }));

  const url = database.url ?? "";
  const db = await openPostgres(url, 8);
  const silent = { info() {}, warn() {}, error() {} };
  const config = loadConfig({
    ...process.env,
    SMS_PER_NUMBER_PER_HOUR: "0",
    SMS_PER_STORE_PER_HOUR: "0",
    EMAIL_PER_RECIPIENT_PER_HOUR: "0",
  });
  const email = new EmailOutboxWorker(db, createEmailProvider(config, silent), {
    ...config.email,
    logger: silent,
  });
  const sms = new SmsOutboxWorker(db, createLogSmsProvider(silent), { ...config.sms, logger: silent });

  const meter = new pg.Client({ connectionString: url });
  meter.on("error", () => {});
  await meter.connect();
  const backendCpu = async () => {
    const { rows } = await meter.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    let sum = 0;
    for (const { pid } of rows) sum += await cpuSecondsOf(pid);
    return { sum, backends: rows.length };
  };

  let checkoutCpu = 0;
  let outboxCpu = 0;
  let orders = 0;
  for (let wave = 0; wave < WARM_UP_WAVES + WAVES; wave++) {
    const before = await backendCpu();
    const placed = await Promise.all(
      Array.from({ length: WAVE }, () =>
        placeOrder(
          db,
          {
            storeId,
            buyerEmail: "kunde@example.no",
            shipToName: "Nora Kunde",
            shipToPhone: "+4791234567",
            items,
          },
          crypto.randomUUID(),
          { sms: "https://torg.example", email: "https://torg.example" },
        ),
      ),
    );
    const between = await backendCpu();
    await email.drain();
    await sms.drain();
    const after = await backendCpu();
    if (wave < WARM_UP_WAVES) continue;
    // The pool opens its connections in the warm-up; one opened later would have its time counted wrong.
    if (before.backends !== after.backends) throw new Error("a backend came or went during a wave");
    orders += placed.length;
    checkoutCpu += between.sum - before.sum;
    outboxCpu += after.sum - between.sum;
  }
  await db.close();
  // The backends are gone: their counts are flushed.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { rows: tables } = await meter.query<{
    relname: string;
    seq_tup_read: number;
    n_tup_upd: number;
    n_tup_hot_upd: number;
  }>(
    `select relname, seq_tup_read::int, n_tup_upd::int, n_tup_hot_upd::int from pg_stat_user_tables
     where relname in ('email_outbox', 'sms_outbox') order by relname`,
  );
  await meter.end();
  const us = (seconds: number) => round((seconds * 1e6) / orders, 0);
  process.stdout.write(
    `${orders} orders in waves of ${WAVE}: PostgreSQL CPU per order ${us(checkoutCpu + outboxCpu)} µs ` +
      `(checkout ${us(checkoutCpu)} µs, e-mails and texts ${us(outboxCpu)} µs)\n` +
      tables
        .map(
          (t) =>
            `  ${t.relname}: ${t.n_tup_hot_upd} of ${t.n_tup_upd} updates HOT, ${t.seq_tup_read} rows read by whole-table scans\n`,
        )
        .join(""),
  );
} finally {
  await database.drop();
}
