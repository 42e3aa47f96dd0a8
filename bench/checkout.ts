// bench/checkout: orders per second with 3-item orders at 20 connections, on PostgreSQL and on PGlite,
// each request with its own Idempotency-Key; afterwards every 2xx order is looked up in the database.
// Targets: zero lost, zero duplicated; at least 500 orders/s on PostgreSQL.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres } from "../src/server/db/client";
import { report, round } from "./lib";
import { load } from "./support/load";
import { benchDatabase, seedStore, startServer } from "./support/torg";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);

async function run(kind: "postgres" | "pglite") {
  const database = await benchDatabase(kind);
  const torg = await startServer(database.env);
  const confirmed = new Map<string, string>();
  const sentKeys = new Set<string>();
  let result: Awaited<ReturnType<typeof load>>;
  let storeId = "";
  try {
    const { store, products } = await seedStore(torg.url, 3);
    storeId = store.id;
    const body = JSON.stringify({
      storeId: store.id,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      items: products.map((product, n) => ({ productId: product.id, qty: n + 1 })),
    });
    result = await load({
      url: `${torg.url}/api/orders`,
      connections: 20,
      duration: DURATION,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const key = randomUUID();
            sentKeys.add(key);
            return {
              ...request,
              headers: { "content-type": "application/json", "idempotency-key": key },
              body,
            };
          },
          onResponse: (status, responseBody) => {
            if (status >= 200 && status < 300) {
              const order = JSON.parse(responseBody) as { id: string; totalGross: string };
              confirmed.set(order.id, order.totalGross);
            }
          },
        },
      ],
    });
  } finally {
    await torg.stop();
  }

  // Count in the database itself, after the server has stopped.
  const db =
    kind === "postgres"
      ? await openPostgres(database.url ?? "", 2)
      : await openPglite(path.join(database.dir, "pglite"));
  const rows = await db.db.execute<{
    id: string;
    key: string | null;
    total_gross: string;
    items: number;
    qty: number;
  }>(
    sql`select o.id, o.idempotency_key as key, o.total_gross::text as total_gross, count(i.id)::int as items, coalesce(sum(i.qty), 0)::int as qty
        from orders o left join order_items i on i.order_id = o.id where o.store_id = ${storeId} group by o.id`,
  );
  await db.close();
  await database.drop();

  const stored = new Map(rows.rows.map((row) => [row.id, row]));
  const lost = [...confirmed.keys()].filter((id) => !stored.has(id)).length;
  const wrong = [...confirmed.entries()].filter(([id, total]) => {
    const row = stored.get(id);
    return row && (row.total_gross !== total || row.items !== 3 || row.qty !== 6);
  }).length;
  // Orders the database holds for one key more than once, or for a key nobody sent.
  const perKey = new Map<string, number>();
  for (const row of rows.rows) perKey.set(row.key ?? "", (perKey.get(row.key ?? "") ?? 0) + 1);
  const duplicated = [...perKey.entries()].reduce(
    (sum, [key, n]) => sum + (sentKeys.has(key) ? n - 1 : n),
    0,
  );
  // Requests still in flight when the load stopped: committed, but their answer was never read.
  const inFlight = stored.size - confirmed.size - duplicated;
  const ordersPerSecond = confirmed.size / DURATION;
  process.stdout.write(
    `${kind}: ${confirmed.size} orders in ${DURATION} s = ${round(ordersPerSecond, 0)} orders/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}\n  database: ${stored.size} orders; lost ${lost}, duplicated ${duplicated}, wrong totals/items ${wrong}; ${inFlight} committed while the load stopped (answer unread)\n`,
  );
  report({
    figure: `checkout on ${kind === "postgres" ? "PostgreSQL" : "PGlite"}: orders/s`,
    value: round(ordersPerSecond, 0),
    unit: "orders/s",
    ...(kind === "postgres"
      ? { target: "≥ 500", ratio: round(ordersPerSecond / 500, 2), ok: ordersPerSecond >= 500 }
      : {}),
  });
  report({
    figure: `checkout on ${kind === "postgres" ? "PostgreSQL" : "PGlite"}: lost + duplicated + wrong`,
    value: lost + duplicated + wrong,
    unit: "orders",
    target: "0",
    ok: lost + duplicated + wrong === 0 && result.non2xx === 0,
  });
}

await run("postgres");
await run("pglite");
