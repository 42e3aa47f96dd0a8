// bench/payments: checkout with payment creation against the local Vipps fake on loopback (orders/s,
// p99), then every payment approved and its signed AUTHORIZED webhook processed (webhooks/s), on
// PostgreSQL. Afterwards the database is checked: lost 0, paid twice 0, wrong amount 0 (decision 0034).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openPostgres } from "../src/server/db/client";
import { startFakeVipps } from "../src/server/test/fakes/vipps";
import { toOre } from "../src/shared/money";
import { report, round } from "./lib";
import { load } from "./support/load";
import { benchDatabase, seedStore, startServer } from "./support/torg";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WEBHOOK_CONCURRENCY = 20;

const vipps = await startFakeVipps({ deliver: false });
const database = await benchDatabase("postgres");
const torg = await startServer({
  ...database.env,
  VIPPS_API_URL: vipps.url,
  VIPPS_CLIENT_ID: vipps.keys.clientId,
  VIPPS_CLIENT_SECRET: vipps.keys.clientSecret,
  VIPPS_SUBSCRIPTION_KEY: vipps.keys.subscriptionKey,
  // The worker would read the same payments the webhooks settle; this measures the webhooks alone.
  PAYMENT_POLL_SECONDS: "0",
});
const confirmed = new Map<string, string>();
let storeId = "";
let checkout: Awaited<ReturnType<typeof load>>;
let webhookSeconds = 0;
let webhooksFailed = 0;
let firstRefusal = "";
let references: string[] = [];
try {
  const { store, products, cookie } = await seedStore(torg.url, 3);
  storeId = store.id;
  const channel = await fetch(`${torg.url}/api/stores/${store.id}/payment-channels`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({
      provider: "vipps",
      externalId: "123456",
      isLive: true,
      expectedUpdatedAt: null,
      currentPassword: "bench-password",
    }),
  });
  if (channel.status !== 201) throw new Error(`channel: ${channel.status}`);
  // Pieces made from a photo start with one in stock (decision 0032): these are made to order.
  const seeding = await openPostgres(database.url ?? "", 1);
  await seeding.db.execute(sql`update products set stock_qty = null where store_id = ${store.id}`);
  await seeding.close();
  const body = JSON.stringify({
    storeId: store.id,
    buyerEmail: "kunde@example.no",
    shipToName: "Nora Kunde",
    shipToPhone: "+47 912 34 567",
    items: products.map((product, n) => ({ productId: product.id, qty: n + 1 })),
    paymentProvider: "vipps",
  });
  checkout = await load({
    url: `${torg.url}/api/orders`,
    connections: 20,
    duration: DURATION,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
          body,
        }),
        onResponse: (status, responseBody) => {
          if (status !== 201) {
            if (!firstRefusal) firstRefusal = `${status} ${responseBody.slice(0, 200)}`;
            return;
          }
          const order = JSON.parse(responseBody) as { id: string; payment?: { redirectUrl?: string } };
          if (order.payment?.redirectUrl) confirmed.set(order.id, order.payment.redirectUrl);
        },
      },
    ],
  });

  // Every shopper approves in the app; the fake POSTs the signed webhook to Torg and waits for its answer.
  for (const message of vipps.sent) message.delivered ??= 0; // the CREATED events: not measured
  vipps.control.deliver = true;
  // Only the orders whose answer was read: the shopper was sent to Vipps.
  references = [...confirmed.values()].map((url) => new URL(url).searchParams.get("token") ?? "");
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WEBHOOK_CONCURRENCY }, async () => {
      while (next < references.length) {
        const reference = references[next++];
        if (reference) await vipps.approve(reference);
      }
    }),
  );
  webhookSeconds = (performance.now() - started) / 1000;
  webhooksFailed = vipps.sent.filter(
    (message) => message.delivered !== 0 && message.delivered !== 200,
  ).length;
} finally {
  await torg.stop();
  await vipps.close();
}

const db = await openPostgres(database.url ?? "", 2);
const rows = await db.db.execute<{
  id: string;
  status: string;
  total_gross: string;
  attempts: number;
  paid_attempts: number;
  amount: string | null;
  reference: string | null;
}>(
  sql`select o.id, o.status, o.total_gross::text as total_gross,
        count(p.id)::int as attempts,
        count(p.id) filter (where p.status in ('authorized', 'captured'))::int as paid_attempts,
        max(p.amount)::text as amount, max(p.reference) as reference
      from orders o left join payments p on p.order_id = o.id
      where o.store_id = ${storeId} group by o.id`,
);
await db.close();
await database.drop();

const stored = new Map(rows.rows.map((row) => [row.id, row]));
// Lost: a 201 with a payment whose order or payment is missing, or an approved payment not paid.
const lost = [...confirmed.keys()].filter((id) => {
  const row = stored.get(id);
  return !row || row.attempts === 0 || row.status !== "paid";
}).length;
const paidTwice = rows.rows.filter((row) => row.paid_attempts > 1).length;
const wrongAmount = rows.rows.filter((row) => {
  const fake = row.reference ? vipps.payment(row.reference) : undefined;
  return (
    row.amount !== row.total_gross ||
    !fake ||
    fake.amount.value !== toOre(row.total_gross) ||
    // The shopper approved it (every order whose answer was read): the provider holds exactly the total.
    (confirmed.has(row.id) && fake.aggregate.authorizedAmount.value !== toOre(row.total_gross))
  );
}).length;
// Orders committed while the load stopped (their answer never read, so never approved): left pending.
const inFlight = rows.rows.filter((row) => !confirmed.has(row.id)).length;
const ordersPerSecond = confirmed.size / DURATION;
const webhooks = references.length;
const webhooksPerSecond = webhookSeconds > 0 ? webhooks / webhookSeconds : 0;
process.stdout.write(
  `checkout with Vipps payment: ${confirmed.size} orders in ${DURATION} s = ${round(ordersPerSecond, 0)} orders/s, ` +
    `p50 ${checkout.p50} ms, p99 ${checkout.p99} ms, non-2xx ${checkout.non2xx}, errors ${checkout.errors}\n` +
    `webhooks: ${webhooks} AUTHORIZED in ${round(webhookSeconds, 2)} s = ${round(webhooksPerSecond, 0)} webhooks/s ` +
    `(${WEBHOOK_CONCURRENCY} at a time), ${webhooksFailed} not answered 200\n` +
    `database: ${stored.size} orders (${inFlight} committed while the load stopped, answer unread, left unpaid); ` +
    `lost ${lost}, paid twice ${paidTwice}, wrong amount ${wrongAmount}\n` +
    (firstRefusal ? `first refusal: ${firstRefusal}\n` : ""),
);
report({
  figure: "checkout with payment creation (PostgreSQL): orders/s",
  value: round(ordersPerSecond, 0),
  unit: "orders/s",
});
report({ figure: "checkout with payment creation: p99", value: checkout.p99, unit: "ms" });
report({ figure: "payment webhooks processed", value: round(webhooksPerSecond, 0), unit: "webhooks/s" });
report({
  figure: "payments: lost + paid twice + wrong amount",
  value: lost + paidTwice + wrongAmount,
  unit: "orders",
  target: "0",
  ok: lost + paidTwice + wrongAmount === 0 && checkout.non2xx === 0 && webhooksFailed === 0,
});
