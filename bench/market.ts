// bench/market: stall sales per second while the web shop sells the same products (decision 0077), on
// PostgreSQL. Two loads run at once against one server: the seller's market screen records cash sales
// (POST /api/stores/{id}/sales, each with its own clientSaleId: two catalogue lines and a free amount),
// and shoppers place web orders (POST /api/orders, each with its own Idempotency-Key) of the same two
// products. Every tenth request of each asks for a scarce product (SCARCE_STOCK pieces) that sells out
// during the run, so the stall and the shop race for its last pieces in the one stock statement; their
// 409 refusals naming it are expected. Afterwards, in the database: every answered sale and order is
// there once, no product sold more than it had, stock equals what it started with less what was sold,
// and the stall's receipt numbers are 1..N without a gap or a repeat.
// Targets: at least 200 stall sales/s and 200 web orders/s at the same time; zero lost, duplicated or
// oversold; receipts gap-free.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openPostgres } from "../src/server/db/client";
import { report, round } from "./lib";
import { load } from "./support/load";
import { benchDatabase, seedStore, startServer } from "./support/torg";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LARGE_STOCK = 1_000_000;
const SCARCE_STOCK = 150;
const TARGET = 200;

type Counted = { ok: Set<string>; soldOut: number; other: Map<number, number> };
const counted = (): Counted => ({ ok: new Set(), soldOut: 0, other: new Map() });

function tally(into: Counted, scarceId: string, status: number, body: string) {
  if (status >= 200 && status < 300) into.ok.add((JSON.parse(body) as { id: string }).id);
  else if (status === 409 && (JSON.parse(body) as { productId?: string }).productId === scarceId)
    into.soldOut++;
  else into.other.set(status, (into.other.get(status) ?? 0) + 1);
}

async function run() {
  const database = await benchDatabase("postgres");
  const torg = await startServer(database.env);
  const stall = counted();
  const web = counted();
  const sentSaleIds = new Set<string>();
  let storeId = "";
  let scarceId = "";
  let everydayIds: string[] = [];
  let loads: Awaited<ReturnType<typeof load>>[] = [];
  try {
    const seeded = await seedStore(torg.url, 3, (n) => String(n < 2 ? LARGE_STOCK : SCARCE_STOCK));
    storeId = seeded.store.id;
    everydayIds = seeded.products.slice(0, 2).map((product) => product.id);
    scarceId = seeded.products[2]?.id ?? "";
    const lines = everydayIds.map((productId, n) => ({ productId, qty: n + 1 }));
    const scarceLine = [{ productId: scarceId, qty: 1 }];
    const saleOf = (items: unknown[]) =>
      JSON.stringify({
        clientSaleId: randomUUID(),
        soldAt: new Date().toISOString(),
        items,
        payment: { method: "cash", amountGiven: "5000" },
      });
    const orderOf = (items: unknown[]) =>
      JSON.stringify({
        storeId,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        items,
      });
    let sales = 0;
    let orders = 0;
    loads = await Promise.all([
      load({
        url: `${torg.url}/api/stores/${storeId}/sales`,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const body = saleOf(
                ++sales % 10 === 0 ? scarceLine : [...lines, { title: "Annet", unitPrice: "250", qty: 1 }],
              );
              sentSaleIds.add((JSON.parse(body) as { clientSaleId: string }).clientSaleId);
              return {
                ...request,
                headers: { "content-type": "application/json", cookie: seeded.cookie },
                body,
              };
            },
            onResponse: (status, body) => tally(stall, scarceId, status, body),
          },
        ],
      }),
      load({
        url: `${torg.url}/api/orders`,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => ({
              ...request,
              headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
              body: orderOf(++orders % 10 === 0 ? scarceLine : lines),
            }),
            onResponse: (status, body) => tally(web, scarceId, status, body),
          },
        ],
      }),
    ]);
  } finally {
    await torg.stop();
  }

  const db = await openPostgres(database.url ?? "", 2);
  const byChannel = await db.db.execute<{ channel: string; n: number; sale_ids: number }>(
    sql`select channel, count(*)::int as n, count(distinct client_sale_id)::int as sale_ids
        from orders where store_id = ${storeId} group by channel`,
  );
  const stock = await db.db.execute<{ id: string; stock_qty: number; sold: number }>(
    sql`select p.id, p.stock_qty, coalesce((select sum(i.qty) from order_items i where i.product_id = p.id), 0)::int as sold
        from products p where p.store_id = ${storeId}`,
  );
  const numbering = await db.db.execute<{
    n: number;
    max: number | null;
    distinct_numbers: number;
    sales: number;
  }>(
    sql`select count(*)::int as n, max(number) as max, count(distinct number)::int as distinct_numbers,
          (select count(*) from orders where store_id = ${storeId} and channel = 'stall' and status = 'paid')::int as sales
        from receipts where store_id = ${storeId} and kind = 'sale'`,
  );
  const ids = await db.db.execute<{ id: string; client_sale_id: string | null }>(
    sql`select id, client_sale_id from orders where store_id = ${storeId}`,
  );
  await db.close();
  await database.drop();

  const stored = new Set(ids.rows.map((row) => row.id));
  const lost = [...stall.ok, ...web.ok].filter((id) => !stored.has(id)).length;
  const unknownSales = ids.rows.filter(
    (row) => row.client_sale_id && !sentSaleIds.has(row.client_sale_id),
  ).length;
  const stallRow = byChannel.rows.find((row) => row.channel === "stall");
  const duplicated = (stallRow ? stallRow.n - stallRow.sale_ids : 0) + unknownSales;
  const initial = (id: string) => (id === scarceId ? SCARCE_STOCK : LARGE_STOCK);
  const oversold = stock.rows.reduce((sum, row) => sum + Math.max(0, row.sold - initial(row.id)), 0);
  const mismatch = stock.rows.filter((row) => row.stock_qty !== initial(row.id) - row.sold).length;
  const scarceSold = stock.rows.find((row) => row.id === scarceId)?.sold ?? 0;
  const receipts = numbering.rows[0];
  const gapFree =
    receipts !== undefined &&
    receipts.n === receipts.sales &&
    receipts.distinct_numbers === receipts.n &&
    Number(receipts.max ?? 0) === receipts.n;
  const stallPerSecond = stall.ok.size / DURATION;
  const webPerSecond = web.ok.size / DURATION;
  const others = (c: Counted) =>
    [...c.other.entries()].map(([status, n]) => `${n} × ${status}`).join(", ") || "none";
  const [stallLoad, webLoad] = loads;
  process.stdout.write(
    `stall: ${stall.ok.size} sales in ${DURATION} s = ${round(stallPerSecond, 0)} sales/s, p50 ${stallLoad?.p50} ms, p99 ${stallLoad?.p99} ms; ${stall.soldOut} × 409 sold out (scarce), other answers ${others(stall)}, errors ${stallLoad?.errors}\n` +
      `web:   ${web.ok.size} orders in ${DURATION} s = ${round(webPerSecond, 0)} orders/s, p50 ${webLoad?.p50} ms, p99 ${webLoad?.p99} ms; ${web.soldOut} × 409 sold out (scarce), other answers ${others(web)}, errors ${webLoad?.errors}\n` +
      `  database: lost ${lost}, duplicated ${duplicated}; scarce product sold ${scarceSold} of ${SCARCE_STOCK}; oversold ${oversold}; stock disagreeing with orders ${mismatch}\n` +
      `  receipts: ${receipts?.n} for ${receipts?.sales} paid stall sales, numbers 1..${receipts?.max ?? 0}, ${receipts?.distinct_numbers} distinct: ${gapFree ? "gap-free" : "GAPS OR REPEATS"}\n`,
  );
  report({
    figure: "stall sales/s (web orders at once, PostgreSQL)",
    value: round(stallPerSecond, 0),
    unit: "sales/s",
    target: "≥ 200",
    ratio: round(stallPerSecond / TARGET, 2),
    ok: stallPerSecond >= TARGET,
  });
  report({
    figure: "web orders/s (stall sales at once, PostgreSQL)",
    value: round(webPerSecond, 0),
    unit: "orders/s",
    target: "≥ 200",
    ratio: round(webPerSecond / TARGET, 2),
    ok: webPerSecond >= TARGET,
  });
  report({
    figure: "stall + web: oversold (stock on)",
    value: oversold,
    unit: "pieces",
    target: "0",
    ok: oversold === 0 && mismatch === 0 && scarceSold === SCARCE_STOCK,
  });
  report({
    figure: "stall + web: lost + duplicated; receipts gap-free",
    value: lost + duplicated + (gapFree ? 0 : 1),
    unit: "faults",
    target: "0",
    ok: lost + duplicated === 0 && gapFree && stall.other.size === 0 && web.other.size === 0,
  });
}

await run();
